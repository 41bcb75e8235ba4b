// The local edge server: serves the deployed builds the way a CDN would (DESIGN.md
// "Serving"). The shell at `/`, each remote under /remotes/<name>/<version>/ with immutable
// caching, /remotes.json never cached, /api/ proxied to the API, compression, and a
// Content-Security-Policy with a fresh nonce per page. The deployed files come from the
// deploy root on disk, or from an origin over HTTP (ORIGIN_URL: what `release publish` wrote).
import './react-env.mjs';
import { createServer, request as httpRequest } from 'node:http';
import { BlockList, isIP, isIPv6 } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlib } from 'node:zlib';
import { promisify } from 'node:util';
import { SESSION_COOKIE, bucketOf, loadSecret, mintSession, readCookie, sessionCookie, verifySession } from './session.mjs';
import { VERSION, createSignalRecorder, parseBeacon } from './signal.mjs';
import { createPageStatus, createSeo, loadRouteModule, siteOriginOf } from './seo.mjs';
import { REMOTE_APPS } from '../release/deploy.mjs';
import { composeDocument, createRenderer, loadFederationModules, pageAssets } from './render.mjs';

const SIGNAL_APPS = ['shell', ...REMOTE_APPS];
const BEACON_LIMIT = 8 * 1024;

/**
 * The parts of remotes.json the edge relies on (the browser checks the rest with
 * parseRemotesManifest): every remote with a stable version, canaries with a percent.
 */
export function checkManifestShape(manifest) {
  if (!manifest || typeof manifest !== 'object' || manifest.schemaVersion !== 1 || !manifest.remotes || typeof manifest.remotes !== 'object') return false;
  // Remotes the file lists must be well formed (the browser's parser also requires all five).
  return REMOTE_APPS.filter((remote) => manifest.remotes[remote] !== undefined).every((remote) => {
    const channels = manifest.remotes[remote];
    if (!channels || typeof channels.stable?.version !== 'string' || !VERSION.test(channels.stable.version) || typeof channels.stable.entry !== 'string')
      return false;
    const { canary } = channels;
    return (
      canary === undefined ||
      (typeof canary.version === 'string' && VERSION.test(canary.version) && Number.isInteger(canary.percent) && canary.percent >= 0 && canary.percent <= 100)
    );
  });
}

/** New sessions per client address per minute (an office or a carrier's NAT shares one). */
export const MINTS_PER_ADDRESS_MINUTE = 120;

/** shell.json: `{ version, canary?: { version, percent, salt? } }` (the stable shell is `version`). */
export function checkShellShape(shell) {
  if (!shell || typeof shell !== 'object' || typeof shell.version !== 'string' || !VERSION.test(shell.version)) return false;
  const { canary } = shell;
  return (
    canary === undefined ||
    (typeof canary.version === 'string' && VERSION.test(canary.version) && Number.isInteger(canary.percent) && canary.percent >= 0 && canary.percent <= 100)
  );
}

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
  '.xml': 'application/xml; charset=utf-8',
};
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Compresses on the thread pool: 'best' for what is kept for good, 'quick' for meanwhile. */
function compress(raw, encoding, level) {
  if (encoding === 'br') return brotliAsync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: level === 'best' ? 11 : 4 } });
  return gzipAsync(raw, { level: level === 'best' ? 9 : 6 });
}

/** How often the edge looks for builds gone live whose files it has not compressed yet. */
const WARM_EVERY_MS = 15_000;
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.xml']);
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

/**
 * What a captcha provider's widget needs beyond our origin (CAPTCHA_PROVIDER, the API's setting,
 * docs/adr/042): its frames, and for hCaptcha its calls and style sheets. Its script needs no
 * entry: the page's trusted code adds it, which 'strict-dynamic' allows.
 */
export const CAPTCHA_SOURCES = {
  turnstile: { frame: ['https://challenges.cloudflare.com'] },
  hcaptcha: {
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    style: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
  recaptcha: { frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] },
};

export function contentSecurityPolicy(nonce, extraConnect = [], captchaProvider = undefined) {
  const captcha = CAPTCHA_SOURCES[captchaProvider] ?? {};
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // A server-rendered page inlines its remote's CSS under the nonce (docs/adr/029).
    ['style-src', "'self'", `'nonce-${nonce}'`, ...(captcha.style ?? [])].join(' '),
    // Server-rendered HTML carries React's style attributes (sizes of skeletons and images):
    // attributes only; a <style> element needs the nonce (issue 19).
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    ['connect-src', "'self'", ...extraConnect, ...(captcha.connect ?? [])].join(' '),
    ...(captcha.frame ? [['frame-src', "'self'", ...captcha.frame].join(' ')] : []),
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
  'host',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-forwarded-prefix',
  'forwarded',
  'x-real-ip',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'expect',
]);
/**
 * A proxied API call that got no answer is tried again this many times (with these pauses), when
 * a repeat cannot apply a write twice (`safeToRepeat`, or a refused connection): behind a
 * Kubernetes Service there is no retrying balancer between the edge and the API (issue 38).
 */
export const API_RETRIES = 2;
const API_RETRY_DELAYS_MS = [50, 250];

/**
 * A read, or a write carrying an Idempotency-Key: the API runs it at most once per key, or
 * refuses a malformed key before writing anything (http/idempotency.ts in the API, which owns the
 * key's rule; the edge only looks for the header, as HAProxy does).
 */
export function safeToRepeat(req) {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return true;
  return typeof req.headers['idempotency-key'] === 'string';
}

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

/** The origin did not answer (refused, timed out, 5xx): unlike a file it says is not there. */
export class OriginError extends Error {
  /** @override */
  name = 'OriginError';
}

/** Re-read at most every ttlMs whatever their headers say: they change with every release. */
const CHANNEL_FILES = new Set(['remotes.json', 'shell.json', 'publish.json']);

