// The S3 target against a real S3-compatible server: s3rver (the maintained fork,
// @20minutes/s3rver), in this process on a free loopback port, with a directory of its own.
// It checks SigV4 signatures, keeps Content-Type, Cache-Control and x-amz-meta-* per object
// and serves GET without credentials, as a public bucket behind a CDN would.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IMMUTABLE, INVENTORY, NO_STORE, contentTypeOf, publish, s3Settings, verifyTarget } from './publish.mjs';
import { edgeBuild } from './edge-build';

const { createEdgeServer } = edgeBuild;
import { makeDeployRoot, setCanaries, type DeployFixture } from './publish-fixture';

jest.setTimeout(60_000);

const BUCKET = 'storefront';
const ENV_KEYS = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_REGION', 'S3_ENDPOINT', 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED'];
const savedEnv: Record<string, string | undefined> = {};

let server: { run: () => Promise<AddressInfo>; close: () => Promise<void> };
let endpoint: string;
let storage: string;
let fixture: DeployFixture;
let client: S3Client;

beforeAll(async () => {
  for (const key of ENV_KEYS) savedEnv[key] = process.env[key];
  storage = await mkdtemp(join(tmpdir(), 's3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: storage, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // What a release engineer sets: the standard AWS variables plus the endpoint.
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    // The SDK warns on Node 20 that its releases after January 2027 need Node 22.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  client = new S3Client({ ...s3Settings(process.env), credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
});

afterAll(async () => {
  client.destroy();
  await server.close();
  await rm(storage, { recursive: true, force: true });
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
});

beforeEach(async () => {
  fixture = await makeDeployRoot();
});

afterEach(() => rm(fixture.workspace, { recursive: true, force: true }));

async function get(key: string) {
  const answer = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return {
    body: Buffer.from(await answer.Body!.transformToByteArray()),
    contentType: answer.ContentType,
    cacheControl: answer.CacheControl,
    metadata: answer.Metadata,
  };
}

/** A client like the target's that counts the objects it puts. */
function countingClient() {
  const counting = new S3Client({ ...s3Settings(process.env) });
  const puts: string[] = [];
  counting.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'PutObjectCommand') puts.push((args.input as { Key: string }).Key);
      return next(args);
    },
    { step: 'initialize', name: 'countPuts' },
  );
  return { counting, puts };
}

