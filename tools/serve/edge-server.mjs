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

/**
 * @param {object} options
 * @param {string} options.root     deploy root (remotes.json, shell.json, shell/, remotes/)
 * @param {string} [options.apiUrl] where /api/ goes
 * @param {Record<string,string>} [options.overrides] remote -> manifest URL (development)
 */
export function createEdgeServer({ root, apiUrl = 'http://127.0.0.1:3000', overrides = {} }) {
  const deployRoot = resolve(root);
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

  function proxyApi(req, res) {
    const target = new URL(req.url.replace(/^\/api/, '') || '/', apiUrl);
    const upstream = httpRequest(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host, 'x-forwarded-proto': 'http' } },
      (answer) => {
        res.writeHead(answer.statusCode || 502, { ...SECURITY_HEADERS, ...answer.headers });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) return res.destroy();
      send(req, res, 502, { 'content-type': TYPES['.json'], 'cache-control': 'no-store' }, Buffer.from(JSON.stringify({ message: 'The storefront API is not reachable.' })), '.json');
    });
    req.pipe(upstream);
  }

  return createServer(async (req, res) => {
    try {
      const url = new URL(req.url || '/', 'http://edge.local');
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return proxyApi(req, res);
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return send(req, res, 405, { 'content-type': TYPES['.txt'], allow: 'GET, HEAD' }, Buffer.from('Method not allowed'), '.txt');
      }
      if (url.pathname === '/remotes.json') return await sendRemotesJson(req, res);
      if (url.pathname === '/healthz') return send(req, res, 200, { 'content-type': TYPES['.txt'], 'cache-control': 'no-store' }, Buffer.from('ok'), '.txt');
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
