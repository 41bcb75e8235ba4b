import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { areaEndpoints, FRAME_SIZE_IDS, type FaceLooks, type FrameSizeResult } from '@eyewear/api-client';
import { type FrameSizeClass } from '@eyewear/face/sizes';
import { type Database } from '../../db/database';
import { setCookie } from '../../http/cookies';
import { route } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { acceptMultipart, uploadOf } from '../../http/multipart';
import { currentSession } from '../../http/session';
import { frameSizeFor } from './face-width';
import { frameSizeFromLandmarks } from './face-measure';
import { decodePng } from './png';

export const ONE_OF_FACE_OR_PHOTO = 'Please measure your face again.';

/**
 * Set (not httpOnly, a year) once a shopper's size is measured from their face outside a store: the
 * listing asks GET /v2/frame-size/latest only when it is there (or the shopper is signed in), so
 * the shoppers who never measured send no request for it.
 */
export const MEASURED_COOKIE = 'frameSizeMeasured';
const MEASURED_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Frame size (issue 43): from the face's landmarks the browser found (`face`: several looks and
 * the photo's size; no photo is sent), measured with a real scale (face-measure.ts). A PNG photo
 * (`file`) is the previous release's page, still measured by the older skin-pixel rule
 * (face-width.ts, answered `by: 'photo'`) until no page of that release runs; the photo is not kept.
 */
export function frameSizeRoutes(app: FastifyInstance, rootDb: Database) {
  app.register(async (scope) => {
    acceptMultipart(scope, rootDb);

    async function measure(
      db: Database,
      request: FastifyRequest,
      reply: FastifyReply,
      body: { face?: FaceLooks; file?: unknown },
      extra: { storeCode?: string; phone?: string },
    ) {
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
      if (size.by !== 'photo' && !extra.storeCode) setCookie(request, reply, MEASURED_COOKIE, '1', { maxAgeSeconds: MEASURED_COOKIE_SECONDS, httpOnly: false });
      return { result: size };
    }

    // The shopper's own latest measure from the face: the customer's from any of their sessions,
    // else this session's; never the skin rule's ('photo'), nor one taken on a store's device.
    route(scope, areaEndpoints.faceProfiles.measuredFrameSize, async ({ request, db }) => {
      const session = await currentSession(db, request);
      if (!session) return { result: { measured: false } };
      const [row] = await db.query<{ frame_size: FrameSizeClass; also_fits: FrameSizeClass | null; face_width_mm: number; created_at: Date | string }>(
        `select frame_size, also_fits, face_width_mm, created_at from product_frame_size_measurements
          where measured_by <> 'photo' and store_code is null
            and (($1::integer is not null and customer_id = $1) or session_id = $2)
          order by created_at desc, id desc limit 1`,
        [session.customer_id, session.id],
      );
      if (!row) return { result: { measured: false } };
      return {
        result: {
          measured: true,
          frameSize: row.frame_size,
          frameSizeId: FRAME_SIZE_IDS[row.frame_size],
          ...(row.also_fits ? { alsoFits: row.also_fits } : {}),
          faceWidthMm: row.face_width_mm,
          measuredAt: new Date(row.created_at).toISOString(),
        },
      };
    });
    route(scope, areaEndpoints.faceProfiles.frameSize, ({ query, body, request, reply, db }) => measure(db, request, reply, body, { phone: query.phone }));
    route(scope, areaEndpoints.faceProfiles.storeFrameSize, ({ body, request, reply, db }) => measure(db, request, reply, body, { storeCode: body.storeCode }));
  });
}
