import { createCipheriv, randomBytes } from 'node:crypto';
import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { badRequest, notFound } from '../../http/errors';
import { uploadOf } from '../../http/multipart';
import { requireSession } from '../../http/session';
import { requireCustomer } from './auth-routes';
import { deleteFile, storeFile } from './files';

const faceProfiles = areaEndpoints.faceProfiles;

/** The try-on service's key for session tokens (AES-256-GCM); per process unless configured. */
const SESSION_KEY = process.env.TRY_ON_SESSION_KEY ? Buffer.from(process.env.TRY_ON_SESSION_KEY, 'hex') : randomBytes(32);
const PHOTOS = ['image/jpeg', 'image/png', 'image/webp'];

/** The session id, encrypted for the try-on service: iv.ciphertext.tag, base64url. */
export function encryptSessionToken(sessionId: string, key: Buffer = SESSION_KEY): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(sessionId, 'utf8'), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
}

/**
 * The rest of account §7 Face profiles: try-on photo uploads, a profile's stored image by the
 * 14-character ditto prefix (account §9), the customer's cygnus profile link, and the encrypted session
 * token the try-on service reads. Every object is the caller's own, else 404.
 */
export function cygnusRoutes(app: FastifyInstance, _db: Database) {
  const photoOf = (request: Parameters<typeof uploadOf>[0]) => {
    const upload = uploadOf(request);
    if (!PHOTOS.includes(upload.mimetype)) throw badRequest('Please upload a photo (JPEG, PNG or WEBP)', 'file');
    return upload;
  };

  route(app, faceProfiles.uploadImage, async ({ request, db }) => {
    const session = await requireSession(db, request);
    return { result: { id: await storeFile(db, request, session, photoOf(request), 'tryon') } };
  });

  route(app, faceProfiles.storeImage, async ({ params, request, db }) => {
    const session = await requireSession(db, request);
    const [profile] = await db.query<{ ditto_id: string; image_file: string | null }>(
      `select ditto_id, image_file from account_face_profiles where left(ditto_id, 14) = $1
       and ((customer_id is not null and customer_id = $2) or (customer_id is null and session_id = $3)) order by created_at desc limit 1`,
      [params.dittoPrefix, session.customer_id, session.id],
    );
    if (!profile) throw notFound('No such face profile');
    const upload = photoOf(request);
    const id = await db.transaction(async (tx) => {
      const fileName = await storeFile(tx, request, session, upload, 'face');
      await tx.query('update account_face_profiles set image_file = $2 where ditto_id = $1', [profile.ditto_id, fileName]);
      if (profile.image_file) await deleteFile(tx, request, profile.image_file);
      return fileName;
    });
    return { result: { id } };
  });

  route(app, faceProfiles.cygnusUpdate, async ({ params, request, db }) => {
    const { customerId } = await requireCustomer(db, request);
    // A cygnus profile linked to another customer is not the caller's to take.
    const [taken] = await db.query('select 1 from customers where cygnus_id = $1 and id <> $2', [params.cygnusId, customerId]);
    if (taken) throw notFound('No such cygnus profile');
    await db.query('update customers set cygnus_id = $2 where id = $1', [customerId, params.cygnusId]);
    return { result: { cygnusId: params.cygnusId, customerId } };
  });

  /** By the caller's customer id or cygnus id only. */
  route(app, faceProfiles.cygnusProfile, async ({ query, request, db }) => {
    const { customerId } = await requireCustomer(db, request);
    const [row] = await db.query<{ cygnus_id: string | null }>('select cygnus_id from customers where id = $1', [customerId]);
    const wanted = query['customer-identifier'];
    if (!row?.cygnus_id || (wanted !== String(customerId) && wanted !== row.cygnus_id)) throw notFound('No such cygnus profile');
    return { result: { cygnusId: row.cygnus_id, customerId } };
  });

  route(app, faceProfiles.cygnusDelete, async ({ request, db }) => {
    const { customerId } = await requireCustomer(db, request);
    const cleared = await db.query('update customers set cygnus_id = null where id = $1 and cygnus_id is not null returning id', [customerId]);
    if (cleared.length === 0) throw notFound('No such cygnus profile');
    return { result: { success: true } };
  });

  /** account §5: needs an existing session (401 without one). */
  route(app, faceProfiles.encryptSession, async ({ request, db }) => {
    const session = await requireSession(db, request);
    return { result: { encrypted_session_token: encryptSessionToken(session.id) } };
  });
}
