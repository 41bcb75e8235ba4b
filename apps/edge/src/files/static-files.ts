// Static files of the deployed builds, sent compressed once at their best (docs/adr/046), and
// the deployed text the pages inline (a build's CSS).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { COMPRESSIBLE, TYPES, encodingFor } from '../http/respond';
import { OriginError, type DeployFiles, type FileInfo } from './deploy-files';

/** Files in versioned folders (a build's hashed files, a remote's files): cached for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** How often the edge looks for builds gone live whose files it has not compressed yet. */
export const WARM_EVERY_MS = 15_000;

/** Deployed texts kept at most (a build's CSS files, its build.json). */
const DEPLOYED_TEXTS = 500;

type Encoding = 'br' | 'gzip';
type Level = 'best' | 'quick';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses on the thread pool: 'best' for what is kept for good, 'quick' for meanwhile. */
function compress(raw: Buffer, encoding: Encoding, level: Level): Promise<Buffer> {
  if (encoding === 'br') return brotliAsync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: level === 'best' ? 11 : 4 } });
  return gzipAsync(raw, { level: level === 'best' ? 9 : 6 });
}

/** A copy of a file, made once: `body` is set once `made` is done. */
interface Copy {
  body: Buffer | null;
  made: Promise<Buffer>;
}

export interface StaticFilesOptions {
  /** Where the deployed files are read: the disk, or an origin. */
  files: DeployFiles;
  /** The headers every answer carries (securityHeadersFor). */
  securityHeaders: Readonly<Record<string, string>>;
  /** The folders of the live builds (the shell's stable and canary, each remote's stable and canary). */
  liveDirs: () => Promise<string[]>;
  /** Compress the live builds' files ahead of shoppers: at once, then every `warmEveryMs`. */
  warmAhead: boolean;
  /** How often to look for builds gone live (default WARM_EVERY_MS). */
  warmEveryMs?: number;
}

export interface StaticFiles {
  /**
   * Sends a deployed file with `cacheControl`: true when sent, false when there is no such
   * file. An origin that does not answer is not a missing file: its OriginError is thrown.
   */
  sendStatic(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string): Promise<boolean>;
  /** Compresses the live builds' files now (tests); with warmAhead, done at start and every warmEveryMs. */
  warm(): Promise<void>;
  /** A deployed file's text (a build's CSS: immutable, kept), null when unreadable. */
  deployedText(file: string | null): Promise<string | null>;
  /** Stops warming ahead. */
  close(): void;
}

export function createStaticFiles({ files, securityHeaders, liveDirs, warmAhead, warmEveryMs = WARM_EVERY_MS }: StaticFilesOptions): StaticFiles {
  const copies = new Map<string, Copy>();

  function copyOnce(id: string, make: () => Promise<Buffer>): Copy {
    let entry = copies.get(id);
    if (!entry) {
      const copy: Copy = { body: null, made: make() };
      copy.made.then(
        (body) => (copy.body = body),
        () => copies.delete(id),
      );
      copies.set(id, copy);
      entry = copy;
    }
    return entry;
  }
  const copyKey = (file: string, info: FileInfo, encoding: Encoding | null): string => `${file}:${info.mtimeMs}:${encoding}`;
  const bestCopy = (file: string, info: FileInfo, encoding: Encoding): Copy =>
    copyOnce(copyKey(file, info, encoding), async () => compress(await files.readFile(file), encoding, 'best'));

  /**
   * A static file's bytes for `encoding`. Files in versioned folders never change, so each is
   * read once and compressed once, at the best ratio (brotli 11), on the thread pool: that takes
   * a second or two for the shell's entry, and done inline it stopped every other request to
   * this edge meanwhile. Until the best copy is there, requests get a quick one (brotli 4 or
   * gzip 6), made once too.
   */
  async function staticBody(file: string, info: FileInfo, encoding: Encoding | null): Promise<Buffer> {
    const key = copyKey(file, info, encoding);
    if (!encoding) return copyOnce(key, () => files.readFile(file)).made;
    const best = bestCopy(file, info, encoding);
    if (best.body) return best.body;
    const quick = copyOnce(`${key}:quick`, async () => compress(await files.readFile(file), encoding, 'quick'));
    const body = await Promise.race([best.made, quick.made]);
    // The quick copy is not kept once the best is made.
    best.made.then(
      () => copies.delete(`${key}:quick`),
      () => undefined,
    );
    return body;
  }

  /**
   * The live builds' files (the shell's stable and canary, each remote's stable and canary),
   * compressed at their best (brotli) ahead of the shoppers who will ask for them: at start,
   * and for a build that goes live later (checked every warmEveryMs). One file at a time, on
   * the thread pool. Source maps are left for when someone asks.
   */
  const warmed = new Set<string>();
  async function warmLiveBuilds(): Promise<void> {
    const dirs = await liveDirs().catch((): string[] => []);
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
  let warming: Promise<void> | null = null;
  const warm = (): Promise<void> => (warming ??= warmLiveBuilds().finally(() => (warming = null)));
  const warmTimer = warmAhead ? setInterval(warm, warmEveryMs) : null;
  warmTimer?.unref();
  const firstWarm = warmAhead ? setTimeout(warm, 0) : null;
  firstWarm?.unref();

  /** Files in versioned folders never change, so each is compressed once (staticBody). */
  async function sendStatic(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string): Promise<boolean> {
    let info: FileInfo;
    try {
      info = await files.stat(file);
    } catch (error) {
      // An origin that does not answer is not a missing file (502, not 404).
      if (error instanceof OriginError) throw error;
      return false;
    }
    if (!info.isFile()) return false;
    const ext = extname(file);
    const encoding = COMPRESSIBLE.has(ext) && info.size > 1024 ? encodingFor(req) : null;
    const body = await staticBody(file, info, encoding);
    const headers: OutgoingHttpHeaders = {
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

  const deployedTexts = new Map<string | null, Promise<string | null>>();
  function deployedText(file: string | null): Promise<string | null> {
    let text = deployedTexts.get(file);
    if (!text) {
      const read = file ? files.readFile(file, 'utf8').catch(() => null) : Promise.resolve(null);
      deployedTexts.set(file, read);
      read.then((value) => value === null && deployedTexts.delete(file));
      if (deployedTexts.size > DEPLOYED_TEXTS) {
        const oldest = deployedTexts.keys().next();
        if (!oldest.done) deployedTexts.delete(oldest.value);
      }
      text = read;
    }
    return text;
  }

  function close(): void {
    if (warmTimer) clearInterval(warmTimer);
    if (firstWarm) clearTimeout(firstWarm);
  }

  return { sendStatic, warm, deployedText, close };
}
