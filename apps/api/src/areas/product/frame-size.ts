import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { areaEndpoints, type FaceLooks, type FrameSizeResult } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { acceptMultipart, uploadOf } from '../../http/multipart';
import { currentSession } from '../../http/session';
import { frameSizeFor } from './face-width';
import { frameSizeFromLandmarks } from './face-measure';
import { decodePng } from './png';

export const ONE_OF_FACE_OR_PHOTO = 'Please measure your face again.';

/**
 * Frame size (issue 43): from the face's landmarks the browser found (`face`: several looks and
 * the photo's size; no photo is sent), measured with a real scale (face-measure.ts). A PNG photo
 * (`file`) is the previous release's page, still measured by the older skin-pixel rule
 * (face-width.ts, answered `by: 'photo'`) until no page of that release runs; the photo is not kept.
 */
export function frameSizeRoutes(app: FastifyInstance, rootDb: Database) {
  app.register(async (scope) => {
    acceptMultipart(scope, rootDb);

    async function measure(db: Database, request: FastifyRequest, body: { face?: FaceLooks; file?: unknown }, extra: { storeCode?: string; phone?: string }) {
      if ((body.face === undefined) === (body.file === undefined)) throw badRequest(ONE_OF_FACE_OR_PHOTO, 'face');
      let size: FrameSizeResult & { faceWidthMm: number; by: NonNullable<FrameSizeResult['by']> };
      let ratio: number | null = null;
      if (body.face) {
        size = frameSizeFromLandmarks(body.face);
      } else {
        const { ratio: skinRatio, faceWidthMm, ...bySkin } = frameSizeFor(decodePng(uploadOf(request, 'file', 'Please choose a photo.').data));
        ratio = skinRatio;
        size = { ...bySkin, faceWidthMm: faceWidthMm ?? 0, by: 'photo' };
      }
      const session = await currentSession(db, request);
      await db.query(
        `insert into product_frame_size_measurements (session_id, customer_id, store_code, phone, face_width_ratio, face_width_mm, frame_size, measured_by, also_fits)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          session?.id ?? null,
          session?.customer_id ?? null,
          extra.storeCode ?? null,
          extra.phone ?? null,
          ratio,
          size.faceWidthMm,
          size.frameSize,
          size.by,
          size.alsoFits ?? null,
        ],
      );
      return { result: size };
    }

    route(scope, areaEndpoints.faceProfiles.frameSize, ({ query, body, request, db }) => measure(db, request, body, { phone: query.phone }));
    route(scope, areaEndpoints.faceProfiles.storeFrameSize, ({ body, request, db }) => measure(db, request, body, { storeCode: body.storeCode }));
  });
}
