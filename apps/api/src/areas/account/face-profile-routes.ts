import { createHmac, randomBytes } from 'node:crypto';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { areaEndpoints, type FaceOnPhoto, type FaceProfile } from '@eyewear/api-client';
import { faceProblems } from '@eyewear/face/problems';

const faceProfileEndpoints = areaEndpoints.faceProfiles;
import { type Database } from '../../db/database';
import { setCookie } from '../../http/cookies';
import { badRequest, notFound } from '../../http/errors';
import { route } from '../../http/endpoint';
import { requireSession, type SessionRow } from '../../http/session';
import { faceProblemError } from '../product/face-measure';
import { requireCustomer } from './auth-routes';
import { FACE_IMAGE_CSP, faceImageSvg } from './face-image';
import { deleteFile, readOwnedFile, storeFile } from './files';
import { DITTO_GUEST_COOKIE } from './login';
import { uploadOf } from '../../http/multipart';
import { deliver } from './outbox';

/** account §9: face-profile cookies live 45 days. */
export const FACE_COOKIE_SECONDS = 45 * 24 * 60 * 60;
const SIGNING_SECRET = process.env.FACE_PROFILE_SECRET ?? randomBytes(32).toString('hex');

interface ProfileRow {
  ditto_id: string;
  customer_id: number | null;
  first_name: string;
  last_name: string | null;
  image_file: string | null;
  is_default: boolean;
  saved: boolean;
  landmarks: unknown;
  created_at: Date | string;
}

/**
 * Landmarks a profile may keep: the browser found a face it can fit a frame on (@eyewear/face
 * faceProblems: a face, large enough, not turned past 20°). The browser checks the same before it
 * sends them; a client that sends others is answered with the message the shopper reads (422).
 */
function checkedFace(face: FaceOnPhoto | undefined): FaceOnPhoto | undefined {
  if (!face) return undefined;
  const [problem] = faceProblems(face.landmarks, face.imageSize);
  if (problem) throw faceProblemError(problem);
  return face;
}

const present = (row: ProfileRow): FaceProfile => ({
  dittoId: row.ditto_id,
  name: { first: row.first_name, last: row.last_name ?? undefined },
  isGuest: row.customer_id === null,
  saved: row.saved,
  isDefault: row.is_default,
  imageId: row.image_file ?? undefined,
  hasLandmarks: row.landmarks !== null && row.landmarks !== undefined,
  createdAt: new Date(row.created_at).toISOString(),
});

