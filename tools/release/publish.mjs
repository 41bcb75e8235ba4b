// Publishing a deploy root past one machine: `release publish --target <dir | s3://bucket/prefix>`
// writes every versioned folder (remotes/<app>/<version>/, shell/<version>/) and then the
// channel files (shell.json, remotes.json: last) to a directory or an S3-compatible bucket,
// with the cache headers each needs, and reads every written object back before it goes on
// (docs/release-guide.md "Publishing to a CDN origin"). The edge can then serve from that
// target over HTTP (apps/edge/src/files/origin-files.ts, ORIGIN_URL).
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { REMOTE_APPS, exists } from './deploy.mjs';
import { ReleaseError, VERSION } from './errors.mjs';
import { appendHistory, manifestPath, shellPath, validateManifest, validateShell, withLock } from './manifest-store.mjs';

/** Files in a versioned folder never change: a browser or CDN may keep them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files that change between releases (the channel files, the inventory): never cached. */
export const NO_STORE = 'no-store';
/** The target's list of published folders with each file's size and sha256 (never cached). */
export const INVENTORY = 'publish.json';
/** Cache rules beside a directory target, in the `_headers` format of Netlify and Cloudflare Pages. */
export const HEADERS_FILE = '_headers';
/** Written after every folder, in this order: remotes.json last, so it never names a version not fully there. */
export const CHANNEL_FILES = ['shell.json', 'remotes.json'];

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** @param {string} key a path in the target, `remotes/catalog/1.0.0/main.js` */
export function contentTypeOf(key) {
  return CONTENT_TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** Immutable inside a versioned folder, no-store for everything else (the channel files, the inventory). */
export function cacheControlOf(key) {
  return /^(remotes\/[^/]+|shell)\/[^/]+\/./.test(key) ? IMMUTABLE : NO_STORE;
}

/** @param {string} key @returns {{ contentType: string, cacheControl: string }} */
export function headersOf(key) {
  return { contentType: contentTypeOf(key), cacheControl: cacheControlOf(key) };
}

/**
 * The `_headers` file of a directory target. Cloudflare Pages and Netlify read this format
 * and apply every rule whose path matches (one splat `*` per rule); they do not serve the
 * file itself and set Content-Type from the extension, as every static server does. Rules
 * follow the layout, not the files, so the file stays the same from one publish to the next.
 */
export function headersFileText() {
  return [
    '# Written by `release publish` (tools/release/publish.mjs), in the _headers format of Netlify and',
    '# Cloudflare Pages. Versioned folders never change; the channel files and the inventory do.',
    '/remotes/*',
    `  Cache-Control: ${IMMUTABLE}`,
    '/shell/*',
    `  Cache-Control: ${IMMUTABLE}`,
    ...['remotes.json', 'shell.json', INVENTORY].flatMap((name) => [`/${name}`, `  Cache-Control: ${NO_STORE}`]),
    '',
  ].join('\n');
}

/**
 * Parses a `_headers` file: `[{ pattern, headers }]`, header names lower-cased.
 * @param {string} text
 */
export function parseHeadersFile(text) {
  /** @type {Array<{ pattern: string, headers: Record<string, string> }>} */
  const rules = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} });
      continue;
    }
    const colon = line.indexOf(':');
    if (colon < 0 || !rules.length) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const { headers } = rules[rules.length - 1];
    headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  }
  return rules;
}

/**
 * The headers the rules give a URL path: every matching rule, combined (the hosts' rule).
 * @param {Array<{ pattern: string, headers: Record<string, string> }>} rules
 * @param {string} path `/remotes/catalog/1.0.0/main.js`
 */
export function headersForPath(rules, path) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const { pattern, headers } of rules) {
    const star = pattern.indexOf('*');
    const matches =
      star < 0 ? pattern === path : path.startsWith(pattern.slice(0, star)) && path.endsWith(pattern.slice(star + 1)) && path.length >= pattern.length - 1;
    if (!matches) continue;
    for (const [name, value] of Object.entries(headers)) out[name] = out[name] ? `${out[name]}, ${value}` : value;
  }
  return out;
}

