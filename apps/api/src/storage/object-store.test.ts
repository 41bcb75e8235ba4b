import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { diskObjectStore, InvalidObjectKey, ObjectStoreUnavailable, s3ObjectStore, type ObjectStore } from '.';
import { startS3Server, type S3TestServer } from './testing';

/** The upload store's two adapters (docs/adr/044): files on disk, and an S3 API (s3rver, a real S3-compatible server). */
jest.setTimeout(60_000);

let s3: S3TestServer;
let folder: string;
beforeAll(async () => {
  s3 = await startS3Server();
  folder = await mkdtemp(join(tmpdir(), 'disk-store-'));
});
afterAll(async () => {
  await s3.close();
  await rm(folder, { recursive: true, force: true });
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4096, 3)]);

const stores: Array<[string, () => ObjectStore]> = [
  ['disk', () => diskObjectStore(folder)],
  ['s3 (s3rver)', () => s3ObjectStore({ bucket: s3.bucket, prefix: 'test', endpoint: s3.endpoint, forcePathStyle: true })],
];

describe.each(stores)('the %s store', (_name, open) => {
  let store: ObjectStore;
  beforeAll(() => {
    store = open();
  });

  it('puts an object, gets it back with its content type, replaces it, and deletes it', async () => {
    const key = `account-files/face-${Date.now()}.png`;
    await store.put(key, PNG, 'image/png');
    expect(await store.get(key)).toEqual({ data: PNG, contentType: 'image/png' });

    await store.put(key, Buffer.from('%PDF-1.7 replaced'), 'application/pdf');
    expect(await store.get(key)).toEqual({ data: Buffer.from('%PDF-1.7 replaced'), contentType: 'application/pdf' });

    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    // A delete repeated (a retry, or an object already gone) is not an error.
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('answers null for a key with no object, also under a folder that does not exist', async () => {
    expect(await store.get('account-files/nothing-here.png')).toBeNull();
    expect(await store.get('no/such/folder/at-all.pdf')).toBeNull();
  });

  it('keeps empty and binary objects byte for byte', async () => {
    const every = Buffer.from(Array.from({ length: 256 }, (_v, i) => i));
    await store.put('binary/all-bytes', every, 'application/octet-stream');
    await store.put('binary/empty', Buffer.alloc(0), 'image/png');
    expect((await store.get('binary/all-bytes'))?.data.equals(every)).toBe(true);
    expect(await store.get('binary/empty')).toEqual({ data: Buffer.alloc(0), contentType: 'image/png' });
  });

  it.each(
    [
      '../outside.png',
      'account-files/../../outside.png',
      '/etc/passwd',
      'a//b',
      'a/b/',
      '.meta/x',
      'a/.hidden',
      'a\\..\\b',
      'a/%2e%2e/b',
      '',
      'x'.repeat(513),
    ].map((key) => [key.length > 40 ? `of ${key.length} characters` : JSON.stringify(key), key]),
  )('refuses the key %s before touching anything', async (_label, key) => {
    await expect(store.put(key, PNG, 'image/png')).rejects.toBeInstanceOf(InvalidObjectKey);
    await expect(store.get(key)).rejects.toBeInstanceOf(InvalidObjectKey);
    await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidObjectKey);
  });
});

describe('the disk store', () => {
  it('writes under its folder only, readable by this user only, with no temporary file left', async () => {
    const store = diskObjectStore(join(folder, 'uploads'));
    await store.put('account-files/prescription-1.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    const file = join(folder, 'uploads', 'account-files', 'prescription-1.pdf');
    expect(await readFile(file, 'utf8')).toBe('%PDF-1.4');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(join(folder, 'uploads', 'account-files'))).toEqual(['prescription-1.pdf']);
    expect(store.location).toBe(join(folder, 'uploads'));
  });

  it('cannot be walked out of: a traversal key writes nothing anywhere', async () => {
    const inner = join(folder, 'jail', 'uploads');
    const store = diskObjectStore(inner);
    await expect(store.put('../escaped.png', PNG, 'image/png')).rejects.toThrow('Not an object key');
    await expect(store.put('account-files/../../escaped.png', PNG, 'image/png')).rejects.toThrow('Not an object key');
    await expect(readdir(join(folder, 'jail'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('the S3 store', () => {
  it('keeps each object under its prefix in the bucket, with its content type', async () => {
    const store = s3ObjectStore({ bucket: s3.bucket, prefix: 'prod/uploads', endpoint: s3.endpoint, forcePathStyle: true });
    expect(store.location).toBe(`s3://${s3.bucket}/prod/uploads`);
    await store.put('account-files/return-1.png', PNG, 'image/png');
    const client = new S3Client({ endpoint: s3.endpoint, forcePathStyle: true });
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'prod/uploads/account-files/return-1.png' }));
      expect(answer.ContentType).toBe('image/png');
      expect(Buffer.from(await answer.Body!.transformToByteArray()).equals(PNG)).toBe(true);
    } finally {
      client.destroy();
    }
  });

  it('says the store is unavailable, naming the bucket and never a credential, when the server does not answer', async () => {
    const store = s3ObjectStore({ bucket: 'gone', prefix: '', endpoint: 'http://127.0.0.1:9', forcePathStyle: true });
    const failure = store.put('account-files/x.png', PNG, 'image/png');
    await expect(failure).rejects.toBeInstanceOf(ObjectStoreUnavailable);
    await expect(failure).rejects.toThrow('S3 write of s3://gone/account-files/x.png at http://127.0.0.1:9 failed');
    await expect(failure).rejects.not.toThrow('S3RVER');
  });
});
