import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { badRequest } from './errors';

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
 * Lets a scope (a registered plugin, so no other area's parsing is disturbed) accept
 * multipart/form-data bodies: the body the contract checks is the parsed fields, and the
 * files' bytes stay on the request for `uploadOf`.
 */
export function acceptMultipart(scope: FastifyInstance) {
  if (scope.hasContentTypeParser('multipart/form-data')) scope.removeContentTypeParser('multipart/form-data');
  scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT_BYTES }, async (request: FastifyRequest, raw: Buffer) => {
    const { fields, files } = await parseMultipart(raw, String(request.headers['content-type'] ?? ''));
    uploads.set(request, files);
    return fields;
  });
}
