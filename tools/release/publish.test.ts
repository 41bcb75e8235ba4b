import { execFile } from 'node:child_process';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { digestOf, readJson } from './deploy.mjs';
import {
  HEADERS_FILE,
  IMMUTABLE,
  INVENTORY,
  NO_STORE,
  dirTarget,
  headersFileText,
  headersForPath,
  headersOf,
  parseHeadersFile,
  parseS3Url,
  publish,
  s3Settings,
  verifyTarget,
} from './publish.mjs';
import { makeDeployRoot, setCanaries, type DeployFixture } from './publish-fixture';

const run = promisify(execFile);

let fixture: DeployFixture;
let target: string;

beforeEach(async () => {
  fixture = await makeDeployRoot();
  target = join(fixture.workspace, 'published');
});

afterEach(() => rm(fixture.workspace, { recursive: true, force: true }));

/** Every file under `dir` with its inode and modification time (a rewrite changes one). */
async function snapshot(dir: string) {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const info = await stat(file);
    out[file.slice(dir.length)] = `${info.ino}:${info.mtimeMs}`;
  }
  return out;
}

const history = async (root: string) => (await readJson(join(root, 'history.json'), { entries: [] })).entries;

/** A directory target that logs what is written, in order, and can corrupt one file on its way. */
function recordingTarget(path: string, { corrupt }: { corrupt?: string } = {}) {
  const inner = dirTarget(path);
  const log: string[] = [];
  return {
    log,
    target: {
      ...inner,
      async write(key: string, body: Buffer) {
        log.push(key);
        return inner.write(key, body);
      },
      async writeFolder(folderKey: string, objects: Array<{ key: string; body: Buffer }>) {
        log.push(`${folderKey}/`);
        return inner.writeFolder(
          folderKey,
          objects.map((object) => (object.key === corrupt ? { ...object, body: Buffer.concat([object.body, Buffer.from(' ')]) } : object)),
        );
      },
    },
  };
}

describe('cache headers and content types', () => {
  it('gives every file in a versioned folder a one-year immutable cache and its type, and the channel files no-store', () => {
    const v = '0.1.0-0123456789';
    expect(headersOf(`remotes/catalog/${v}/main.0a1b2c3d.js`)).toEqual({ contentType: 'text/javascript; charset=utf-8', cacheControl: IMMUTABLE });
    expect(headersOf(`remotes/catalog/${v}/mf-manifest.json`)).toEqual({ contentType: 'application/json; charset=utf-8', cacheControl: IMMUTABLE });
    expect(headersOf(`shell/${v}/index.html`)).toEqual({ contentType: 'text/html; charset=utf-8', cacheControl: IMMUTABLE });
    expect(headersOf(`shell/${v}/styles.0a1b2c3d.css`)).toEqual({ contentType: 'text/css; charset=utf-8', cacheControl: IMMUTABLE });
    expect(headersOf(`shell/${v}/assets/logo.png`)).toEqual({ contentType: 'image/png', cacheControl: IMMUTABLE });
    expect(headersOf(`shell/${v}/assets/icon.svg`)).toEqual({ contentType: 'image/svg+xml', cacheControl: IMMUTABLE });
    expect(headersOf(`shell/${v}/font.woff2`)).toEqual({ contentType: 'font/woff2', cacheControl: IMMUTABLE });
    expect(headersOf(`shell/${v}/LICENSE`)).toEqual({ contentType: 'application/octet-stream', cacheControl: IMMUTABLE });
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    for (const name of ['remotes.json', 'shell.json', INVENTORY])
      expect(headersOf(name)).toEqual({ contentType: 'application/json; charset=utf-8', cacheControl: NO_STORE });
    // Not inside a version folder: never immutable.
    expect(headersOf('remotes/catalog.json').cacheControl).toBe(NO_STORE);
  });

  it('writes _headers rules a host applies the same way: immutable under /remotes/ and /shell/, no-store for the channel files', () => {
    const rules = parseHeadersFile(headersFileText());
    expect(headersForPath(rules, '/remotes/catalog/1.0.0/main.0a1b2c3d.js')).toEqual({ 'cache-control': IMMUTABLE });
    expect(headersForPath(rules, '/shell/1.0.0/index.html')).toEqual({ 'cache-control': IMMUTABLE });
    expect(headersForPath(rules, '/remotes.json')).toEqual({ 'cache-control': NO_STORE });
    expect(headersForPath(rules, '/shell.json')).toEqual({ 'cache-control': NO_STORE });
    expect(headersForPath(rules, `/${INVENTORY}`)).toEqual({ 'cache-control': NO_STORE });
    expect(headersForPath(rules, '/history.json')).toEqual({});
    // Cloudflare Pages allows 100 rules and one splat per rule.
    expect(rules.length).toBeLessThanOrEqual(100);
    expect(rules.every((rule) => rule.pattern.split('*').length <= 2)).toBe(true);
  });

  it('reads S3 URLs and the S3 settings from the environment', () => {
    expect(parseS3Url('s3://my-bucket/site/prod/')).toEqual({ bucket: 'my-bucket', prefix: 'site/prod' });
    expect(parseS3Url('s3://my-bucket')).toEqual({ bucket: 'my-bucket', prefix: '' });
    expect(() => parseS3Url('s3://my-bucket/a/../b')).toThrow(/plain path segments/);
    expect(() => parseS3Url('s3://B')).toThrow(/not an S3 URL/);
    expect(s3Settings({ S3_ENDPOINT: 'http://127.0.0.1:9000', AWS_REGION: 'eu-west-1' })).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(s3Settings({ AWS_DEFAULT_REGION: 'ap-south-1' })).toEqual({ endpoint: undefined, region: 'ap-south-1', forcePathStyle: false });
    expect(s3Settings({ AWS_ENDPOINT_URL_S3: 'https://r2.example', S3_FORCE_PATH_STYLE: 'false' }).forcePathStyle).toBe(false);
  });
});