const sha256 = (body) => createHash('sha256').update(body).digest('hex');

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited(items, limit, fn) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function* walk(dir, prefix = '') {
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(join(dir, entry.name), rel);
    else if (entry.isFile()) yield rel;
  }
}

/** `{ "<relative path>": { size, sha256 } }` of a folder, in name order. */
async function fileList(dir) {
  /** @type {Record<string, { size: number, sha256: string }>} */
  const files = {};
  for await (const rel of walk(dir)) {
    const body = await readFile(join(dir, ...rel.split('/')));
    files[rel] = { size: body.length, sha256: sha256(body) };
  }
  return files;
}

/**
 * The complete versioned folders of a deploy root: a remote's with its mf-manifest.json, the
 * shell's with its index.html (what makes a version deployed, manifest-store.mjs). Half-copied
 * deploys (`.partial-<pid>`) and folders without their marker are listed apart, never published.
 */
export async function localFolders(root) {
  const folders = [];
  const incomplete = [];
  for (const app of ['shell', ...REMOTE_APPS]) {
    const base = app === 'shell' ? 'shell' : `remotes/${app}`;
    const entries = await readdir(join(root, ...base.split('/')), { withFileTypes: true }).catch((error) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (!entry.isDirectory()) continue;
      const version = entry.name;
      const dir = join(root, ...base.split('/'), version);
      const marker = app === 'shell' ? 'index.html' : 'mf-manifest.json';
      if (!VERSION.test(version) || /\.partial-\d+$/.test(version)) {
        incomplete.push({ app, version, key: `${base}/${version}`, why: 'an unfinished deploy' });
      } else if (!(await exists(join(dir, marker)))) {
        incomplete.push({ app, version, key: `${base}/${version}`, why: `no ${marker}` });
      } else {
        folders.push({ app, version, key: `${base}/${version}`, dir, files: await fileList(dir) });
      }
    }
  }
  return { folders, incomplete };
}

/** @param {unknown} inventory @returns {inventory is { schemaVersion: 1, folders: Record<string, any> }} */
function inventoryOk(inventory) {
  if (!inventory || typeof inventory !== 'object' || /** @type {any} */ (inventory).schemaVersion !== 1) return false;
  const { folders } = /** @type {any} */ (inventory);
  if (!folders || typeof folders !== 'object') return false;
  return Object.values(folders).every(
    (folder) =>
      folder &&
      typeof folder.files === 'object' &&
      Object.values(folder.files).every((file) => file && Number.isInteger(file.size) && typeof file.sha256 === 'string'),
  );
}

async function readInventory(target) {
  const found = await target.read(INVENTORY);
  if (!found) return { schemaVersion: 1, folders: {} };
  let inventory;
  try {
    inventory = JSON.parse(found.body.toString('utf8'));
  } catch {
    inventory = null;
  }
  if (!inventoryOk(inventory)) {
    throw new ReleaseError(`${target.label}/${INVENTORY} is not a publish inventory; nothing published (fix or remove it, then publish again)`);
  }
  return inventory;
}

const sameFiles = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** What differs between two file lists, for an error message. */
function firstDifference(have, want) {
  for (const name of new Set([...Object.keys(have), ...Object.keys(want)])) {
    if (!have[name]) return `${name} is not there`;
    if (!want[name]) return `it has ${name}, this build does not`;
    if (have[name].sha256 !== want[name].sha256) return `${name} differs`;
  }
  return 'its file list differs';
}

/**
 * Reads one object back and says what is wrong with it: missing, another size or sha256, or
 * other headers (the Cache-Control every target keeps; the Content-Type and the sha256
 * metadata an S3 object keeps).
 * @returns {Promise<string | null>}
 */
