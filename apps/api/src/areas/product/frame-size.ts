import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { acceptMultipart, uploadOf } from '../../http/multipart';
import { currentSession } from '../../http/session';
import { frameSizeFor } from './face-width';
import { decodePng } from './png';

/** Frame size from a face photo (see face-width.ts for the measure); the photo is not kept. */
export function frameSizeRoutes(app: FastifyInstance, rootDb: Database) {
  app.register(async (scope) => {
    acceptMultipart(scope, rootDb);

    async function measure(db: Database, request: FastifyRequest, extra: { storeCode?: string; phone?: string }) {
      const size = frameSizeFor(decodePng(uploadOf(request, 'file', 'Please choose a photo.').data));
      const session = await currentSession(db, request);
      await db.query(
        `insert into product_frame_size_measurements (session_id, customer_id, store_code, phone, face_width_ratio, face_width_mm, frame_size)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [session?.id ?? null, session?.customer_id ?? null, extra.storeCode ?? null, extra.phone ?? null, size.ratio, size.faceWidthMm, size.frameSize],
      );
      const { ratio: _ratio, ...result } = size;
      return { result };
    }

    route(scope, areaEndpoints.faceProfiles.frameSize, ({ query, request, db }) => measure(db, request, { phone: query.phone }));
    route(scope, areaEndpoints.faceProfiles.storeFrameSize, ({ body, request, db }) => measure(db, request, { storeCode: body.storeCode }));
  });
}
