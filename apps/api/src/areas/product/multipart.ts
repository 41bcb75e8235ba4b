import { type FastifyInstance } from 'fastify';
import { badRequest } from '../../http/errors';

export interface FilePart {
  filename: string;
  mimetype: string;
  size: number;
  data: Buffer;
}

export type MultipartBody = Record<string, string | FilePart>;

/** A face photo from a phone, scaled by the page; 10 MB is the contract's limit for a file. */
export const MULTIPART_LIMIT = 11 * 1024 * 1024;

/** Parses a multipart/form-data body (RFC 7578): text fields as strings, files with their bytes. */
export function parseMultipart(body: Buffer, contentType: string): MultipartBody {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) throw badRequest('A multipart body needs a boundary.', 'body');
  const delimiter = Buffer.from(`--${marker}`);
  const out: MultipartBody = {};
  let start = body.indexOf(delimiter);
  if (start < 0) throw badRequest('The multipart body is malformed.', 'body');
  while (start >= 0) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, afterDelimiter);
    if (next < 0) throw badRequest('The multipart body is malformed.', 'body');
    const part = body.subarray(afterDelimiter + 2, next - 2); // skip CRLF after the delimiter and before the next
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) throw badRequest('The multipart body is malformed.', 'body');
    const headers = part.subarray(0, split).toString('utf8');
    const data = part.subarray(split + 4);
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    const type = /content-type:\s*([^\r\n;]+)/i.exec(headers)?.[1]?.trim().toLowerCase();
    if (name) {
      out[name] = filename !== undefined ? { filename, mimetype: type ?? 'application/octet-stream', size: data.length, data: Buffer.from(data) } : data.toString('utf8');
    }
    start = next;
  }
  return out;
}

/** Lets a scope (a registered plugin) accept multipart bodies, whatever the root does. */
export function acceptMultipart(scope: FastifyInstance) {
  if (scope.hasContentTypeParser('multipart/form-data')) scope.removeContentTypeParser('multipart/form-data');
  scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: MULTIPART_LIMIT }, (request, body, done) => {
    try {
      done(null, parseMultipart(body as Buffer, String(request.headers['content-type'] ?? '')));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