async function checkObject(target, key, want) {
  const found = await target.read(key);
  if (!found) return `${key}: missing`;
  const problems = [];
  if (found.body.length !== want.size) problems.push(`size ${found.body.length}, expected ${want.size}`);
  const hash = sha256(found.body);
  if (hash !== want.sha256) problems.push(`sha256 ${hash.slice(0, 12)}…, expected ${want.sha256.slice(0, 12)}…`);
  const headers = headersOf(key);
  if (found.headers.cacheControl !== headers.cacheControl)
    problems.push(`Cache-Control "${found.headers.cacheControl ?? ''}", expected "${headers.cacheControl}"`);
  if (target.keepsContentType && found.headers.contentType !== headers.contentType)
    problems.push(`Content-Type "${found.headers.contentType ?? ''}", expected "${headers.contentType}"`);
  if (target.keepsContentType && found.headers.sha256 !== want.sha256)
    problems.push(`sha256 metadata "${found.headers.sha256 ?? ''}", expected ${want.sha256.slice(0, 12)}…`);
  return problems.length ? `${key}: ${problems.join('; ')}` : null;
}

/** Reads every object back; throws naming what did not come back as written. */
async function readBack(target, objects, what) {
  const problems = [];
  await eachLimited(objects, 8, async ({ key, size, sha256: hash }) => {
    const problem = await checkObject(target, key, { size, sha256: hash });
    if (problem) problems.push(problem);
  });
  if (problems.length) {
    problems.sort();
    const shown = problems.slice(0, 10).join('; ');
    throw new ReleaseError(
      `read back of ${target.label} failed for ${what}: ${problems.length} object${problems.length === 1 ? '' : 's'} not as written: ${shown}${problems.length > 10 ? '; ...' : ''}`,
    );
  }
  return objects.length;
}

/** An S3 URL's bucket and key prefix: `s3://bucket/some/prefix` -> `{ bucket, prefix: 'some/prefix' }`. */
export function parseS3Url(url) {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!match) throw new ReleaseError(`"${url}" is not an S3 URL (s3://<bucket>[/<prefix>])`);
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((segment) => segment === '.' || segment === '..') || prefix.includes('//')) {
    throw new ReleaseError(`"${url}": the prefix must be plain path segments`);
  }
  return { bucket: match[1], prefix };
}

/** The S3 client's settings from the standard AWS environment plus S3_ENDPOINT and S3_FORCE_PATH_STYLE. */
export function s3Settings(env = process.env) {
  const endpoint = env.S3_ENDPOINT || env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1';
  // S3-compatible servers (MinIO, Ceph, ...) want path-style addressing; AWS wants virtual hosts.
  const forcePathStyle = env.S3_FORCE_PATH_STYLE ? /^(1|true|yes)$/i.test(env.S3_FORCE_PATH_STYLE) : Boolean(endpoint);
  return { endpoint, region, forcePathStyle };
}

/** Writes a file so a reader sees the old one or the new one, never half of one. */
async function writeAtomic(file, body) {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, body);
  await rename(temp, file);
}

/**
 * A directory target: the same layout as a deploy root (an edge can serve it with --root, a
 * static host or CDN with its `_headers`). A folder is written beside its final name and
 * renamed into place, so it appears whole.
 */
export function dirTarget(path) {
  const base = resolve(path);
  const fileOf = (key) => join(base, ...key.split('/'));
  return {
    kind: 'dir',
    label: base,
    keepsContentType: false,
    /** Writes `_headers` when it is missing or not ours; true when it was written. */
    async prepare() {
      await mkdir(base, { recursive: true });
      const want = headersFileText();
      const have = await readFile(join(base, HEADERS_FILE), 'utf8').catch(() => null);
      if (have === want) return false;
      await writeAtomic(join(base, HEADERS_FILE), want);
      return true;
    },
    /** The file and the headers the target's own `_headers` gives it (Content-Type is the host's, by extension). */
    async read(key) {
      const body = await readFile(fileOf(key)).catch((error) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
        throw error;
      });
      if (!body) return null;
      const rules = parseHeadersFile(await readFile(join(base, HEADERS_FILE), 'utf8').catch(() => ''));
      return { body, headers: { cacheControl: headersForPath(rules, `/${key}`)['cache-control'] } };
    },
    async write(key, body) {
      await writeAtomic(fileOf(key), body);
    },
    async writeFolder(folderKey, objects) {
      const final = fileOf(folderKey);
      const temp = `${final}.partial-${process.pid}`;
      await rm(temp, { recursive: true, force: true });
      for (const { key, body } of objects) {
        const file = join(temp, ...key.slice(folderKey.length + 1).split('/'));
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, body);
      }
      await mkdir(dirname(final), { recursive: true });
      // A folder not in the inventory is what an interrupted publish left: nothing names it.
      await rm(final, { recursive: true, force: true });
      await rename(temp, final);
    },
    async close() {},
  };
}

