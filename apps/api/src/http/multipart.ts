import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type Database } from '../db/database';
import { badRequest, HttpError } from './errors';
import { currentSession, type SessionRow } from './session';

/** A file part of a multipart body, with its bytes. */
export interface Upload {
  filename: string;
  mimetype: string;
  size: number;
  data: Buffer;
}

/** What the contract checks: text fields as strings, file parts described without their bytes. */
export type MultipartFields = Record<string, string | Omit<Upload, 'data'>>;

/**
 * The largest multipart body taken: the contract allows 10 MB a file (a phone photo of a face
 * or a prescription); the rest is room for the other fields and the boundaries.
 */
export const UPLOAD_LIMIT_BYTES = 11 * 1024 * 1024;

/**
 * Parses a multipart/form-data body (RFC 7578) with the platform's own parser (undici's
 * Response.formData): text fields as strings; file parts described in `fields`, their bytes
 * in `files`. A body that cannot be read is a 400.
 */
export async function parseMultipart(raw: Buffer, contentType: string): Promise<{ fields: MultipartFields; files: Map<string, Upload> }> {
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('The upload could not be read', 'body');
  }
  const fields: MultipartFields = {};
  const files = new Map<string, Upload>();
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') {
      fields[key] = value;
    } else {
      const data = Buffer.from(await value.arrayBuffer());
      const part = { filename: value.name || 'upload', mimetype: value.type || 'application/octet-stream', size: data.length };
      fields[key] = part;
      files.set(key, { ...part, data });
    }
  }
  return { fields, files };
}

const uploads = new WeakMap<FastifyRequest, Map<string, Upload>>();

/** The bytes of a file part of this request (the contract's body only describes the part). */
export function uploadOf(request: FastifyRequest, field = 'file', message = `${field}: a file is required`): Upload {
  const upload = uploads.get(request)?.get(field);
  if (!upload) throw badRequest(message, field);
  return upload;
}

/**
 * What a shopper who is not signed in may upload per UTC day: 10 files and 20 MB in all, per
 * session (or per client address for a request without a session). Enough for a prescription,
 * a PD photo and a few try-on photos; signing in gives a customer their own, larger bound.
 */
export const ANONYMOUS_UPLOAD_FILES_PER_DAY = 10;
export const ANONYMOUS_UPLOAD_BYTES_PER_DAY = 20 * 1024 * 1024;
export const UPLOAD_QUOTA_MESSAGE = 'You have uploaded as many files as we take today without signing in. Sign in to upload more, or try again tomorrow.';

/** A signed-in customer, per UTC day (whichever of their sessions uploads): prescriptions, photos of returns and try-on photos for a family. */
export const CUSTOMER_UPLOAD_FILES_PER_DAY = 40;
export const CUSTOMER_UPLOAD_BYTES_PER_DAY = 100 * 1024 * 1024;
export const CUSTOMER_UPLOAD_QUOTA_MESSAGE = 'You have uploaded as many files as we take in a day. Please try again tomorrow.';

/**
 * One client address (request.ip), per UTC day, whoever uploads from it (issue 40: sessions are
 * free, so fresh guest sessions from one address took 40 files and 80 MB in seconds). Higher than
 * a session's bound, since a shop, an office or a carrier's NAT puts many customers behind one
 * address; signing in does not lift it.
 */
export const CLIENT_UPLOAD_FILES_PER_DAY = 100;
export const CLIENT_UPLOAD_BYTES_PER_DAY = 250 * 1024 * 1024;
export const CLIENT_UPLOAD_QUOTA_MESSAGE = 'Too many files have been uploaded from your network today. Please try again tomorrow.';

const secondsToUtcMidnight = () => {
  const now = new Date();
  return Math.max(1, Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000));
};

interface UploadBound {
  subject: string;
  files: number;
  bytes: number;
  message: string;
}