/**
 * Deployed files read from an origin over HTTP instead of the disk: a directory or a bucket
 * written by `release publish` (tools/release/publish.mjs), behind any static server or CDN.
 * The same three calls the edge makes on disk (readFile, stat, readdir), on paths under the
 * deploy root, which map to URLs under the origin (`<root>/remotes/a/1/x.js` ->
 * `<origin>/remotes/a/1/x.js`).
 *
 * A small in-memory cache honours the origin's Cache-Control: an `immutable` file is kept
 * (least recently used out first past `maxBytes`), a `max-age` (or `s-maxage`) for that long,
 * `no-store`/`no-cache` or no header not at all. remotes.json, shell.json and the inventory
 * (publish.json) are re-read at most every `ttlMs` whatever they say. A file that is not there
 * (404, or 403 as a bucket without list rights answers) is remembered as missing for `ttlMs`.
 * Reads of one file at the same time share one request. `readdir` knows the shell's folder
 * only, from the inventory. A refused, failed (5xx) or stalled origin is an OriginError.
 * @param {{ origin: string, root: string, ttlMs?: number, maxBytes?: number, timeoutMs?: number, now?: () => number }} options
 */
export function createOriginFiles({ origin, root, ttlMs = 5000, maxBytes = 128 * 1024 * 1024, timeoutMs = 10_000, now = Date.now }) {
  const base = new URL(origin);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error(`the origin must be an http(s) URL (got ${origin})`);
  base.search = '';
  base.hash = '';
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  /** @type {Map<string, { entry: { body: Buffer, size: number, stamp: number } | null, expires: number }>} */
  const cache = new Map();
  const inflight = new Map();
  let cachedBytes = 0;

  /** The origin key of a path under the root (`remotes/catalog/1.0.0/x.js`), or null outside it. */
  const keyOf = (path) => {
    const rel = relative(root, path);
    if (!rel || rel.startsWith('..') || isAbsolute(rel)) return null;
    return rel.split(sep).join('/');
  };

  function lifetimeOf(key, cacheControl) {
    if (CHANNEL_FILES.has(key)) return ttlMs;
    const directives = String(cacheControl || '').toLowerCase();
    if (/\bno-store\b|\bno-cache\b/.test(directives)) return 0;
    if (/\bimmutable\b/.test(directives)) return Infinity;
    const age = /\bs-maxage=(\d+)/.exec(directives) ?? /\bmax-age=(\d+)/.exec(directives);
    return age ? Number(age[1]) * 1000 : 0;
  }

  function forget(key) {
    const old = cache.get(key);
    if (!old) return;
    cache.delete(key);
    cachedBytes -= old.entry?.size ?? 0;
  }

  function remember(key, entry, lifetime) {
    forget(key);
    const size = entry?.size ?? 0;
    if (lifetime <= 0 || size > maxBytes / 4) return;
    cache.set(key, { entry, expires: now() + lifetime });
    cachedBytes += size;
    for (const [oldest] of cache) {
      if (cachedBytes <= maxBytes) break;
      forget(oldest);
    }
  }

  async function fetchKey(key) {
    const url = new URL(key.split('/').map(encodeURIComponent).join('/'), base);
    let answer;
    let body;
    try {
      answer = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (answer.status === 404 || answer.status === 403) {
        await answer.body?.cancel();
        remember(key, null, ttlMs);
        return null;
      }
      if (!answer.ok) {
        await answer.body?.cancel();
        throw new OriginError(`the origin answered ${answer.status} for ${url.pathname}`);
      }
      body = Buffer.from(await answer.arrayBuffer());
    } catch (error) {
      if (error instanceof OriginError) throw error;
      throw new OriginError(`the origin did not answer for ${url.pathname}: ${error.message}`);
    }
    // Same bytes, same stamp: the edge's compressed copies are keyed by it.
    const stamp = parseInt(createHash('sha1').update(body).digest('hex').slice(0, 12), 16);
    const entry = { body, size: body.length, stamp };
    remember(key, entry, lifetimeOf(key, answer.headers.get('cache-control')));
    return entry;
  }

  async function get(path) {
    const key = keyOf(path);
    if (!key) return null;
    const hit = cache.get(key);
    if (hit && hit.expires > now()) {
      // Most recently used last.
      cache.delete(key);
      cache.set(key, hit);
      return hit.entry;
    }
    if (hit) forget(key);
    let pending = inflight.get(key);
    if (!pending) {
      pending = fetchKey(key).finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return pending;
  }

  const missing = (path) => Object.assign(new Error(`ENOENT: not at the origin: ${keyOf(path) ?? path}`), { code: 'ENOENT' });
  async function readOriginFile(path, encoding) {
    const entry = await get(path);
    if (!entry) throw missing(path);
    return encoding ? entry.body.toString(encoding) : entry.body;
  }
  return {
    readFile: readOriginFile,
    async stat(path) {
      const entry = await get(path);
      if (!entry) throw missing(path);
      return { isFile: () => true, size: entry.size, mtimeMs: entry.stamp };
    },
    /** The shell's published versions (publish.json); an origin cannot list anything else. */
    async readdir(path) {
      if (keyOf(path) !== 'shell') return [];
      const inventory = JSON.parse(await readOriginFile(join(root, 'publish.json'), 'utf8'));
      return Object.keys(inventory?.folders ?? {})
        .filter((key) => key.startsWith('shell/'))
        .map((key) => key.slice('shell/'.length));
    },
    /** What is cached now (tests, and a look from a debugger). */
    cached: () => ({ files: cache.size, bytes: cachedBytes }),
  };
}

/**
 * @param {object} options
 * @param {string} options.root     deploy root (remotes.json, shell.json, shell/, remotes/); with
 *   an origin, only where the edge keeps its session key (.edge/) and release signal (.signal/)
 * @param {string} [options.origin] read the deployed files (remotes.json, shell.json, shell/,
 *   remotes/) from this URL instead of the root (ORIGIN_URL; a target of `release publish`)
 * @param {number} [options.originTtlMs] how long remotes.json and shell.json from the origin
 *   are used before they are read again (ORIGIN_TTL_MS, default 5000)
 * @param {string} [options.apiUrl] where /api/ goes (an origin, optionally with a base path)
 * @param {Record<string,string>} [options.overrides] remote -> manifest URL (development)
 * @param {string} [options.publicOrigin] the origin shoppers use (e.g. https://shop.example
 *   behind a TLS terminator): the scheme and host the API is told
 * @param {number} [options.bodyLimit] request body limit (bytes) for JSON and other bodies
 * @param {number} [options.uploadLimit] request body limit (bytes) for multipart uploads
 * @param {number} [options.connectTimeoutMs] connecting to the API
 * @param {number} [options.responseTimeoutMs] waiting for the API's answer headers
 * @param {string} [options.instance] this edge's name in the release signal's files
 * @param {number} [options.mintsPerAddressMinute] new sessions one client address may be given
 *   per minute (EDGE_MINTS_PER_ADDRESS_MINUTE); past it a request is served without a session
 * @param {string[]} [options.trustProxy] addresses of load balancers in front of the edge
 *   (EDGE_TRUST_PROXY, comma-separated addresses or subnets): from them, the client's address is the last entry of
 *   X-Forwarded-For they added; from anyone else the header is ignored (the socket is the client)
 * @param {Promise<import('./seo.mjs').RouteModule | null> | import('./seo.mjs').RouteModule | null} [options.routes] the shell's route
 *   table and legacy redirects (default: the federation lib's build; null: every page 200)
 * @param {boolean} [options.ssr] render pages on the server (EDGE_SSR=0: in the browser only; docs/adr/029)
 * @param {boolean} [options.ssrCache] keep anonymous server-rendered HTML briefly (SSR_HTML_CACHE=0: render every request)
 * @param {() => number} [options.now] the clock (tests)
 * @param {boolean} [options.warmAhead] compress the live builds' files ahead of shoppers (EDGE_WARM=0, or files from
 *   an origin: on first ask only)
 * @param {string} [options.captchaProvider] the API's captcha provider (CAPTCHA_PROVIDER): its widget's frames are
 *   allowed by the pages' Content-Security-Policy (CAPTCHA_SOURCES)
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
  instance,
  mintsPerAddressMinute = Number(process.env.EDGE_MINTS_PER_ADDRESS_MINUTE) || MINTS_PER_ADDRESS_MINUTE,
  origin = process.env.ORIGIN_URL || undefined,
  originTtlMs = Number(process.env.ORIGIN_TTL_MS) || 5000,
  trustProxy = (process.env.EDGE_TRUST_PROXY || '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean),
  routes = loadRouteModule(),
  ssr = process.env.EDGE_SSR !== '0',
  ssrCache = process.env.SSR_HTML_CACHE !== '0',
  // From an origin, files are compressed when first asked for: no origin read is made ahead.
  warmAhead = process.env.EDGE_WARM !== '0' && !origin,
  captchaProvider = (process.env.CAPTCHA_PROVIDER || '').trim().toLowerCase() || undefined,
  now = Date.now,
}) {
  const deployRoot = resolve(root);
  // Where deployed files are read: the root on disk, or the origin (the same calls either way).
  const files = origin ? createOriginFiles({ origin, root: deployRoot, ttlMs: originTtlMs, now }) : { readFile, stat, readdir };
  let originWarnedAt = -Infinity;
  const secret = loadSecret(deployRoot);
  const signal = createSignalRecorder({ root: deployRoot, now, ...(instance ? { instance } : {}) });
  const flushTimer = setInterval(() => signal.flush().catch((error) => console.error('[edge] release signal not written:', error.message)), 5_000);
  flushTimer.unref();
  /** The last remotes.json and shell.json that were valid: served when the file is not (docs/adr/024). */
  let goodManifest = null;
  let goodShell = null;
  const warned = new Set();
  const apiBase = new URL(apiUrl);
  const publicUrl = publicOrigin ? new URL(publicOrigin) : null;
  // Behind TLS (an https public origin), browsers are told to use https only (HSTS, a year).
  const securityHeaders =
    publicUrl?.protocol === 'https:' ? { ...SECURITY_HEADERS, 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : SECURITY_HEADERS;
  const compressed = new Map();
  // A page's status (404, 301) and robots.txt and the sitemaps, from the route table and the API (docs/adr/027).
  const pages = createPageStatus({ routes, apiBase, now });
  const seo = createSeo({ routes, apiBase, now });
  // Server rendering (issue 19, docs/adr/029): EDGE_SSR=0 renders every page in the browser only.
  const renderer = ssr
    ? createRenderer({
        apiUrl: `${apiBase.origin}${apiBase.pathname.replace(/\/$/, '')}`,
        cacheEnabled: ssrCache,
        // A server build's build.json, from the deploy root or the origin (null: not deployed).
        readBuildInfo: (path) =>
          files
            .readFile(join(deployRoot, path.replace(/^\/_edge\/shell\//, '/shell/')), 'utf8')
            .then((text) => JSON.parse(text))
            .catch((error) => {
              if (error instanceof OriginError) throw error;
              return null;
            }),
      })
    : null;
  const federation = ssr ? loadFederationModules() : Promise.resolve(null);
  /** Browser manifests of remote builds (immutable per version), for the page's CSS and scripts. */
  const remoteManifests = new Map();
  // Compressed copies of bodies the edge sends again (the sitemaps), per body.
  const compressedBodies = new WeakMap();
  // A remote in development: the page fetches its manifest and its live-reload socket.
  const extraConnect = [...new Set(Object.values(overrides).flatMap((url) => [new URL(url).origin, `ws://${new URL(url).host}`]))];

  /** Reads a JSON file of the root; when it is missing or invalid the last good one is kept, said once. */
  async function readGood(name, check, last) {
    try {
      const value = JSON.parse(await files.readFile(join(deployRoot, name), 'utf8'));
      if (!check(value)) throw new Error('it does not have the expected shape');
      warned.delete(name);
      return value;
    } catch (error) {
      if (!last) throw error;
      if (!warned.has(name)) {
        warned.add(name);
        console.error(`[edge] ${name} in ${origin ?? deployRoot} is unreadable or invalid (${error.message}); serving the last good one until it is fixed`);
      }
      return last;
    }
  }

  async function readManifest() {
    goodManifest = await readGood('remotes.json', checkManifestShape, goodManifest);
    return goodManifest;
  }

  async function readShell() {
    goodShell = await readGood('shell.json', checkShellShape, goodShell);
    return goodShell;
  }

  /**
   * The shopper's edge session: the signed `mf_sid` cookie, minted when the request has none
   * (or a forged one). `setCookie` is the header to send with the answer, if any.
   */
  const mints = new Map();
  // Addresses or subnets (10.0.0.0/8, fd00::/8): in a cluster the balancers' pods change address.
  const trusted = new BlockList();
  for (const entry of trustProxy) {
    const [address, bits] = entry.replace(/^::ffff:/, '').split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (!isIP(address)) throw new Error(`EDGE_TRUST_PROXY: ${entry} is not an address or a subnet`);
    if (bits === undefined) trusted.addAddress(address, type);
    else trusted.addSubnet(address, Number(bits), type);
  }
  const isTrusted = (address) => isIP(address) !== 0 && trusted.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
  /**
   * The client's address: the socket's, unless the socket is a trusted load balancer; then the
   * rightmost X-Forwarded-For entry that is not itself a trusted proxy (what the balancer saw).
   */
  function clientAddressOf(req) {
    const socket = String(req.socket.remoteAddress || '').replace(/^::ffff:/, '');
    if (!isTrusted(socket)) return socket;
    const hops = String(req.headers['x-forwarded-for'] || '')
      .split(',')
      .map((a) => a.trim().replace(/^::ffff:/, ''))
      .filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i -= 1) if (!isTrusted(hops[i])) return hops[i];
    return socket;
  }
  /**
   * Whether this client address may be given one more new session this minute (counted). The
   * edge is the front door (or trusts only its own load balancers' X-Forwarded-For), so a client cannot choose its address. A
   * session is what a vote about a release is tied to: this bounds how many votes one
   * machine can mint (docs/adr/024); a shopper past it still gets the store, without one.
   */
  function mayMint(req) {
    const minute = Math.floor(now() / 60_000);
    if (mints.size > 100_000) mints.clear();
    const address = clientAddressOf(req);
    const seen = mints.get(address);
    const count = seen && seen.minute === minute ? seen.count + 1 : 1;
    mints.set(address, { minute, count });
    return count <= mintsPerAddressMinute;
  }

  function sessionOf(req) {
    const id = verifySession(secret, readCookie(req.headers.cookie, SESSION_COOKIE));
    if (id) return { id, setCookie: null };
    if (!mayMint(req)) return { id: null, setCookie: null };
    const value = mintSession(secret);
    const secure = publicUrl ? publicUrl.protocol === 'https:' : Boolean(req.socket.encrypted);
    return { id: value.split('.')[0], setCookie: sessionCookie(value, secure) };
  }

  /** Which build of an app the session was given: the canary when its bucket is under the percent. */
  function channelFor(app, channels, sessionId) {
    const { canary } = channels;
    if (!canary || !sessionId) return 'stable';
    return bucketOf(app, canary.salt ?? app, sessionId) < canary.percent ? 'canary' : 'stable';
  }

  /** The shell build for this session: its canary when in its bucket and deployed, else stable. */
  async function shellFor(sessionId) {
    const shell = await readShell();
    const stable = { version: shell.version, channel: 'stable', dir: join(deployRoot, 'shell', shell.version) };
    if (shell.canary && channelFor('shell', { canary: shell.canary }, sessionId) === 'canary') {
      const dir = join(deployRoot, 'shell', shell.canary.version);
      if (
        await files.stat(join(dir, 'index.html')).then(
          () => true,
          () => false,
        )
      )
        return { version: shell.canary.version, channel: 'canary', dir, live: [dir, stable.dir] };
    }
    return { ...stable, live: shell.canary ? [stable.dir, join(deployRoot, 'shell', shell.canary.version)] : [stable.dir] };
  }

  /** Deployed shell builds other than the live ones (not half-copied deploys). */
  async function otherShellDirs(live) {
    const names = await files.readdir(join(deployRoot, 'shell')).catch(() => []);
    return names
      .filter((name) => VERSION.test(name) && !/\.partial-\d+$/.test(name))
      .map((name) => join(deployRoot, 'shell', name))
      .filter((dir) => !live.includes(dir));
  }

  /**
   * Whether a vote about `app`@`version` from this session counts: the version must be the
   * app's stable, or its canary for a session in the canary's bucket.
   */
  async function judgeFor(sessionId) {
    const manifest = await readManifest();
    const shell = await readShell().catch(() => null);
    return (app, version) => {
      const channels = app === 'shell' ? (shell ? { stable: { version: shell.version }, canary: shell.canary } : null) : manifest.remotes[app];
      if (!channels) return 'unknown';
      if (version === channels.stable.version) return 'yes';
      if (channels.canary && version === channels.canary.version) return channelFor(app, channels, sessionId) === 'canary' ? 'yes' : 'not-assigned';
      return 'unknown';
    };
  }

  /** POST /_edge/beacon: what a page loaded and how it went (docs/adr/024). Always 204 unless refused. */
  async function receiveBeacon(req, res) {
    const declared = Number(req.headers['content-length'] || 0);
    if (declared > BEACON_LIMIT) {
      req.resume();
      return sendJson(req, res, 413, { message: 'A beacon is at most 8 KiB.', code: 'BODY_TOO_LARGE' });
    }
    const chunks = [];
    let size = 0;
    for await (const chunk of req) {
      size += chunk.length;
      if (size > BEACON_LIMIT) return sendJson(req, res, 413, { message: 'A beacon is at most 8 KiB.', code: 'BODY_TOO_LARGE' });
      chunks.push(chunk);
    }
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return sendJson(req, res, 400, { message: 'A beacon is a JSON object with events.', code: 'BAD_BEACON' });
    }
    const events = parseBeacon(body, SIGNAL_APPS);
    if (!events) return sendJson(req, res, 400, { message: 'A beacon is a JSON object with events.', code: 'BAD_BEACON' });
    const sessionId = verifySession(secret, readCookie(req.headers.cookie, SESSION_COOKIE));
    if (!sessionId) {
      signal.reject('noSession', events.length);
    } else if (!signal.allow(sessionId)) {
      signal.reject('rateLimited', events.length);
      return sendJson(req, res, 429, { message: 'Too many beacons from this session; try again in a minute.', code: 'RATE_LIMITED' }, { 'retry-after': '60' });
    } else {
      signal.record(sessionId, events, await judgeFor(sessionId));
    }
    res.writeHead(204, { ...securityHeaders, 'cache-control': 'no-store' });
    res.end();
  }

  function send(req, res, status, headers, body, ext) {
    const accept = String(req.headers['accept-encoding'] || '');
    let payload = body;
    const outHeaders = { ...securityHeaders, ...headers, vary: 'Accept-Encoding' };
    if (COMPRESSIBLE.has(ext) && body.length > 1024) {
      const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
      if (encoding) {
        const copies = compressedBodies.get(body) ?? {};
        // Brotli 6: the home page's document in 1.4 ms; brotli 9 took 14.6 ms, longer than
        // rendering it, for 2 % fewer bytes.
        payload = copies[encoding] ??=
          encoding === 'br' ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } }) : gzipSync(body, { level: 6 });
        compressedBodies.set(body, copies);
        outHeaders['content-encoding'] = encoding;
      }
    }
    outHeaders['content-length'] = payload.length;
    res.writeHead(status, outHeaders);
    res.end(req.method === 'HEAD' ? undefined : payload);
  }

  /** A copy of a file, made once: `{ body, made }` (body set once made). */
  function copyOnce(id, make) {
    let entry = compressed.get(id);
    if (!entry) {
      entry = { body: null, made: make() };
      entry.made.then(
        (body) => (entry.body = body),
        () => compressed.delete(id),
      );
      compressed.set(id, entry);
    }
    return entry;
  }
  const copyKey = (file, info, encoding) => `${file}:${info.mtimeMs}:${encoding}`;
  const bestCopy = (file, info, encoding) => copyOnce(copyKey(file, info, encoding), async () => compress(await files.readFile(file), encoding, 'best'));

  /**
   * A static file's bytes for `encoding`. Files in versioned folders never change, so each is
   * read once and compressed once, at the best ratio (brotli 11), on the thread pool: that takes
   * a second or two for the shell's entry, and done inline it stopped every other request to
   * this edge meanwhile. Until the best copy is there, requests get a quick one (brotli 4 or
   * gzip 6), made once too.
   */
  async function staticBody(file, info, encoding) {
    const key = copyKey(file, info, encoding);
    if (!encoding) return copyOnce(key, () => files.readFile(file)).made;
    const best = bestCopy(file, info, encoding);
    if (best.body) return best.body;
    const quick = copyOnce(`${key}:quick`, async () => compress(await files.readFile(file), encoding, 'quick'));
    const body = await Promise.race([best.made, quick.made]);
    // The quick copy is not kept once the best is made.
    best.made.then(
      () => compressed.delete(`${key}:quick`),
      () => undefined,
    );
    return body;
  }

  /**
   * The live builds' files (the shell's stable and canary, each remote's stable and canary),
   * compressed at their best (brotli) ahead of the shoppers who will ask for them: at start,
   * and for a build that goes live later (checked every WARM_EVERY_MS). One file at a time, on
   * the thread pool. Source maps are left for when someone asks.
   */
  const warmed = new Set();
  async function warmLiveBuilds() {
    const dirs = [];
    const shell = await readShell().catch(() => null);
    if (shell) dirs.push(join(deployRoot, 'shell', shell.version), ...(shell.canary ? [join(deployRoot, 'shell', shell.canary.version)] : []));
    const manifest = await readManifest().catch(() => null);
    for (const [remote, channels] of Object.entries(manifest?.remotes ?? {}))
      for (const release of [channels.stable, channels.canary]) if (release?.version) dirs.push(join(deployRoot, 'remotes', remote, release.version));
    for (const dir of dirs) {
      if (warmed.has(dir)) continue;
      const names = await files.readdir(dir).catch(() => null);
      if (!names) continue;
      warmed.add(dir);
      for (const name of names) {
        if (!COMPRESSIBLE.has(extname(name)) || name.endsWith('.map')) continue;
        const file = join(dir, name);
        const info = await files.stat(file).catch(() => null);
        if (!info?.isFile() || info.size <= 1024) continue;
        await bestCopy(file, info, 'br').made.catch(() => undefined);
      }
    }
  }
  let warming = null;
  const warm = () => (warming ??= warmLiveBuilds().finally(() => (warming = null)));
  const warmTimer = warmAhead ? setInterval(warm, WARM_EVERY_MS) : null;
  warmTimer?.unref();
  if (warmAhead) setTimeout(warm, 0).unref();

  /** Files in versioned folders never change, so each is compressed once (staticBody). */
  async function sendStatic(req, res, file, cacheControl) {
    let info;
    try {
      info = await files.stat(file);
    } catch (error) {
      // An origin that does not answer is not a missing file (502, not 404).
      if (error instanceof OriginError) throw error;
      return false;
    }
    if (!info.isFile()) return false;
    const ext = extname(file);
    const accept = String(req.headers['accept-encoding'] || '');
    const encoding = COMPRESSIBLE.has(ext) && info.size > 1024 ? (/\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null) : null;
    const body = await staticBody(file, info, encoding);
    const headers = {
      ...securityHeaders,
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

  /**
   * remotes.json as this shopper gets it: the file (without the release CLI's rollout state)
   * and the session's bucket per remote, drawn with each canary's own salt (docs/adr/024).
   */
  async function sendRemotesJson(req, res) {
    const session = sessionOf(req);
    const manifest = await servedManifest(session);
    const headers = { 'content-type': TYPES['.json'], 'cache-control': 'no-store' };
    if (session.setCookie) headers['set-cookie'] = session.setCookie;
    send(req, res, 200, headers, Buffer.from(JSON.stringify(manifest)), '.json');
  }

  /** remotes.json as a session gets it (the same for its remotes.json and its server render). */
  async function servedManifest(session) {
    const manifest = structuredClone(await readManifest());
    manifest.cohorts = {};
    for (const remote of REMOTE_APPS) {
      const channels = manifest.remotes[remote];
      if (!channels) continue;
      if (channels.canary) delete channels.canary.rollout;
      // Without a session (minting refused), the last bucket: stable unless a canary is at 100 %.
      manifest.cohorts[remote] = session.id ? bucketOf(remote, channels.canary?.salt ?? remote, session.id) : 99;
    }
    for (const [remote, entry] of Object.entries(overrides)) {
      if (manifest.remotes[remote]) manifest.remotes[remote] = { stable: { version: 'dev', entry } };
    }
    return manifest;
  }

  /** Where the runtime fetches a deployed file from: the origin, or this edge itself (loopback). */
  function deployedUrl(req, path) {
    if (origin) return `${origin.replace(/\/$/, '')}${path.replace(/^\/_edge\/shell\//, '/shell/')}`;
    // The address the request came in on. A client that has gone (its socket closed) leaves no
    // address: then the one the edge listens on. The builds' runtime loads with the URL of the
    // request that first asks for them, and a failed load is kept for that set of builds (for
    // SSR_RETRY_FAILED_MS): one page request dropped at that moment sent every later page to the
    // browser.
    if (!req.socket.localPort) {
      const listening = server.address();
      if (!listening || typeof listening === 'string') throw new Error('the edge is not listening');
      const wildcard = listening.address === '::' || listening.address === '0.0.0.0';
      return `http://${wildcard ? '127.0.0.1' : listening.family === 'IPv6' ? `[${listening.address}]` : listening.address}:${listening.port}${path}`;
    }
    const address = req.socket.localAddress || '127.0.0.1';
    const host = isIPv6(address.replace(/^::ffff:/, '')) && !address.startsWith('::ffff:') ? `[${address}]` : address.replace(/^::ffff:/, '');
    return `http://${host}:${req.socket.localPort}${path}`;
  }

  /** A deployed file's text (a build's CSS: immutable, kept), null when unreadable. */
  const deployedTexts = new Map();
  function deployedText(file) {
    let text = deployedTexts.get(file);
    if (!text) {
      text = file ? files.readFile(file, 'utf8').catch(() => null) : Promise.resolve(null);
      deployedTexts.set(file, text);
      text.then((value) => value === null && deployedTexts.delete(file));
      if (deployedTexts.size > 500) deployedTexts.delete(deployedTexts.keys().next().value);
    }
    return text;
  }
  const remoteFile = (urlPath) => safeJoin(join(deployRoot, 'remotes'), urlPath.replace(/^\/remotes/, ''));

  /**
   * The shell build's stylesheets, inlined (the header and the page's frame are styled before
   * any script runs; a link would cost the first paint a round trip). Each under the URL the
   * shell's CSS loader looks for, so its chunks never load them a second time.
   */
  async function shellStyles(shell) {
    const info = await deployedText(join(shell.dir, 'build.json'));
    let names = [];
    try {
      names = (JSON.parse(info ?? '{}').styles ?? []).filter((name) => typeof name === 'string' && /^[\w.-]+\.css$/.test(name));
    } catch {
      names = [];
    }
    const styles = await Promise.all(names.map(async (name) => ({ href: `/${name}`, text: await deployedText(join(shell.dir, name)) })));
    return styles.filter((style) => style.text !== null);
  }

  async function browserManifestOf(remote, version) {
    const key = `${remote}@${version}`;
    let manifest = remoteManifests.get(key);
    if (!manifest) {
      manifest = files
        .readFile(join(deployRoot, 'remotes', remote, version, 'mf-manifest.json'), 'utf8')
        .then((text) => JSON.parse(text))
        .catch(() => null);
      remoteManifests.set(key, manifest);
      if (remoteManifests.size > 200) remoteManifests.delete(remoteManifests.keys().next().value);
    }
    return manifest;
  }

  /**
   * The page rendered on the server, as a document; null when it is left to the browser (no
   * server build, a failure, rendering switched off, a development remote).
   */
  async function renderedDocument(req, url, shell, session, indexHtml, nonce) {
    const fed = await federation;
    if (!renderer || !fed) return null;
    const manifest = await servedManifest(session);
    const chosenByEdge = fed.chooseReleases(manifest, 99);
    const query = url.searchParams.get(fed.OVERRIDE_PARAM);
    const qa = query === 'clear' ? {} : query ? fed.parseOverrides(query) : fed.parseOverrides(readCookie(req.headers.cookie, fed.OVERRIDE_COOKIE));
    const { chosen } = fed.applyOverrides(chosenByEdge, manifest, qa);
    const route = fed.matchRoute(url.pathname.replace(/^\/(ae|sg|sa|us)(?=\/|$)/i, '') || '/');
    // A remote in development (npm run dev) renders in the browser, with its hot reload.
    const only = renderer.serverRemotes.filter((remote) => !(remote in overrides));
    // A shopper's own page (the cart, checkout, the order list) is rendered for them, with their
    // cookies, and never kept (docs/adr/033).
    const personal = renderer.isPersonal(route) && !(route.remote in overrides);
    const rendered = await renderer.render({
      url: `${url.pathname}${url.search}`,
      hostname: siteOf(req).hostname,
      headers: req.headers,
      shellVersion: shell.version,
      manifest,
      chosen,
      urlOf: (path) => deployedUrl(req, path),
      only: personal && !only.includes(route.remote) ? [...only, route.remote] : only,
      personal,
    });
    if (!rendered) return null;
    let assets = { css: [], js: [], styles: await shellStyles(shell) };
    // The page's remote: its entry and the page's chunks are preloaded (the browser needs them
    // to hydrate, or to render an area left to it); when it renders on the server, its CSS is
    // inlined (a stylesheet link would hold every script of the page, the shell's too, while it
    // loads: a stalled remote folder would stop the whole page).
    // A URL the routing lookup resolved (a product, an SEO listing) is a page the route table
    // does not name: the render says which it was.
    const page = route ?? pageOfRender(rendered.head.page, chosen);
    if (page) {
      const release = chosen[page.remote];
      const remoteManifest = await browserManifestOf(page.remote, release.version);
      if (remoteManifest) {
        const files = pageAssets(release.entry, remoteManifest, page.expose);
        const styles = rendered.serverRemotes.includes(page.remote)
          ? (await Promise.all(files.css.map(async (href) => ({ href, text: await deployedText(remoteFile(href)) })))).filter((style) => style.text !== null)
          : [];
        assets = { js: files.js, css: [], styles: [...assets.styles, ...styles] };
      }
    }
    return {
      html: composeDocument(indexHtml, rendered, assets, nonce, manifest),
      status: rendered.head.status,
      cached: rendered.cached,
      timing: rendered.cached ? null : rendered.timing,
    };
  }

  /** The page a render says it was (`head.page`), if it names a remote of this session's builds. */
  function pageOfRender(page, chosen) {
    if (!page || typeof page.remote !== 'string' || typeof page.expose !== 'string') return null;
    if (!Object.hasOwn(chosen, page.remote) || !/^\.\/\w+$/.test(page.expose)) return null;
    return { remote: page.remote, expose: page.expose };
  }

  /** The origin a request reached (for robots.txt and the sitemaps) and its host name (the page's country). */
  function siteOf(req) {
    const origin = siteOriginOf({ publicUrl, host: req.headers.host, encrypted: Boolean(req.socket.encrypted) });
    return { origin, hostname: origin ? new URL(origin).hostname : '' };
  }

  /** The shell's document; 404 for a page the shell shows as not found (it renders the not-found page). */
  async function sendDocument(req, res, shell, session, status = 200, url = null) {
    const nonce = randomBytes(16).toString('base64');
    let html = (await files.readFile(join(shell.dir, 'index.html'), 'utf8'))
      .replace(/<script\b/g, `<script nonce="${nonce}"`)
      // Which shell build this is, for the shell's own release beacons.
      .replace(/<head>/i, `<head><meta name="eyewear-shell" content="${shell.version}" data-channel="${shell.channel}">`);
    // How the page was made, for the bench and for whoever debugs a page: rendered now, from
    // the HTML cache (fresh or stale), or left to the browser.
    let rendering = 'client';
    let serverTiming = null;
    if (url) {
      const rendered = await renderedDocument(req, url, shell, session, html, nonce).catch((error) => {
        console.error(`[edge] server render of ${url.pathname} failed: ${error.message}`);
        return null;
      });
      if (rendered) {
        html = rendered.html;
        rendering = rendered.cached ?? 'rendered';
        if (rendered.timing) serverTiming = `render;dur=${rendered.timing.ms.toFixed(1)}, cpu;dur=${rendered.timing.cpuMs.toFixed(1)}`;
        // The page knows better than the route table (a product that is gone is 404).
        if (typeof rendered.status === 'number' && rendered.status >= 400) status = rendered.status;
      }
    }
    send(
      req,
      res,
      status,
      {
        'content-type': TYPES['.html'],
        // Private: the document names the session's shell build and may set its cookie.
        'cache-control': 'no-cache, private',
        'content-security-policy': contentSecurityPolicy(nonce, extraConnect, captchaProvider),
        'x-edge-render': rendering,
        ...(serverTiming ? { 'server-timing': serverTiming } : {}),
        ...(session.setCookie ? { 'set-cookie': session.setCookie } : {}),
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
    headers['x-forwarded-for'] = clientAddressOf(req);
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
    // A write may change what rendered pages show (a review): the next page asks the API's
    // render version again rather than trusting the last answer (render.mjs VERSION_TTL_MS).
    if (req.method !== 'GET' && req.method !== 'HEAD') renderer?.forgetRenderVersion();
    for (let attempt = 0; ; attempt += 1) {
      const outcome = await proxyAttempt(req, res, target, body, attempt);
      if (outcome.status !== 'failed') return;
      // Tried again on another connection (behind a Service, likely another pod) only when a
      // repeat cannot do a write twice: the request never reached an API (connection refused), or
      // it is a read, or a write the API runs once per Idempotency-Key (issue 38).
      // An answer that was only slow is not asked for again: the API may still be working on it.
      const again =
        attempt < API_RETRIES && !res.headersSent && !res.destroyed && outcome.code !== 'ESLOW' && (outcome.code === 'ECONNREFUSED' || safeToRepeat(req));
      if (!again) return sendApiFailure(req, res, outcome);
      await new Promise((resolveWait) => setTimeout(resolveWait, API_RETRY_DELAYS_MS[attempt] ?? 200));
    }
  }

  /** The edge's answer when the API could not give one: 502 unreachable, or 504 too slow. */
  function sendApiFailure(req, res, outcome) {
    if (res.headersSent) return res.destroy();
    if (outcome.timedOut) return sendJson(req, res, 504, { message: 'The storefront API did not answer in time.', code: 'API_TIMEOUT' });
    return sendJson(req, res, 502, { message: 'The storefront API is not reachable.', code: 'API_UNREACHABLE' });
  }

  /**
   * One try of a proxied call: resolves `answered` once the API's answer is being relayed, or
   * `failed` (with the socket error's code, or `timedOut`) when no answer came; `gone` when the
   * shopper left first.
   */
  function proxyAttempt(req, res, target, body, attempt) {
    return new Promise((settle) => {
      let upstream;
      try {
        upstream = httpRequest({
          protocol: apiBase.protocol,
          hostname: apiBase.hostname,
          port: apiBase.port,
          path: target,
          method: req.method,
          headers: upstreamHeaders(req, req.method === 'GET' || req.method === 'HEAD' ? undefined : body.length),
          // A retry opens a fresh connection: it never rides a pooled socket to the API that just failed.
          ...(attempt > 0 ? { agent: false } : {}),
        });
      } catch {
        sendJson(req, res, 400, { message: 'The request path is not valid.', code: 'BAD_PATH' });
        return settle({ status: 'answered' });
      }
      let answered = false;
      let done = false;
      const finish = (outcome) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        settle(outcome);
      };
      const fail = (outcome) => {
        if (done) return;
        upstream.destroy();
        finish({ status: 'failed', ...outcome });
      };
      // One timer: connecting, then waiting for the answer's headers.
      let timer = setTimeout(() => fail({ timedOut: true, code: 'ETIMEDOUT' }), connectTimeoutMs);
      upstream.on('socket', (socket) => {
        const connected = () => {
          clearTimeout(timer);
          if (!answered) timer = setTimeout(() => fail({ timedOut: true, code: 'ESLOW', reached: true }), responseTimeoutMs);
        };
        if (socket.connecting) socket.once('connect', connected);
        else connected();
      });
      upstream.on('response', (answer) => {
        answered = true;
        clearTimeout(timer);
        const headers = { ...securityHeaders };
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name)) headers[name] = value;
        }
        res.writeHead(answer.statusCode || 502, headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
        finish({ status: 'answered' });
      });
      upstream.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
        // The API may answer (413) and close while the body is still being written: its
        // answer is what the shopper gets.
        if (answered) return;
        fail({ code: error?.code ?? 'ERROR' });
      });
      // The shopper went away before the answer was complete: stop asking the API.
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
        finish({ status: 'gone' });
      });
      upstream.end(body.length ? body : undefined);
    });
  }

  const server = createServer(async (req, res) => {
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
      // Appended to the origin, never resolved against it: `//` and `//host/x` stay paths (a
      // protocol-relative reference would be a host, or no URL at all: a 500).
      const url = new URL(`http://edge.local${rawUrl}`);
      if (url.pathname === '/_edge/beacon') {
        if (req.method !== 'POST') return send(req, res, 405, { 'content-type': TYPES['.txt'], allow: 'POST' }, Buffer.from('Method not allowed'), '.txt');
        return await receiveBeacon(req, res);
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return send(req, res, 405, { 'content-type': TYPES['.txt'], allow: 'GET, HEAD' }, Buffer.from('Method not allowed'), '.txt');
      }
      if (url.pathname === '/remotes.json') return await sendRemotesJson(req, res);
      if (url.pathname === '/livez') return sendJson(req, res, 200, { edge: 'ok' });
      if (url.pathname === '/healthz') return await sendReadiness(req, res);
      if (url.pathname.startsWith('/_edge/shell/')) {
        // A shell build's server files (issue 19), for the edge's own runtime: the server build only.
        const [, , , version, folder] = url.pathname.split('/');
        const file =
          VERSION.test(version ?? '') && folder === 'server' ? safeJoin(join(deployRoot, 'shell', version), url.pathname.split('/').slice(4).join('/')) : null;
        if (file && (await sendStatic(req, res, file, IMMUTABLE))) return;
        return send(req, res, 404, { 'content-type': TYPES['.txt'], 'cache-control': 'no-store' }, Buffer.from('Not found'), '.txt');
      }
      if (url.pathname.startsWith('/remotes/')) {
        // The edge's own count of answers per build, part of the release signal.
        const [, , app, version] = url.pathname.split('/');
        const counted = REMOTE_APPS.includes(app) && VERSION.test(version ?? '');
        const file = safeJoin(join(deployRoot, 'remotes'), url.pathname.slice('/remotes'.length));
        if (file && (await sendStatic(req, res, file, IMMUTABLE))) {
          if (counted) signal.recordFile(app, version, 200);
          return;
        }
        if (counted) signal.recordFile(app, version, 404);
        return send(req, res, 404, { 'content-type': TYPES['.txt'], 'cache-control': 'no-store' }, Buffer.from('Not found'), '.txt');
      }
      // robots.txt, the sitemaps and legacy redirects need no session.
      const seoAnswer = await seo.answer(url.pathname, siteOf(req));
      if (seoAnswer) return send(req, res, seoAnswer.status, seoAnswer.headers, seoAnswer.body, seoAnswer.ext);
      const legacy = await pages.redirectOf(url.pathname, url.search);
      if (legacy) {
        const headers = { 'content-type': TYPES['.txt'], 'cache-control': 'public, max-age=86400', location: legacy };
        return send(req, res, 301, headers, Buffer.from(`Moved permanently to ${legacy}`), '.txt');
      }
      const session = sessionOf(req);
      const shell = await shellFor(session.id);
      if (url.pathname !== '/' && url.pathname !== '/index.html' && extname(url.pathname)) {
        // The shell's assets are content-hashed: cache them for good. Other files with an
        // extension (legacy .html URLs such as /eyeglasses.html) are routes of the app. An
        // asset is looked for in this session's shell build, then in the other live one, so
        // a tab opened before a shell canary started or ended keeps working.
        const hashed = /\.[0-9a-f]{8}\./.test(url.pathname);
        // A content-hashed file names one build: a tab opened on a shell that is no longer
        // live (promoted over, rolled back) still finds its lazy chunks in that build's folder,
        // which gc keeps for its grace period (skew protection, docs/release-guide.md).
        const dirs = hashed ? [...shell.live, ...(await otherShellDirs(shell.live))] : shell.live;
        for (const dir of dirs) {
          const file = safeJoin(dir, url.pathname);
          if (file && file !== join(dir, 'index.html') && (await sendStatic(req, res, file, hashed ? IMMUTABLE : 'no-cache'))) {
            if (hashed) signal.recordFile('shell', dir.slice(join(deployRoot, 'shell').length + 1), 200);
            return;
          }
        }
        if (hashed) {
          // A build's file that no build has: a 404 (never the document), counted for this build.
          signal.recordFile('shell', shell.version, 404);
          return send(req, res, 404, { 'content-type': TYPES['.txt'], 'cache-control': 'no-store' }, Buffer.from('Not found'), '.txt');
        }
      }
      return await sendDocument(req, res, shell, session, await pages.statusOf(url.pathname, siteOf(req).hostname), url);
    } catch (error) {
      if (res.headersSent) return res.destroy();
      if (error instanceof OriginError) {
        if (now() - originWarnedAt > 10_000) {
          originWarnedAt = now();
          console.error(`[edge] ${error.message}`);
        }
        return send(
          req,
          res,
          502,
          { 'content-type': TYPES['.txt'], 'cache-control': 'no-store' },
          Buffer.from('The origin of the deployed files did not answer.'),
          '.txt',
        );
      }
      console.error('[edge]', error);
      send(req, res, 500, { 'content-type': TYPES['.txt'], 'cache-control': 'no-store' }, Buffer.from('The edge server failed to answer.'), '.txt');
    }
  });
  server.on('close', () => {
    clearInterval(flushTimer);
    if (warmTimer) clearInterval(warmTimer);
    signal.flush().catch(() => undefined);
  });
  /** Writes the release signal now (tests, and before a planned stop). */
  /** @type {any} */ (server).flushSignal = () => signal.flush();
  /** Compresses the live builds' files now (tests); the edge does it at start and every WARM_EVERY_MS. */
  /** @type {any} */ (server).warmLiveBuilds = warm;
  return server;
}