/**
 * An S3 target through the AWS SDK v3, against AWS or any S3-compatible endpoint: the
 * credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
 * AWS_SESSION_TOKEN, AWS_PROFILE, ...), the rest from s3Settings. Each object carries its
 * Content-Type, Cache-Control and its sha256 as metadata (x-amz-meta-sha256).
 * @param {string} url s3://bucket/prefix
 * @param {{ client?: any, env?: Record<string, string | undefined> }} [options]
 */
export async function s3Target(url, { client, env = process.env } = {}) {
  const { bucket, prefix } = parseS3Url(url);
  /** @type {any} */
  let sdk;
  try {
    sdk = await import('@aws-sdk/client-s3');
  } catch (error) {
    throw new ReleaseError(`an s3:// target needs @aws-sdk/client-s3 (npm install): ${error.message}`);
  }
  const settings = s3Settings(env);
  const s3 = client ?? new sdk.S3Client(settings);
  const keyOf = (key) => (prefix ? `${prefix}/${key}` : key);
  const failed = (what, key, error) =>
    new ReleaseError(`S3 ${what} of s3://${bucket}/${keyOf(key)} failed (${settings.endpoint ?? 'AWS'}): ${error.name ?? 'Error'}: ${error.message}`);
  const write = async (key, body) => {
    const { contentType, cacheControl } = headersOf(key);
    try {
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(key),
          Body: body,
          ContentLength: body.length,
          ContentType: contentType,
          CacheControl: cacheControl,
          Metadata: { sha256: sha256(body) },
        }),
      );
    } catch (error) {
      throw failed('write', key, error);
    }
  };
  return {
    kind: 's3',
    label: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
    keepsContentType: true,
    settings,
    async prepare() {
      return false;
    },
    async read(key) {
      let answer;
      try {
        answer = await s3.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
      } catch (error) {
        if (error?.name === 'NoSuchKey' || error?.$metadata?.httpStatusCode === 404) return null;
        throw failed('read', key, error);
      }
      const body = Buffer.from(await answer.Body.transformToByteArray());
      return { body, headers: { contentType: answer.ContentType, cacheControl: answer.CacheControl, sha256: answer.Metadata?.sha256 } };
    },
    write,
    async writeFolder(_folderKey, objects) {
      await eachLimited(objects, 8, ({ key, body }) => write(key, body));
    },
    async close() {
      if (!client) s3.destroy();
    },
  };
}

/** A target from `--target`: `s3://bucket/prefix`, or a directory path. */
export async function openTarget(spec, options = {}) {
  if (typeof spec !== 'string' || !spec.trim()) throw new ReleaseError('--target is required: a directory, or s3://<bucket>[/<prefix>]');
  if (/^s3:\/\//i.test(spec)) return s3Target(spec, options);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(spec)) throw new ReleaseError(`--target "${spec}": only a directory or s3://<bucket>[/<prefix>] can be published to`);
  return dirTarget(spec);
}

/** A channel file of the root as stored (its bytes are what is published), validated. */
async function channelFile(root, name) {
  const file = name === 'remotes.json' ? manifestPath(root) : shellPath(root);
  const body = await readFile(file).catch((error) => {
    if (error.code === 'ENOENT') throw new ReleaseError(`no ${name} in ${root}; deploy every app first (release deploy <app>)`);
    throw error;
  });
  let value;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new ReleaseError(`${name} in ${root} is not valid JSON: ${error.message}`);
  }
  if (name === 'remotes.json') await validateManifest(value, `remotes.json in ${root}`);
  else validateShell(value, `shell.json in ${root}`);
  return { name, body, value };
}

