import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type Database } from '../db/database';
import { badRequest, HttpError } from './errors';
import { currentSession } from './session';

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
 * a PD photo and a few try-on photos; signing in lifts the bound (the body limit stays).
 */
export const ANONYMOUS_UPLOAD_FILES_PER_DAY = 10;
export const ANONYMOUS_UPLOAD_BYTES_PER_DAY = 20 * 1024 * 1024;
export const UPLOAD_QUOTA_MESSAGE = 'You have uploaded as many files as we take today without signing in. Sign in to upload more, or try again tomorrow.';

const secondsToUtcMidnight = () => {
  const now = new Date();
  return Math.max(1, Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000));
};

/**
 * Counts this request's file parts against the anonymous bound (upload_quota, one row per
 * subject and day, raised by one conditional upsert so parallel uploads cannot overshoot);
 * beyond it, 429 with Retry-After. Attempts count, whether or not the handler keeps the file.
 */
async function countAnonymousUpload(db: Database, request: FastifyRequest): Promise<void> {
  const files = [...(uploads.get(request)?.values() ?? [])];
  if (files.length === 0) return;
  const session = await currentSession(db, request);
  if (session && session.customer_id !== null) return;
  const subject = session ? `session:${session.id}` : `address:${request.ip}`;
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  const refuse = () => new HttpError(429, UPLOAD_QUOTA_MESSAGE, 'file', 'UPLOAD_LIMIT');
  if (files.length > ANONYMOUS_UPLOAD_FILES_PER_DAY || bytes > ANONYMOUS_UPLOAD_BYTES_PER_DAY) throw refuse();
  const counted = await db.query<{ files: number }>(
    `insert into upload_quota (subject, day, files, bytes) values ($1, (now() at time zone 'utc')::date, $2, $3)
     on conflict (subject, day) do update set files = upload_quota.files + excluded.files, bytes = upload_quota.bytes + excluded.bytes
     where upload_quota.files + excluded.files <= $4 and upload_quota.bytes + excluded.bytes <= $5
     returning files`,
    [subject, files.length, bytes, ANONYMOUS_UPLOAD_FILES_PER_DAY, ANONYMOUS_UPLOAD_BYTES_PER_DAY],
  );
  if (counted.length === 0) throw refuse();
}

/**
 * Lets a scope (a registered plugin, so no other area's parsing is disturbed) accept
 * multipart/form-data bodies: the body the contract checks is the parsed fields, and the
 * files' bytes stay on the request for `uploadOf`. With a database, uploads of shoppers who
 * are not signed in are bounded per day (ANONYMOUS_UPLOAD_*); 'unbounded' is for tests of the
 * parser alone.
 */
export function acceptMultipart(scope: FastifyInstance, quota: Database | 'unbounded') {
  if (quota !== 'unbounded') {
    scope.addHook('preHandler', async (request, reply) => {
      try {
        await countAnonymousUpload(quota, request);
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
