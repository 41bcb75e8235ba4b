import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors';

export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;

export interface Upload {
  filename: string;
  mimetype: string;
  size: number;
  data: Buffer;
}

const uploads = new WeakMap<FastifyRequest, Map<string, Upload>>();

/** The bytes of a file part (the contract's body only describes the part: name, type, size). */
export function uploadOf(request: FastifyRequest, field = 'file'): Upload {
  const upload = uploads.get(request)?.get(field);
  if (!upload) throw badRequest(`${field}: a file is required`, field);
  return upload;
}

/**
 * Parses multipart/form-data bodies for this area's routes (an encapsulated plugin scope, so
 * no other area's parser is disturbed). The platform's own parser (undici's Response.formData)
 * does the work; file parts become `{ filename, mimetype, size }` in the body the contract
 * checks, and their bytes stay on the request for `uploadOf`.
 */
export function acceptMultipart(scope: FastifyInstance) {
  if (scope.hasContentTypeParser('multipart/form-data')) scope.removeContentTypeParser('multipart/form-data');
  scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT_BYTES }, async (request: FastifyRequest, raw: Buffer) => {
    let form: FormData;
    try {
      form = await new Response(raw, { headers: { 'content-type': String(request.headers['content-type']) } }).formData();
    } catch {
      throw badRequest('The upload could not be read', 'file');
    }
    const body: Record<string, unknown> = {};
    const files = new Map<string, Upload>();
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') {
        body[key] = value;
      } else {
        const data = Buffer.from(await value.arrayBuffer());
        const part = { filename: value.name || 'upload', mimetype: value.type || 'application/octet-stream', size: data.length };
        body[key] = part;
        files.set(key, { ...part, data });
      }
    }
    uploads.set(request, files);
    return body;
  });
}