/** `[app, version]` of every build a channel file names (stable and canary). */
function namedVersions(name, value) {
  if (name === 'shell.json') return [['shell', value.version], ...(value.canary ? [['shell', value.canary.version]] : [])];
  return Object.entries(value.remotes).flatMap(([app, channels]) => [
    [app, channels.stable.version],
    ...(channels.canary ? [[app, channels.canary.version]] : []),
  ]);
}

const folderKeyOf = (app, version) => (app === 'shell' ? `shell/${version}` : `remotes/${app}/${version}`);

/**
 * Publishes the deploy root's versioned folders and channel files to a target.
 *
 * 1. Reads and validates remotes.json and shell.json, lists the complete folders and reads
 *    the target's inventory. A folder the target already has with other files is refused,
 *    before anything is written (versions are immutable).
 * 2. Writes `_headers` (a directory target), then each folder the target does not have, and
 *    reads each of its objects back (size, sha256, headers). Folders already published are
 *    not written again.
 * 3. Writes the inventory (publish.json), read back.
 * 4. Under the root's lock: takes remotes.json and shell.json as they are now, checks that
 *    every build they name is in the target, and records a `publish` entry in the history.
 * 5. Writes shell.json, then remotes.json, each only when it differs from the target's, each
 *    read back. remotes.json is the last write, so no reader sees a version not fully there.
 *
 * @param {{ root: string, target: string | any, verifyAll?: boolean, targetOptions?: object }} options
 *   `target` is `--target`, or a target object (tests)
 */