export function faceProfileRoutes(app: FastifyInstance, _db: Database) {
  /** A profile the session may use: the customer's, or the guest session's own. */
  async function owned(db: Database, session: SessionRow, dittoId: string) {
    const [row] = await db.query<ProfileRow>(
      `select * from account_face_profiles where ditto_id = $1
       and ((customer_id is not null and customer_id = $2) or (customer_id is null and session_id = $3))`,
      [dittoId, session.customer_id, session.id],
    );
    if (!row) throw notFound('No such face profile');
    return row;
  }
  const sessionOf = (db: Database, request: FastifyRequest) => requireSession(db, request);

  route(app, faceProfileEndpoints.list, async ({ request, db }) => {
    const { customerId } = await requireCustomer(db, request);
    const rows = await db.query<ProfileRow>('select * from account_face_profiles where customer_id = $1 order by is_default desc, created_at desc', [
      customerId,
    ]);
    return { result: { profiles: rows.map(present), defaultDittoId: rows.find((r) => r.is_default)?.ditto_id } };
  });

  route(app, faceProfileEndpoints.create, async ({ body, request, reply, db }) => {
    const session = await sessionOf(db, request);
    const upload = uploadOf(request);
    if (!['image/jpeg', 'image/png', 'image/webp'].includes(upload.mimetype)) throw badRequest('Please upload a photo (JPEG, PNG or WEBP)', 'file');
    const face = checkedFace(body.face);
    const dittoId = randomBytes(16).toString('hex');
    const row = await db.transaction(async (tx) => {
      const imageFile = await storeFile(tx, request, session, upload, 'face');
      const customer = session.customer_id;
      const [{ count } = { count: 0 }] = customer
        ? await tx.query<{ count: number }>('select count(*)::int as count from account_face_profiles where customer_id = $1', [customer])
        : [{ count: 0 }];
      const makeDefault = customer !== null && (body.isDefault === true || count === 0);
      if (makeDefault) await tx.query('update account_face_profiles set is_default = false where customer_id = $1', [customer]);
      const [created] = await tx.query<ProfileRow>(
        `insert into account_face_profiles (ditto_id, customer_id, session_id, first_name, last_name, image_file, is_default, saved,
           landmarks, landmarks_image_width, landmarks_image_height)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
        [
          dittoId,
          customer,
          customer === null ? session.id : null,
          body.firstName,
          body.lastName ?? null,
          imageFile,
          makeDefault,
          customer !== null,
          face ? JSON.stringify(face.landmarks) : null,
          face?.imageSize.width ?? null,
          face?.imageSize.height ?? null,
        ],
      );
      return created!;
    });
    if (session.customer_id === null) setCookie(request, reply, DITTO_GUEST_COOKIE, dittoId, { maxAgeSeconds: FACE_COOKIE_SECONDS, httpOnly: false });
    setCookie(request, reply, 'isDittoID', '1', { maxAgeSeconds: FACE_COOKIE_SECONDS, httpOnly: false });
    return { result: present(row) };
  });

  route(app, faceProfileEndpoints.update, async ({ params, body, request, db }) => {
    const { session } = await requireCustomer(db, request);
    const row = await owned(db, session, params.dittoId);
    const face = checkedFace(body.face);
    const updated = await db.transaction(async (tx) => {
      if (body.isDefault === true) await tx.query('update account_face_profiles set is_default = false where customer_id = $1', [session.customer_id]);
      const [next] = await tx.query<ProfileRow>(
        `update account_face_profiles set first_name = coalesce($2, first_name), last_name = coalesce($3, last_name),
           is_default = coalesce($4, is_default), landmarks = coalesce($5::jsonb, landmarks),
           landmarks_image_width = coalesce($6, landmarks_image_width), landmarks_image_height = coalesce($7, landmarks_image_height)
         where ditto_id = $1 returning *`,
        [
          row.ditto_id,
          body.name?.first ?? null,
          body.name?.last ?? null,
          body.isDefault ?? null,
          face ? JSON.stringify(face.landmarks) : null,
          face?.imageSize.width ?? null,
          face?.imageSize.height ?? null,
        ],
      );
      return next!;
    });
    return { result: present(updated) };
  });

  // The profile, its landmarks and its photo (the row and the stored object) go at once; a guest
  // may delete their own too (issue 43: what we keep of a face, the shopper can remove).
  route(app, faceProfileEndpoints.remove, async ({ params, request, db }) => {
    const session = await sessionOf(db, request);
    const row = await owned(db, session, params.dittoId);
    await db.transaction(async (tx) => {
      await tx.query('delete from account_face_profiles where ditto_id = $1', [row.ditto_id]);
      if (row.image_file) await deleteFile(tx, request, row.image_file);
      if (row.is_default && session.customer_id !== null) {
        await tx.query(
          `update account_face_profiles set is_default = true where ditto_id = (select ditto_id from account_face_profiles where customer_id = $1 order by created_at desc limit 1)`,
          [session.customer_id],
        );
      }
    });
    return { result: { success: true } };
  });

  /** At login the shopper's guest profile (dittoGuestId) becomes a saved profile of theirs. */
  async function claim(db: Database, request: FastifyRequest, dittoId: string) {
    const { customerId } = await requireCustomer(db, request);
    const [row] = await db.query<ProfileRow>(`update account_face_profiles set saved = true where ditto_id = $1 and customer_id = $2 returning *`, [
      dittoId,
      customerId,
    ]);
    if (!row) throw notFound('No such face profile');
    return { result: present(row) };
  }
  route(app, faceProfileEndpoints.add, async ({ body, request, db }) => claim(db, request, body.dittoId));
  route(app, faceProfileEndpoints.saveUpdate, async ({ body, request, db }) => claim(db, request, body.dittoId));

  route(app, faceProfileEndpoints.auth, async ({ params, request, db }) => {
    const row = await owned(db, await sessionOf(db, request), params.dittoId);
    const accessCode = randomBytes(12).toString('hex');
    return { result: { accessCode, signature: createHmac('sha256', SIGNING_SECRET).update(`${row.ditto_id}:${accessCode}`).digest('hex') } };
  });

  route(app, faceProfileEndpoints.frontalImage, async ({ params, request, reply, db }) => {
    const session = await sessionOf(db, request);
    const row = await owned(db, session, params.dittoId);
    if (!row.image_file) throw notFound('This profile has no image');
    const file = await readOwnedFile(db, request, session, row.image_file);
    // account §9: the face image is 300x240, whatever size the photo was taken at.
    reply.header('content-type', 'image/svg+xml');
    reply.header('content-security-policy', FACE_IMAGE_CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'private, max-age=3600');
    return reply.send(faceImageSvg(file));
  });

  route(app, faceProfileEndpoints.emailImage, async ({ body, request, db }) => {
    const row = await owned(db, await sessionOf(db, request), body.dittoId);
    await deliver(db, {
      channel: 'email',
      to: body.email,
      subject: 'Your try-on look',
      body: `Here is your try-on look with profile ${row.first_name}${body.productId ? ` and product ${body.productId}` : ''}.`,
    });
    return { result: { success: true } };
  });
}