describe('publish to S3 (s3rver)', () => {
  it('uploads every object with its Content-Type, Cache-Control and sha256, remotes.json last, and reads each back', async () => {
    const { counting, puts } = countingClient();
    const prefix = `site-${Date.now()}`;
    const result = await publish({ root: fixture.root, target: `s3://${BUCKET}/${prefix}`, targetOptions: { client: counting } });
    expect(result).toMatchObject({ kind: 's3', target: `s3://${BUCKET}/${prefix}`, channels: { 'shell.json': 'written', 'remotes.json': 'written' } });
    expect(result.written).toHaveLength(8);
    expect(puts.at(-1)).toBe(`${prefix}/remotes.json`);
    expect(puts.at(-2)).toBe(`${prefix}/shell.json`);
    expect(puts.at(-3)).toBe(`${prefix}/${INVENTORY}`);
    expect(result.readBack).toBe(puts.length);

    const v = fixture.catalogCanary;
    const main = fixture.mainOf[v];
    for (const [file, type] of [
      [main, 'text/javascript; charset=utf-8'],
      ['mf-manifest.json', 'application/json; charset=utf-8'],
      ['assets/logo.png', 'image/png'],
      ['assets/icon.svg', 'image/svg+xml'],
    ]) {
      const object = await get(`${prefix}/remotes/catalog/${v}/${file}`);
      expect(object.contentType).toBe(type);
      expect(object.cacheControl).toBe(IMMUTABLE);
      expect(object.metadata?.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    const css = (await readdir(join(fixture.root, 'shell', fixture.stable.shell))).find((name) => name.endsWith('.css'))!;
    expect((await get(`${prefix}/shell/${fixture.stable.shell}/${css}`)).contentType).toBe('text/css; charset=utf-8');
    expect((await get(`${prefix}/shell/${fixture.stable.shell}/index.html`)).contentType).toBe('text/html; charset=utf-8');
    for (const name of ['remotes.json', 'shell.json', INVENTORY]) {
      const object = await get(`${prefix}/${name}`);
      expect(object.cacheControl).toBe(NO_STORE);
      expect(object.contentType).toBe(contentTypeOf(name));
    }
    // Anyone can read it back over plain HTTP with the same headers (a public bucket).
    const anonymous = await fetch(`${endpoint}/${BUCKET}/${prefix}/remotes/catalog/${v}/${main}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(anonymous.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    await expect(verifyTarget({ target: `s3://${BUCKET}/${prefix}` })).resolves.toMatchObject({ folders: 8 });
    counting.destroy();
  });

  it('puts nothing when published again, and only remotes.json after a canary change', async () => {
    const prefix = `again-${Date.now()}`;
    await publish({ root: fixture.root, target: `s3://${BUCKET}/${prefix}` });
    const { counting, puts } = countingClient();
    const again = await publish({ root: fixture.root, target: `s3://${BUCKET}/${prefix}`, targetOptions: { client: counting } });
    expect(puts).toEqual([]);
    expect(again).toMatchObject({ written: [], inventory: 'unchanged', channels: { 'shell.json': 'unchanged', 'remotes.json': 'unchanged' } });
    await setCanaries(fixture.root, { catalogCanary: fixture.catalogCanary, shellCanary: fixture.shellCanary, catalogPercent: 10, shellPercent: 0 });
    await publish({ root: fixture.root, target: `s3://${BUCKET}/${prefix}`, targetOptions: { client: counting } });
    expect(puts).toEqual([`${prefix}/remotes.json`]);
    counting.destroy();
  });

  it('detects an object changed after publishing, in its body or its headers', async () => {
    const prefix = `tamper-${Date.now()}`;
    const target = `s3://${BUCKET}/${prefix}`;
    await publish({ root: fixture.root, target });
    const key = `${prefix}/remotes/product/${fixture.stable.product}/mf-manifest.json`;
    const original = await get(key);
    await client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: key,
        Body: Buffer.from('{"name":"evil"}'),
        ContentType: original.contentType,
        CacheControl: IMMUTABLE,
        Metadata: original.metadata,
      }),
    );
    await expect(verifyTarget({ target })).rejects.toThrow(/mf-manifest\.json: size 15, expected \d+; sha256 [0-9a-f]{12}…, expected/);
    // The same bytes with a short cache and no checksum: still caught.
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: original.body, ContentType: original.contentType, CacheControl: 'max-age=60' }));
    await expect(verifyTarget({ target })).rejects.toThrow(/Cache-Control "max-age=60", expected "public, max-age=31536000, immutable"; sha256 metadata ""/);
  });

  it('fails with the S3 error named when the credentials are wrong, writing no channel file', async () => {
    const prefix = `denied-${Date.now()}`;
    const wrong = new S3Client({ ...s3Settings(process.env), credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'not-the-secret' } });
    await expect(publish({ root: fixture.root, target: `s3://${BUCKET}/${prefix}`, targetOptions: { client: wrong } })).rejects.toMatchObject({
      name: 'ReleaseError',
      message: expect.stringMatching(
        new RegExp(`S3 read of s3://${BUCKET}/${prefix}/${INVENTORY} failed \\(${endpoint.replace(/\./g, '\\.')}\\): SignatureDoesNotMatch`),
      ),
    });
    wrong.destroy();
    await expect(get(`${prefix}/remotes.json`)).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('is an origin the edge serves a storefront from (anonymous GET of the bucket over HTTP)', async () => {
    const prefix = `edge-${Date.now()}`;
    await publish({ root: fixture.root, target: `s3://${BUCKET}/${prefix}` });
    const state = await mkdtemp(join(tmpdir(), 'edge-state-'));
    const edge: Server & { flushSignal?: () => Promise<void> } = createEdgeServer({
      root: state,
      origin: `${endpoint}/${BUCKET}/${prefix}`,
      apiUrl: 'http://127.0.0.1:9',
    });
    await new Promise<void>((done) => edge.listen(0, '127.0.0.1', () => done()));
    const base = `http://127.0.0.1:${(edge.address() as AddressInfo).port}`;
    try {
      const page = await fetch(`${base}/sunglasses`);
      expect(await page.text()).toContain(`content="${fixture.stable.shell}" data-channel="stable"`);
      const manifest = await (await fetch(`${base}/remotes.json`)).json();
      expect(manifest.remotes.catalog.canary).toMatchObject({ version: fixture.catalogCanary, percent: 100 });
      expect(manifest.cohorts.catalog).toEqual(expect.any(Number));
      const entry = await fetch(`${base}${manifest.remotes.catalog.canary.entry}`);
      expect(entry.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(await entry.json()).toMatchObject({ content: 'catalog-v2' });
      expect((await fetch(`${base}/remotes/catalog/9.9.9/mf-manifest.json`)).status).toBe(404);
    } finally {
      await new Promise((done) => edge.close(done));
      await edge.flushSignal!();
      await rm(state, { recursive: true, force: true, maxRetries: 3 });
    }
  });
});