export async function publish({ root, target: spec, verifyAll = false, targetOptions = {} }) {
  root = resolve(root);
  const owned = !spec || typeof spec !== 'object';
  if (owned && (typeof spec !== 'string' || !spec.trim())) throw new ReleaseError('--target is required: a directory, or s3://<bucket>[/<prefix>]');
  if (!(await exists(root))) throw new ReleaseError(`the deploy root ${root} does not exist`);
  // Checked first, so a root that could not be released is not published either.
  for (const name of CHANNEL_FILES) await channelFile(root, name);
  const { folders, incomplete } = await localFolders(root);
  const target = owned ? await openTarget(spec, targetOptions) : spec;
  try {
    if (target.kind === 'dir') {
      const [a, b] = [`${root}${sep}`, `${target.label}${sep}`];
      if (a.startsWith(b) || b.startsWith(a))
        throw new ReleaseError(`--target ${target.label} is the deploy root or overlaps it; publish to a folder of its own`);
    }
    const inventory = await readInventory(target);
    const conflicts = folders
      .filter((folder) => inventory.folders[folder.key] && !sameFiles(inventory.folders[folder.key].files, folder.files))
      .map((folder) => `${folder.key} (${firstDifference(inventory.folders[folder.key].files, folder.files)})`);
    if (conflicts.length) {
      throw new ReleaseError(
        `${target.label} already holds other builds under these versions, nothing published: ${conflicts.join(', ')}; published versions are immutable`,
      );
    }
    const fresh = folders.filter((folder) => !inventory.folders[folder.key]);
    const already = folders.filter((folder) => inventory.folders[folder.key]);
    const headersWritten = await target.prepare();

    let readBackCount = 0;
    let bytes = 0;
    const written = [];
    for (const folder of fresh) {
      const objects = [];
      for (const [rel, file] of Object.entries(folder.files)) {
        const body = await readFile(join(folder.dir, ...rel.split('/')));
        // The folder changed since it was listed (a deploy is never rewritten, but check).
        if (sha256(body) !== file.sha256) throw new ReleaseError(`${join(folder.dir, rel)} changed while it was being published; nothing more written`);
        objects.push({ key: `${folder.key}/${rel}`, body, size: file.size, sha256: file.sha256 });
      }
      await target.writeFolder(folder.key, objects);
      readBackCount += await readBack(target, objects, folder.key);
      bytes += objects.reduce((sum, object) => sum + object.size, 0);
      written.push({ app: folder.app, version: folder.version, key: folder.key, files: objects.length });
    }

    const next = { schemaVersion: 1, folders: { ...inventory.folders } };
    const publishedAt = new Date().toISOString();
    for (const folder of fresh) next.folders[folder.key] = { app: folder.app, version: folder.version, publishedAt, files: folder.files };
    next.folders = Object.fromEntries(Object.entries(next.folders).sort(([a], [b]) => a.localeCompare(b)));
    let inventoryWritten = false;
    if (fresh.length) {
      const body = Buffer.from(`${JSON.stringify(next, null, 2)}\n`);
      await target.write(INVENTORY, body);
      readBackCount += await readBack(target, [{ key: INVENTORY, size: body.length, sha256: sha256(body) }], INVENTORY);
      inventoryWritten = true;
    }

    // The channel files as they are now (a guard may have acted meanwhile), recorded first.
    const channels = await withLock(root, async () => {
      const files = [];
      for (const name of CHANNEL_FILES) files.push(await channelFile(root, name));
      const missing = files.flatMap(({ name, value }) =>
        namedVersions(name, value)
          .filter(([app, version]) => !next.folders[folderKeyOf(app, version)])
          .map(([app, version]) => `${app} ${version} (${name})`),
      );
      if (missing.length) {
        throw new ReleaseError(
          `the channel files name builds that are not in ${target.label}: ${missing.join(', ')}; the folders were published, the channel files were not (deploy them, or publish again)`,
        );
      }
      for (const file of files) {
        const current = await target.read(file.name);
        file.changed = !current || !current.body.equals(file.body) || current.headers.cacheControl !== NO_STORE;
      }
      if (written.length || files.some((file) => file.changed)) {
        await appendHistory(root, [
          /** @type {any} */ ({
            action: 'publish',
            target: target.label,
            folders: written.map((folder) => folder.key),
            channelFiles: files.filter((file) => file.changed).map((file) => file.name),
            remotes: Object.fromEntries(
              Object.entries(files[1].value.remotes).map(([app, c]) => [
                app,
                c.canary ? `${c.stable.version} (canary ${c.canary.version} ${c.canary.percent}%)` : c.stable.version,
              ]),
            ),
            shell: files[0].value.version,
          }),
        ]);
      }
      return files;
    });

    const channelResults = {};
    for (const file of channels) {
      if (!file.changed) {
        channelResults[file.name] = 'unchanged';
        continue;
      }
      await target.write(file.name, file.body);
      readBackCount += await readBack(target, [{ key: file.name, size: file.body.length, sha256: sha256(file.body) }], file.name);
      channelResults[file.name] = 'written';
    }

    const verified = verifyAll ? await verifyTarget({ target }) : null;
    return {
      root,
      target: target.label,
      kind: target.kind,
      settings: target.settings ?? null,
      headersFile: target.kind === 'dir' ? (headersWritten ? 'written' : 'unchanged') : null,
      written,
      already: already.map((folder) => ({ app: folder.app, version: folder.version, key: folder.key })),
      incomplete,
      inventory: inventoryWritten ? 'written' : 'unchanged',
      channels: channelResults,
      readBack: readBackCount,
      bytes,
      verified,
    };
  } finally {
    if (owned) await target.close();
  }
}

/**
 * Reads back everything a target holds according to its inventory (every file of every
 * published folder: size, sha256, headers) and its channel files (no-store, valid, naming
 * only published builds); throws naming every object that is not as published.
 * @param {{ target: string | any, targetOptions?: object }} options
 */