describe('publish to a directory', () => {
  it('writes every versioned folder as deployed, the channel files as stored, and _headers', async () => {
    const result = await publish({ root: fixture.root, target });
    const keys = result.written.map((folder) => folder.key);
    expect(keys).toHaveLength(8);
    expect(keys).toContain(`remotes/catalog/${fixture.catalogCanary}`);
    expect(keys).toContain(`shell/${fixture.shellCanary}`);
    for (const key of keys) expect(await digestOf(join(target, key))).toBe(await digestOf(join(fixture.root, key)));
    for (const name of ['remotes.json', 'shell.json'])
      expect(await readFile(join(target, name), 'utf8')).toBe(await readFile(join(fixture.root, name), 'utf8'));
    expect(result.channels).toEqual({ 'shell.json': 'written', 'remotes.json': 'written' });
    expect(await readFile(join(target, HEADERS_FILE), 'utf8')).toBe(headersFileText());
    // Nothing of the root's own state goes out.
    expect((await readdir(target)).sort()).toEqual([HEADERS_FILE, INVENTORY, 'remotes', 'remotes.json', 'shell', 'shell.json']);
    // Every written object was read back: the files of 8 folders, the inventory and two channel files.
    const files = result.written.reduce((sum, folder) => sum + folder.files, 0);
    expect(result.readBack).toBe(files + 3);
    const inventory = await readJson(join(target, INVENTORY));
    expect(Object.keys(inventory.folders)).toEqual([...keys].sort());
    const manifest = inventory.folders[`remotes/catalog/${fixture.catalogCanary}`];
    expect(manifest.files['mf-manifest.json']).toEqual({ size: expect.any(Number), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The target is a deploy root in its own right, and verifies whole.
    expect(await verifyTarget({ target })).toMatchObject({ folders: 8 });
    // The history says who published what where.
    expect((await history(fixture.root)).filter((e: { action: string }) => e.action === 'publish')).toEqual([
      expect.objectContaining({ target, folders: keys, channelFiles: ['shell.json', 'remotes.json'], shell: fixture.stable.shell }),
    ]);
  });

  it('writes every folder, then the inventory, then shell.json, and remotes.json last', async () => {
    const { log, target: recording } = recordingTarget(target);
    await publish({ root: fixture.root, target: recording });
    const folders = log.filter((key) => key.endsWith('/'));
    expect(folders).toHaveLength(8);
    expect(log.slice(folders.length)).toEqual([INVENTORY, 'shell.json', 'remotes.json']);
  });

  it('rewrites nothing when published again, and then only remotes.json after a canary change', async () => {
    await publish({ root: fixture.root, target });
    const before = await snapshot(target);
    const again = await publish({ root: fixture.root, target });
    expect(again.written).toEqual([]);
    expect(again.already).toHaveLength(8);
    expect(again).toMatchObject({
      inventory: 'unchanged',
      headersFile: 'unchanged',
      channels: { 'shell.json': 'unchanged', 'remotes.json': 'unchanged' },
      readBack: 0,
    });
    expect(await snapshot(target)).toEqual(before);
    expect((await history(fixture.root)).filter((e: { action: string }) => e.action === 'publish')).toHaveLength(1);

    await setCanaries(fixture.root, { catalogCanary: fixture.catalogCanary, shellCanary: fixture.shellCanary, catalogPercent: 25, shellPercent: 0 });
    const { log, target: recording } = recordingTarget(target);
    const third = await publish({ root: fixture.root, target: recording });
    expect(log).toEqual(['remotes.json']);
    expect(third.channels).toEqual({ 'shell.json': 'unchanged', 'remotes.json': 'written' });
    expect((await readJson(join(target, 'remotes.json'))).remotes.catalog.canary.percent).toBe(25);
    const after = await snapshot(target);
    for (const [file, mark] of Object.entries(before)) if (file !== '/remotes.json') expect(after[file]).toBe(mark);
  });

  it('fails loudly when an object does not read back as written, and writes no channel file', async () => {
    const bad = `remotes/catalog/${fixture.catalogCanary}/mf-manifest.json`;
    const { target: recording } = recordingTarget(target, { corrupt: bad });
    await expect(publish({ root: fixture.root, target: recording })).rejects.toMatchObject({
      name: 'ReleaseError',
      message: expect.stringMatching(new RegExp(`read back of .* failed .*${bad.replace(/\./g, '\\.')}: size \\d+, expected \\d+; sha256`)),
    });
    for (const name of ['remotes.json', 'shell.json', INVENTORY]) expect(await stat(join(target, name)).catch(() => null)).toBeNull();
    expect((await history(fixture.root)).filter((e: { action: string }) => e.action === 'publish')).toEqual([]);
    // The next publish writes that folder again (it never made the inventory) and succeeds.
    const retry = await publish({ root: fixture.root, target });
    expect(retry.written.map((folder) => folder.key)).toContain(`remotes/catalog/${fixture.catalogCanary}`);
    await expect(verifyTarget({ target })).resolves.toMatchObject({ folders: 8 });
  });

  it('detects a file tampered with after publishing, and headers that no longer hold', async () => {
    await publish({ root: fixture.root, target });
    const file = `remotes/product/${fixture.stable.product}/mf-manifest.json`;
    const body = await readFile(join(target, file), 'utf8');
    await writeFile(join(target, file), body.replace('product', 'pr0duct'));
    await expect(verifyTarget({ target })).rejects.toThrow(new RegExp(`${file.replace(/\./g, '\\.')}: sha256 [0-9a-f]{12}…, expected`));
    // A publish skips published folders, but --verify-all reads them back too.
    await expect(publish({ root: fixture.root, target, verifyAll: true })).rejects.toThrow(/does not hold what was published: 1 problem/);
    await writeFile(join(target, file), body);
    await expect(verifyTarget({ target })).resolves.toBeTruthy();

    await writeFile(join(target, HEADERS_FILE), headersFileText().replace(`/shell/*\n  Cache-Control: ${IMMUTABLE}`, '/shell/*\n  Cache-Control: no-cache'));
    await expect(verifyTarget({ target })).rejects.toThrow(/Cache-Control "no-cache", expected "public, max-age=31536000, immutable"/);
  });

  it('refuses a different build under a version the target already has, before writing anything', async () => {
    await publish({ root: fixture.root, target });
    const before = await snapshot(target);
    const folder = join(fixture.root, 'remotes/account', fixture.stable.account);
    await writeFile(join(folder, 'mf-manifest.json'), JSON.stringify({ name: 'account', content: 'another build' }));
    await expect(publish({ root: fixture.root, target })).rejects.toThrow(
      new RegExp(
        `already holds other builds under these versions, nothing published: remotes/account/${fixture.stable.account} \\(mf-manifest\\.json differs\\)`,
      ),
    );
    expect(await snapshot(target)).toEqual(before);
  });

  it('skips unfinished deploys, and refuses channel files naming a build that is not there', async () => {
    await mkdir(join(fixture.root, 'remotes/catalog/9.9.9.partial-1234'), { recursive: true });
    await mkdir(join(fixture.root, 'remotes/product/9.9.9'), { recursive: true });
    await writeFile(join(fixture.root, 'remotes/product/9.9.9/main.js'), 'half a copy');
    const manifest = await readJson(join(fixture.root, 'remotes.json'));
    manifest.remotes.product.canary = { version: '9.9.9', entry: '/remotes/product/9.9.9/mf-manifest.json', percent: 5 };
    await writeFile(join(fixture.root, 'remotes.json'), JSON.stringify(manifest));
    await expect(publish({ root: fixture.root, target })).rejects.toThrow(
      /the channel files name builds that are not in .*: product 9\.9\.9 \(remotes\.json\); the folders were published, the channel files were not/,
    );
    expect(await stat(join(target, 'remotes.json')).catch(() => null)).toBeNull();
    expect(await stat(join(target, 'remotes/product/9.9.9')).catch(() => null)).toBeNull();
    expect(await stat(join(target, 'remotes/catalog/9.9.9.partial-1234')).catch(() => null)).toBeNull();
  });

  it('refuses a target that is the deploy root or overlaps it', async () => {
    for (const overlapping of [fixture.root, join(fixture.root, 'published'), fixture.workspace]) {
      await expect(publish({ root: fixture.root, target: overlapping })).rejects.toThrow(/is the deploy root or overlaps it/);
    }
    expect(await stat(join(fixture.root, INVENTORY)).catch(() => null)).toBeNull();
  });

  it('refuses a root whose remotes.json is invalid, writing nothing', async () => {
    const manifest = await readJson(join(fixture.root, 'remotes.json'));
    delete manifest.remotes.account;
    await writeFile(join(fixture.root, 'remotes.json'), JSON.stringify(manifest));
    await expect(publish({ root: fixture.root, target })).rejects.toThrow(/remotes\.json in .* is invalid/);
    expect(await stat(target).catch(() => null)).toBeNull();
  });
});

describe('the CLI', () => {
  const cli = join(__dirname, 'cli.mjs');

  it('publishes and verifies, and exits 2 with one line when the target was tampered with', async () => {
    const published = await run('node', [cli, 'publish', '--root', fixture.root, '--target', target, '--actor', 'test', '--json']);
    expect(JSON.parse(published.stdout)).toMatchObject({ target, channels: { 'remotes.json': 'written' } });
    const text = await run('node', [cli, 'publish', '--root', fixture.root, '--target', target]);
    expect(text.stdout).toContain('8 folders already published, not written again (immutable)');
    expect(text.stdout).toContain('remotes.json: unchanged (remotes.json last)');
    const verified = await run('node', [cli, 'verify', '--target', target]);
    expect(verified.stdout).toMatch(/objects in 8 published folders read back; all as published/);
    await writeFile(join(target, `shell/${fixture.stable.shell}/index.html`), '<html>defaced</html>');
    const failed = await run('node', [cli, 'verify', '--target', target]).catch((error) => error);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(new RegExp(`^release: .*shell/${fixture.stable.shell.replace(/\./g, '\\.')}/index\\.html: size`));
    const wrong = await run('node', [cli, 'publish', '--target', target, '--percent', '5']).catch((error) => error);
    expect(wrong.stderr).toContain('release: publish does not take --percent');
    const missing = await run('node', [cli, 'publish', '--root', fixture.root]).catch((error) => error);
    expect(missing.stderr).toContain('release: --target is required');
    const http = await run('node', [cli, 'publish', '--root', fixture.root, '--target', 'https://cdn.example/x']).catch((error) => error);
    expect(http.stderr).toContain('only a directory or s3://');
  });
});
