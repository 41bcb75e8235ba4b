// The deployed files read from an origin over HTTP (ORIGIN_URL): what `release publish` wrote.
import { createHash } from 'node:crypto';
import { isAbsolute, join, relative, sep } from 'node:path';
import { OriginError, type DeployFiles, type FileInfo } from './deploy-files';

/** Re-read at most every ttlMs whatever their headers say: they change with every release. */
const CHANNEL_FILES = new Set(['remotes.json', 'shell.json', 'publish.json']);

export interface OriginFilesOptions {
  /** The origin's URL (http or https), optionally with a path prefix. */
  origin: string;
  /** The deploy root whose paths map to URLs under the origin. */
  root: string;
  /** How long channel files and missing files are trusted (default 5000). */
  ttlMs?: number;
  /** The cache's size in bytes (default 128 MiB); a file over a quarter of it is not kept. */
  maxBytes?: number;
  /** How long one read from the origin may take (default 10 s). */
  timeoutMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

export interface OriginFiles extends DeployFiles {
  /** What is cached now (tests, and a look from a debugger). */
  cached(): { files: number; bytes: number };
}

interface OriginEntry {
  body: Buffer;
  size: number;
  /** A digest of the bytes: the same bytes, the same stamp (the FileInfo's mtimeMs). */
  stamp: number;
}

interface CacheSlot {
  /** null: the origin said the file is not there. */
  entry: OriginEntry | null;
  expires: number;
}

/** What publish.json says (the parts read here). */
interface Inventory {
  folders?: Record<string, unknown>;
}

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
 */
export function createOriginFiles({
  origin,
  root,
  ttlMs = 5000,
  maxBytes = 128 * 1024 * 1024,
  timeoutMs = 10_000,
  now = Date.now,
}: OriginFilesOptions): OriginFiles {
  const base = new URL(origin);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error(`the origin must be an http(s) URL (got ${origin})`);
  base.search = '';
  base.hash = '';
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const cache = new Map<string, CacheSlot>();
  const inflight = new Map<string, Promise<OriginEntry | null>>();
  let cachedBytes = 0;

  /** The origin key of a path under the root (`remotes/catalog/1.0.0/x.js`), or null outside it. */
  const keyOf = (path: string): string | null => {
    const rel = relative(root, path);
    if (!rel || rel.startsWith('..') || isAbsolute(rel)) return null;
    return rel.split(sep).join('/');
  };

  function lifetimeOf(key: string, cacheControl: string | null): number {
    if (CHANNEL_FILES.has(key)) return ttlMs;
    const directives = String(cacheControl || '').toLowerCase();
    if (/\bno-store\b|\bno-cache\b/.test(directives)) return 0;
    if (/\bimmutable\b/.test(directives)) return Infinity;
    const age = /\bs-maxage=(\d+)/.exec(directives) ?? /\bmax-age=(\d+)/.exec(directives);
    return age ? Number(age[1]) * 1000 : 0;
  }

  function forget(key: string): void {
    const old = cache.get(key);
    if (!old) return;
    cache.delete(key);
    cachedBytes -= old.entry?.size ?? 0;
  }

  function remember(key: string, entry: OriginEntry | null, lifetime: number): void {
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

  async function fetchKey(key: string): Promise<OriginEntry | null> {
    const url = new URL(key.split('/').map(encodeURIComponent).join('/'), base);
    let answer: Response;
    let body: Buffer;
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
      throw new OriginError(`the origin did not answer for ${url.pathname}: ${error instanceof Error ? error.message : String(error)}`);
    }
    // Same bytes, same stamp: the edge's compressed copies are keyed by it.
    const stamp = parseInt(createHash('sha1').update(body).digest('hex').slice(0, 12), 16);
    const entry: OriginEntry = { body, size: body.length, stamp };
    remember(key, entry, lifetimeOf(key, answer.headers.get('cache-control')));
    return entry;
  }

  async function get(path: string): Promise<OriginEntry | null> {
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

  const missing = (path: string): NodeJS.ErrnoException => Object.assign(new Error(`ENOENT: not at the origin: ${keyOf(path) ?? path}`), { code: 'ENOENT' });

  function readOriginFile(path: string): Promise<Buffer>;
  function readOriginFile(path: string, encoding: BufferEncoding): Promise<string>;
  async function readOriginFile(path: string, encoding?: BufferEncoding): Promise<Buffer | string> {
    const entry = await get(path);
    if (!entry) throw missing(path);
    return encoding ? entry.body.toString(encoding) : entry.body;
  }

  return {
    readFile: readOriginFile,
    async stat(path: string): Promise<FileInfo> {
      const entry = await get(path);
      if (!entry) throw missing(path);
      return { isFile: () => true, size: entry.size, mtimeMs: entry.stamp };
    },
    /** The shell's published versions (publish.json); an origin cannot list anything else. */
    async readdir(path: string): Promise<string[]> {
      if (keyOf(path) !== 'shell') return [];
      const inventory = JSON.parse(await readOriginFile(join(root, 'publish.json'), 'utf8')) as Inventory | null;
      return Object.keys(inventory?.folders ?? {})
        .filter((key) => key.startsWith('shell/'))
        .map((key) => key.slice('shell/'.length));
    },
    cached: () => ({ files: cache.size, bytes: cachedBytes }),
  };
}