export async function verifyTarget({ target: spec, targetOptions = {} }) {
  const owned = !spec || typeof spec !== 'object';
  const target = owned ? await openTarget(spec, targetOptions) : spec;
  try {
    const found = await target.read(INVENTORY);
    if (!found) throw new ReleaseError(`${target.label} has no ${INVENTORY}: nothing was published there`);
    const inventory = await readInventory(target);
    const objects = Object.entries(inventory.folders).flatMap(([key, folder]) =>
      Object.entries(folder.files).map(([rel, file]) => ({ key: `${key}/${rel}`, size: file.size, sha256: file.sha256 })),
    );
    const problems = [];
    await eachLimited(objects, 8, async ({ key, size, sha256: hash }) => {
      const problem = await checkObject(target, key, { size, sha256: hash });
      if (problem) problems.push(problem);
    });
    if (target.kind === 'dir' && (await readFile(join(target.label, HEADERS_FILE), 'utf8').catch(() => null)) !== headersFileText()) {
      problems.push(`${HEADERS_FILE}: missing or not as release publish writes it`);
    }
    const channels = {};
    for (const name of CHANNEL_FILES) {
      const file = await target.read(name);
      if (!file) {
        problems.push(`${name}: missing`);
        continue;
      }
      if (file.headers.cacheControl !== NO_STORE) problems.push(`${name}: Cache-Control "${file.headers.cacheControl ?? ''}", expected "${NO_STORE}"`);
      if (target.keepsContentType && file.headers.contentType !== contentTypeOf(name))
        problems.push(`${name}: Content-Type "${file.headers.contentType ?? ''}"`);
      let value;
      try {
        value = JSON.parse(file.body.toString('utf8'));
        if (name === 'remotes.json') await validateManifest(value, `${name} in ${target.label}`);
        else validateShell(value, `${name} in ${target.label}`);
      } catch (error) {
        problems.push(`${name}: ${error.message}`);
        continue;
      }
      for (const [app, version] of namedVersions(name, value)) {
        if (!inventory.folders[folderKeyOf(app, version)]) problems.push(`${name}: names ${app} ${version}, which is not published`);
      }
      channels[name] = value;
    }
    if (problems.length) {
      problems.sort();
      throw new ReleaseError(
        `${target.label} does not hold what was published: ${problems.length} problem${problems.length === 1 ? '' : 's'}: ${problems.slice(0, 10).join('; ')}${problems.length > 10 ? '; ...' : ''}`,
      );
    }
    return { target: target.label, kind: target.kind, folders: Object.keys(inventory.folders).length, objects: objects.length + Object.keys(channels).length };
  } finally {
    if (owned) await target.close();
  }
}

const hint = (args) => `npm run release -- ${args}`;

export function formatPublish(result) {
  const lines = [`Published ${result.root} to ${result.target}`];
  if (result.settings) {
    lines.push(
      `  S3: endpoint ${result.settings.endpoint ?? 'AWS'}, region ${result.settings.region}, ${result.settings.forcePathStyle ? 'path-style' : 'virtual-hosted'} addressing`,
    );
  }
  if (result.headersFile) lines.push(`  ${HEADERS_FILE}: ${result.headersFile}`);
  for (const folder of result.written) lines.push(`  wrote ${folder.key} (${folder.files} file${folder.files === 1 ? '' : 's'})`);
  if (result.already.length)
    lines.push(`  ${result.already.length} folder${result.already.length === 1 ? '' : 's'} already published, not written again (immutable)`);
  for (const folder of result.incomplete) lines.push(`  skipped ${folder.key}: ${folder.why}`);
  lines.push(`  ${INVENTORY}: ${result.inventory}; ${CHANNEL_FILES.map((name) => `${name}: ${result.channels[name]}`).join('; ')} (remotes.json last)`);
  lines.push(
    result.readBack
      ? `  read back ${result.readBack} object${result.readBack === 1 ? '' : 's'} (size, sha256, headers): all as written`
      : '  nothing written, so nothing to read back',
  );
  if (result.verified) lines.push(`  verified the whole target: ${result.verified.objects} objects in ${result.verified.folders} folders`);
  else lines.push(`  check everything the target holds: ${hint(`verify --target ${result.target}`)}`);
  return lines;
}

export function formatVerify(result) {
  return [`${result.target}: ${result.objects} objects in ${result.folders} published folders read back; all as published`];
}
