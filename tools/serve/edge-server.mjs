// The local edge server: serves the deployed builds the way a CDN would (DESIGN.md
// "Serving"). The shell at `/`, each remote under /remotes/<name>/<version>/ with immutable
// caching, /remotes.json never cached, /api/ proxied to the API, compression, and a
// Content-Security-Policy with a fresh nonce per page.
import { createServer, request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

const TYPES = {
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
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A path inside `base`, or null when the request tries to leave it. */
export function safeJoin(base, requestPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const target = normalize(join(base, decoded));
  return target === base || target.startsWith(base.endsWith(sep) ? base : base + sep) ? target : null;
}

export function contentSecurityPolicy(nonce, extraConnect = []) {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    ['connect-src', "'self'", ...extraConnect].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
  'cross-origin-opener-policy': 'same-origin',
};

// Client-sent forwarding headers are never passed on (the edge sets its own); hop-by-hop
// headers belong to one connection.
const DROPPED_REQUEST_HEADERS = new Set([
  'host', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'x-forwarded-prefix', 'forwarded', 'x-real-ip',
  'connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'content-length', 'expect',
]);
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/**
 * The API path for a request target under /api, or null when the target is malformed: the
 * upstream URL is always the configured API origin plus this path, so no target can name
 * another host. Refused: `//` (protocol-relative), backslashes, control characters (CR, LF,
 * NUL), dot segments, and the same spelled with percent-escapes (`%2f%2f`, `%5c`, `%2e%2e`,
 * `%00`).
 */
export function apiTarget(rawUrl, basePath = '') {
  const query = rawUrl.indexOf('?');
  const path = (query < 0 ? rawUrl : rawUrl.slice(0, query)).slice('/api'.length) || '/';
  const search = query < 0 ? '' : rawUrl.slice(query);
  if (!path.startsWith('/')) return null;
  let decoded;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  for (const candidate of [path, decoded]) {
    if (/[\u0000-\u001f\u007f\\]/.test(candidate) || candidate.includes('//')) return null;
    if (candidate.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  }
  if (/[\u0000-\u001f\u007f\s]/.test(search)) return null;
  return `${basePath.replace(/\/$/, '')}${path}${search}`;
}

/**
 * @param {object} options
 * @param {string} options.root     deploy root (remotes.json, shell.json, shell/, remotes/)
 * @param {string} [options.apiUrl] where /api/ goes (an origin, optionally with a base path)
 * @param {Record<string,string>} [options.overrides] remote -> manifest URL (development)
 * @param {string} [options.publicOrigin] the origin shoppers use (e.g. https://shop.example
 *   behind a TLS terminator): the scheme and host the API is told
 * @param {number} [options.bodyLimit] request body limit (bytes) for JSON and other bodies
 * @param {number} [options.uploadLimit] request body limit (bytes) for multipart uploads
 * @param {number} [options.connectTimeoutMs] connecting to the API
 * @param {number} [options.responseTimeoutMs] waiting for the API's answer headers
 */
export function createEdgeServer({
  root,
  apiUrl = 'http://127.0.0.1:3000',
  overrides = {},
  publicOrigin,
  bodyLimit = 256 * 1024,
  uploadLimit = 12 * 1024 * 1024,
  connectTimeoutMs = 5_000,
  responseTimeoutMs = 30_000,
}) {
  const deployRoot = resolve(root);
  const apiBase = new URL(apiUrl);
  const publicUrl = publicOrigin ? new URL(publicOrigin) : null;
  const compressed = new Map();
  // A remote in development: the page fetches its manifest and its live-reload socket.
  const extraConnect = [
    ...new Set(Object.values(overrides).flatMap((url) => [new URL(url).origin, `ws://${new URL(url).host}`])),
  ];

  async function currentShellDir() {
    const { version } = JSON.parse(await readFile(join(deployRoot, 'shell.json'), 'utf8'));
    return join(deployRoot, 'shell', version);
  }

  function send(req, res, status, headers, body, ext) {
    const accept = String(req.headers['accept-encoding'] || '');
    let payload = body;
    const outHeaders = { ...SECURITY_HEADERS, ...headers, vary: 'Accept-Encoding' };
    if (COMPRESSIBLE.has(ext) && body.length > 1024) {
      const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
      if (encoding) {
        payload = encoding === 'br'
          ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(body, { level: 9 });
        outHeaders['content-encoding'] = encoding;
      }
    }
    outHeaders['content-length'] = payload.length;
    res.writeHead(status, outHeaders);
    res.end(req.method === 'HEAD' ? undefined : payload);
  }

  /** Files in versioned folders never change, so each is compressed once. */
  async function sendStatic(req, res, file, cacheControl) {
    let info;
    try {
      info = await stat(file);
    } catch {
      return false;
    }
    if (!info.isFile()) return false;
    const ext = extname(file);
    const accept = String(req.headers['accept-encoding'] || '');
    const encoding = COMPRESSIBLE.has(ext) && info.size > 1024 ? (/\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null) : null;
    const key = `${file}:${info.mtimeMs}:${encoding}`;
    let body = compressed.get(key);
    if (!body) {
      const raw = await readFile(file);
      body = encoding === 'br'
        ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })
        : encoding === 'gzip' ? gzipSync(raw, { level: 9 }) : raw;
      compressed.set(key, body);
    }
    const headers = {
      ...SECURITY_HEADERS,
      'content-type': TYPES[ext] || 'application/octet-stream',
      'cache-control': cacheControl,
      'content-length': body.length,
      'access-control-allow-origin': '*',
      vary: 'Accept-Encoding',
    };
    if (encoding) headers['content-encoding'] = encoding;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  async function sendRemotesJson(req, res) {
    const manifest = JSON.parse(await readFile(join(deployRoot, 'remotes.json'), 'utf8'));
    for (const [remote, entry] of Object.entries(overrides)) {
      if (manifest.remotes[remote]) manifest.remotes[remote] = { stable: { version: 'dev', entry } };
    }
    send(req, res, 200, { 'content-type': TYPES['.json'], 'cache-control': 'no-store' }, Buffer.from(JSON.stringify(manifest)), '.json');
  }

  async function sendDocument(req, res, shellDir) {
    const nonce = randomBytes(16).toString('base64');
    const html = (await readFile(join(shellDir, 'index.html'), 'utf8')).replace(/<script\b/g, `<script nonce="${nonce}"`);
    send(
      req,
      res,
      200,
      {
        'content-type': TYPES['.html'],
        'cache-control': 'no-cache',
        'content-security-policy': contentSecurityPolicy(nonce, extraConnect),
      },
      Buffer.from(html),
      '.html',
    );
  }

  function sendJson(req, res, status, body, headers = {}) {
    send(req, res, status, { 'content-type': TYPES['.json'], 'cache-control': 'no-store', ...headers }, Buffer.from(JSON.stringify(body)), '.json');
  }

  /** /healthz: ready when the API answers its own /health within 2 s. */
  async function sendReadiness(req, res) {
    let api = 'unreachable';
    try {
      const answer = await fetch(new URL(`${apiBase.pathname.replace(/\/$/, '')}/health`, apiBase.origin), { signal: AbortSignal.timeout(2000) });
      if (answer.ok) api = 'ok';
      await answer.body?.cancel();
    } catch {
      // refused, reset or too slow: unreachable
    }
    sendJson(req, res, api === 'ok' ? 200 : 503, { edge: 'ok', api });
  }

  /**
   * The API gets the client's request with the edge's own forwarding headers: whatever the
   * client said about its address, scheme or host is dropped (the API trusts these headers
   * from the edge only, docs/adr/022).
   */
  function upstreamHeaders(req, length) {
    /** @type {import('node:http').OutgoingHttpHeaders} */
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!DROPPED_REQUEST_HEADERS.has(name)) headers[name] = value;
    }
    headers.host = apiBase.host;
    headers['x-forwarded-for'] = String(req.socket.remoteAddress || '').replace(/^::ffff:/, '');
    headers['x-forwarded-proto'] = publicUrl ? publicUrl.protocol.slice(0, -1) : req.socket.encrypted ? 'https' : 'http';
    const servedHost = publicUrl ? publicUrl.host : req.headers.host;
    if (servedHost) headers['x-forwarded-host'] = servedHost;
    if (length !== undefined) headers['content-length'] = String(length);
    return headers;
  }

  /** Reads the request body up to the limit for its type; null when it is over (413 sent). */
  function readBody(req, res) {
    const multipart = /^multipart\/form-data\b/i.test(String(req.headers['content-type'] || ''));
    const limit = multipart ? uploadLimit : bodyLimit;
    const tooLarge = () => {
      sendJson(req, res, 413, { message: `The request body is larger than ${Math.floor(limit / 1024)} KiB.`, code: 'BODY_TOO_LARGE' });
      req.resume();
      return null;
    };
    const declared = Number(req.headers['content-length'] || 0);
    if (declared > limit) return Promise.resolve(tooLarge());
    if (req.method === 'GET' || req.method === 'HEAD' || (!req.headers['transfer-encoding'] && !declared)) return Promise.resolve(Buffer.alloc(0));
    return new Promise((resolveBody) => {
      const chunks = [];
      let size = 0;
      let over = false;
      req.on('data', (chunk) => {
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

  async function proxyApi(req, res, target) {
    const body = await readBody(req, res);
    if (body === null) return;
    let upstream;
    try {
      upstream = httpRequest({
        protocol: apiBase.protocol,
        hostname: apiBase.hostname,
        port: apiBase.port,
        path: target,
        method: req.method,
        headers: upstreamHeaders(req, req.method === 'GET' || req.method === 'HEAD' ? undefined : body.length),
      });
    } catch {
      return sendJson(req, res, 400, { message: 'The request path is not valid.', code: 'BAD_PATH' });
    }
    let answered = false;
    let failed = false;
    const fail = (status, message, code) => {
      if (failed) return;
      failed = true;
      clearTimeout(timer);
      upstream.destroy();
      if (res.headersSent) return res.destroy();
      sendJson(req, res, status, { message, code });
    };
    // One timer: connecting, then waiting for the answer's headers.
    let timer = setTimeout(() => fail(504, 'The storefront API did not answer in time.', 'API_TIMEOUT'), connectTimeoutMs);
    upstream.on('socket', (socket) => {
      const connected = () => {
        clearTimeout(timer);
        if (!answered) timer = setTimeout(() => fail(504, 'The storefront API did not answer in time.', 'API_TIMEOUT'), responseTimeoutMs);
      };
      if (socket.connecting) socket.once('connect', connected);
      else connected();
    });
    upstream.on('response', (answer) => {
      answered = true;
      clearTimeout(timer);
      const headers = { ...SECURITY_HEADERS };
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!HOP_BY_HOP.has(name)) headers[name] = value;
      }
      res.writeHead(answer.statusCode || 502, headers);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', () => {
      // The API may answer (413) and close while the body is still being written: its
      // answer is what the shopper gets.
      if (answered) return;
      fail(502, 'The storefront API is not reachable.', 'API_UNREACHABLE');
    });
    // The shopper went away before the answer was complete: stop asking the API.
    res.on('close', () => {
      clearTimeout(timer);
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(body.length ? body : undefined);
  }

  return createServer(async (req, res) => {
    try {
      const rawUrl = req.url || '/';
      // Origin-form targets only: an absolute-form target (`GET http://host/ HTTP/1.1`) is
      // for forward proxies, which this is not.
      if (!rawUrl.startsWith('/')) return sendJson(req, res, 400, { message: 'The request target must be a path.', code: 'BAD_PATH' });
      if (/^\/api(?:[/?]|$)/.test(rawUrl)) {
        const target = apiTarget(rawUrl, apiBase.pathname);
        if (!target) return sendJson(req, res, 400, { message: 'The request path is not valid.', code: 'BAD_PATH' });
        return await proxyApi(req, res, target);
      }
      const url = new URL(rawUrl, 'http://edge.local');
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return send(req, res, 405, { 'content-type': TYPES['.txt'], allow: 'GET, HEAD' }, Buffer.from('Method not allowed'), '.txt');
      }
      if (url.pathname === '/remotes.json') return await sendRemotesJson(req, res);
      if (url.pathname === '/livez') return sendJson(req, res, 200, { edge: 'ok' });
      if (url.pathname === '/healthz') return await sendReadiness(req, res);
      if (url.pathname.startsWith('/remotes/')) {
        const file = safeJoin(join(deployRoot, 'remotes'), url.pathname.slice('/remotes'.length));
        if (file && (await sendStatic(req, res, file, IMMUTABLE))) return;
        return send(req, res, 404, { 'content-type': TYPES['.txt'], 'cache-control': 'no-store' }, Buffer.from('Not found'), '.txt');
      }
      const shellDir = await currentShellDir();
      if (url.pathname !== '/' && url.pathname !== '/index.html' && extname(url.pathname)) {
        const file = safeJoin(shellDir, url.pathname);
        // The shell's assets are content-hashed: cache them for good. Other files with an
        // extension (legacy .html URLs such as /eyeglasses.html) are routes of the app.
        if (file && file !== join(shellDir, 'index.html') && (await sendStatic(req, res, file, /\.[0-9a-f]{8}\./.test(url.pathname) ? IMMUTABLE : 'no-cache'))) return;
      }
      return await sendDocument(req, res, shellDir);
    } catch (error) {
      if (res.headersSent) return res.destroy();
      console.error('[edge]', error);
      send(req, res, 500, { 'content-type': TYPES['.txt'], 'cache-control': 'no-store' }, Buffer.from('The edge server failed to answer.'), '.txt');
    }
  });
}
