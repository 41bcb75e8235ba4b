// A proxied request's body, read whole before the API is asked (so a call can be tried again),
// up to the limit for its type: JSON and other bodies, or multipart uploads.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Responder } from '../http/respond';

export interface BodyLimits {
  /** Request body limit (bytes) for JSON and other bodies. */
  bodyLimit: number;
  /** Request body limit (bytes) for multipart uploads. */
  uploadLimit: number;
}

/** The limit for a request's body: the upload limit for multipart form data, else the body limit. */
export function bodyLimitOf(req: IncomingMessage, { bodyLimit, uploadLimit }: BodyLimits): number {
  const multipart = /^multipart\/form-data\b/i.test(String(req.headers['content-type'] || ''));
  return multipart ? uploadLimit : bodyLimit;
}

/**
 * Reads the request body up to the limit for its type; null when it is over (413 sent), or when
 * the request failed while it was being read (nothing sent: the shopper is gone).
 */
export function readBody(req: IncomingMessage, res: ServerResponse, limits: BodyLimits, responder: Responder): Promise<Buffer | null> {
  const limit = bodyLimitOf(req, limits);
  const tooLarge = (): null => {
    responder.sendJson(req, res, 413, { message: `The request body is larger than ${Math.floor(limit / 1024)} KiB.`, code: 'BODY_TOO_LARGE' });
    req.resume();
    return null;
  };
  const declared = Number(req.headers['content-length'] || 0);
  if (declared > limit) return Promise.resolve(tooLarge());
  if (req.method === 'GET' || req.method === 'HEAD' || (!req.headers['transfer-encoding'] && !declared)) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolveBody) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        resolveBody(tooLarge());
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolveBody(Buffer.concat(chunks));
    });
    req.on('error', () => {
      if (!over) resolveBody(null);
    });
  });
}