/** The day's bounds an upload counts against: the shopper's (session, customer, or the address without a session), then the client address's. */
function uploadBounds(session: SessionRow | null, address: string): UploadBound[] {
  const client = address || 'unknown';
  const shopper: UploadBound =
    session && session.customer_id !== null
      ? {
          subject: `customer:${session.customer_id}`,
          files: CUSTOMER_UPLOAD_FILES_PER_DAY,
          bytes: CUSTOMER_UPLOAD_BYTES_PER_DAY,
          message: CUSTOMER_UPLOAD_QUOTA_MESSAGE,
        }
      : {
          subject: session ? `session:${session.id}` : `address:${client}`,
          files: ANONYMOUS_UPLOAD_FILES_PER_DAY,
          bytes: ANONYMOUS_UPLOAD_BYTES_PER_DAY,
          message: UPLOAD_QUOTA_MESSAGE,
        };
  return [
    shopper,
    { subject: `client:${client}`, files: CLIENT_UPLOAD_FILES_PER_DAY, bytes: CLIENT_UPLOAD_BYTES_PER_DAY, message: CLIENT_UPLOAD_QUOTA_MESSAGE },
  ];
}

/**
 * Counts this request's file parts against the day's bounds (upload_quota, one row per subject
 * and day, each raised by one conditional upsert so parallel uploads cannot overshoot; when a
 * later bound refuses, what the earlier ones took is given back); beyond one, 429 with
 * Retry-After and that bound's message. Attempts count, whether or not the handler keeps the file.
 */
async function countUpload(db: Database, request: FastifyRequest): Promise<void> {
  const files = [...(uploads.get(request)?.values() ?? [])];
  if (files.length === 0) return;
  const session = await currentSession(db, request);
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  const refuse = (bound: UploadBound) => new HttpError(429, bound.message, 'file', 'UPLOAD_LIMIT');
  const taken: UploadBound[] = [];
  for (const bound of uploadBounds(session, request.ip)) {
    const counted =
      files.length > bound.files || bytes > bound.bytes
        ? []
        : await db.query<{ files: number }>(
            `insert into upload_quota (subject, day, files, bytes) values ($1, (now() at time zone 'utc')::date, $2, $3)
             on conflict (subject, day) do update set files = upload_quota.files + excluded.files, bytes = upload_quota.bytes + excluded.bytes
             where upload_quota.files + excluded.files <= $4 and upload_quota.bytes + excluded.bytes <= $5
             returning files`,
            [bound.subject, files.length, bytes, bound.files, bound.bytes],
          );
    if (counted.length === 0) {
      for (const done of taken)
        await db.query(
          `update upload_quota set files = greatest(files - $2, 0), bytes = greatest(bytes - $3, 0) where subject = $1 and day = (now() at time zone 'utc')::date`,
          [done.subject, files.length, bytes],
        );
      throw refuse(bound);
    }
    taken.push(bound);
  }
}

/**
 * Lets a scope (a registered plugin, so no other area's parsing is disturbed) accept
 * multipart/form-data bodies: the body the contract checks is the parsed fields, and the
 * files' bytes stay on the request for `uploadOf`. With a database, uploads are bounded per
 * day: per session of a shopper not signed in (ANONYMOUS_UPLOAD_*), per customer
 * (CUSTOMER_UPLOAD_*) and per client address (CLIENT_UPLOAD_*); 'unbounded' is for tests of the
 * parser alone.
 */
export function acceptMultipart(scope: FastifyInstance, quota: Database | 'unbounded') {
  if (quota !== 'unbounded') {
    scope.addHook('preHandler', async (request, reply) => {
      try {
        await countUpload(quota, request);
      } catch (error) {
        if (error instanceof HttpError && error.status === 429) reply.header('retry-after', String(secondsToUtcMidnight()));
        throw error;
      }
    });
  }
  if (scope.hasContentTypeParser('multipart/form-data')) scope.removeContentTypeParser('multipart/form-data');
  scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT_BYTES }, async (request: FastifyRequest, raw: Buffer) => {
    const { fields, files } = await parseMultipart(raw, String(request.headers['content-type'] ?? ''));
    uploads.set(request, files);
    return fields;
  });
}
