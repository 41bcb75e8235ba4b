// Answers the edge writes itself: the content types it serves, the security headers every
// answer carries, and bodies compressed for the client (docs/adr/046).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

export const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  // The face model (docs/adr/058): its weights, and tfjs's WebAssembly (streamed compilation needs this type).
  '.bin': 'application/octet-stream',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

/** Extensions worth compressing (text, and WebAssembly: about a third of its size). */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.xml', '.wasm']);

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // The camera for this origin alone: the product page's live try-on (docs/adr/058).
  'permissions-policy': 'camera=(self), microphone=(), geolocation=(self), payment=(self)',
  'cross-origin-opener-policy': 'same-origin',
};

/** The security headers for an edge whose shoppers use `publicUrl` (HSTS behind TLS, a year). */
export function securityHeadersFor(publicUrl: URL | null): Readonly<Record<string, string>> {
  return publicUrl?.protocol === 'https:' ? { ...SECURITY_HEADERS, 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : SECURITY_HEADERS;
}

/** The encoding a client accepts, best first: brotli, gzip, or none. */
export function encodingFor(req: IncomingMessage): 'br' | 'gzip' | null {
  const accept = String(req.headers['accept-encoding'] || '');
  return /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
}

export type Responder = ReturnType<typeof createResponder>;

/** `send` (any body, compressed when worth it), `sendJson` and `sendText` with the edge's headers. */
export function createResponder(securityHeaders: Readonly<Record<string, string>>) {
  // Compressed copies of bodies sent again (the sitemaps, a cached page), per body.
  const copiesOf = new WeakMap<Buffer, Partial<Record<'br' | 'gzip', Buffer>>>();

  function send(req: IncomingMessage, res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: Buffer, ext: string): void {
    let payload = body;
    const outHeaders: OutgoingHttpHeaders = { ...securityHeaders, ...headers, vary: 'Accept-Encoding' };
    const encoding = COMPRESSIBLE.has(ext) && body.length > 1024 ? encodingFor(req) : null;
    if (encoding) {
      const copies = copiesOf.get(body) ?? {};
      // Brotli 6: the home page's document in 1.4 ms; brotli 9 took 14.6 ms, longer than
      // rendering it, for 2 % fewer bytes.
      payload = copies[encoding] ??=
        encoding === 'br' ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } }) : gzipSync(body, { level: 6 });
      copiesOf.set(body, copies);
      outHeaders['content-encoding'] = encoding;
    }
    outHeaders['content-length'] = payload.length;
    res.writeHead(status, outHeaders);
    res.end(req.method === 'HEAD' ? undefined : payload);
  }

  function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
    send(req, res, status, { 'content-type': TYPES['.json'], 'cache-control': 'no-store', ...headers }, Buffer.from(JSON.stringify(body)), '.json');
  }

  function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string, headers: OutgoingHttpHeaders = {}): void {
    send(req, res, status, { 'content-type': TYPES['.txt'], 'cache-control': 'no-store', ...headers }, Buffer.from(text), '.txt');
  }

  return { securityHeaders, send, sendJson, sendText };
}
