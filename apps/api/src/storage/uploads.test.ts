import { createHash } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { call, photoOfFaceImage, register, type Shopper } from '../areas/account/testing';
import { EYEFRAME } from '../areas/product/testing';
import { createTestApi, guestSession, type TestApi } from '../testing/api';
import { openObjectStore, s3ObjectStore, type ObjectStore } from '.';
import { startS3Server, type S3TestServer } from './testing';

/**
 * Uploads through the real routes land in the object store (docs/adr/044): here an S3 bucket on
 * s3rver, configured as an operator would (UPLOADS_STORE=s3 and the bucket's settings; AWS
 * credentials from the environment). Rows keep what a file is, the bucket its bytes; only the
 * owner reads them back; files uploaded before the store still read from their row.
 */
jest.setTimeout(60_000);

let s3: S3TestServer;
let store: ObjectStore;
let api: TestApi;
let a: Shopper;
let b: Shopper;
let client: S3Client;
beforeAll(async () => {
  s3 = await startS3Server();
  store = openObjectStore(readConfig(s3.env).uploads);
  api = await createTestApi({ seeded: true, objects: store });
  a = await register(api.app);
  b = await register(api.app);
  client = new S3Client({ endpoint: s3.endpoint, forcePathStyle: true });
});
afterAll(async () => {
  client.destroy();
  await api.close();
  await s3.close();
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 9)]);
const PDF = Buffer.from('%PDF-1.7\n% a prescription\n');

function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = '----uploads-boundary-7';
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (cookie: string, url: string, file: { name: string; type: string; data: Buffer }, fields: Record<string, string> = {}, app = api.app) => {
  const body = multipart(fields, file);
  return app.inject({ method: 'POST', url, headers: { cookie, ...body.headers }, payload: body.payload });
};

/** What the bucket holds under a key, read with the S3 API itself (null: nothing). */
async function inBucket(key: string) {
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return { data: Buffer.from(await answer.Body!.transformToByteArray()), contentType: answer.ContentType };
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
}

const fileRow = async (fileName: string) =>
  (
    await api.db.query<{
      customer_id: number | null;
      content_type: string;
      size: number;
      object_key: string | null;
      sha256: string | null;
      data: Uint8Array | null;
    }>('select customer_id, content_type, size, object_key, sha256, data from account_files where file_name = $1', [fileName])
  )[0];

describe('an upload through the API, with UPLOADS_STORE=s3', () => {
  it('puts the bytes in the bucket and the metadata in the row; only its owner reads it back', async () => {
    const up = await upload(a.cookie, '/v2/prescriptions/upload', { name: 'rx.pdf', type: 'application/pdf', data: PDF });
    expect(up.statusCode).toBe(200);
    const { fileName } = up.json().result as { fileName: string };

    const row = await fileRow(fileName);
    expect(row).toEqual({
      customer_id: a.customerId,
      content_type: 'application/pdf',
      size: PDF.length,
      object_key: `account-files/${fileName}`,
      sha256: createHash('sha256').update(PDF).digest('hex'),
      data: null,
    });
    expect(await inBucket(`account-files/${fileName}`)).toEqual({ data: PDF, contentType: 'application/pdf' });

    const mine = await call(api.app, a.cookie, 'GET', `/v2/prescriptions/download/${fileName}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    // Another customer, and a guest, are told there is no such file.
    expect((await call(api.app, b.cookie, 'GET', `/v2/prescriptions/download/${fileName}`)).statusCode).toBe(404);
    expect((await call(api.app, await guestSession(api.app), 'GET', `/v2/prescriptions/download/${fileName}`)).statusCode).toBe(404);
  });

  it("keeps a guest's upload the guest session's, then the customer's after login", async () => {
    const guest = await guestSession(api.app);
    const up = await upload(guest, '/v2/returns/photos', { name: 'scratch.png', type: 'image/png', data: PNG });
    expect(up.statusCode).toBe(200);
    const { fileName } = up.json().result as { fileName: string };
    expect((await inBucket(`account-files/${fileName}`))?.data.equals(PNG)).toBe(true);
    expect(await fileRow(fileName)).toMatchObject({ customer_id: null, object_key: `account-files/${fileName}`, data: null });
  });

  it('shows a face profile photo from the bucket (frontal image, try-on) to its owner, and deletes its object with the profile', async () => {
    const created = await upload(a.cookie, '/v2/face-profiles', { name: 'me.png', type: 'image/png', data: PNG }, { firstName: 'Me' });
    expect(created.statusCode).toBe(200);
    const { dittoId, imageId } = created.json().result as { dittoId: string; imageId: string };
    const key = `account-files/${imageId}`;
    expect((await inBucket(key))?.contentType).toBe('image/png');

    const image = await call(api.app, a.cookie, 'GET', `/v2/face-profiles/${dittoId}/frontal-image`);
    expect(image.statusCode).toBe(200);
    // account §9: shown at 300x240, the photo filling it.
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(photoOfFaceImage(image)).toEqual({ width: '300', height: '240', photo: PNG });
    expect((await call(api.app, b.cookie, 'GET', `/v2/face-profiles/${dittoId}/frontal-image`)).statusCode).toBe(404);

    const tryOn = await call(api.app, a.cookie, 'GET', `/v2/try-on/overlay?product_id=${EYEFRAME}&guest_id=${dittoId}`);
    expect(tryOn.statusCode).toBe(200);
    const svg = Buffer.from((tryOn.json().result.overlayed_image_url as string).split(',')[1]!, 'base64').toString();
    expect(svg).toContain(`data:image/png;base64,${PNG.toString('base64')}`);
    // Another customer gets no image of it: for them there is no face profile.
    expect((await call(api.app, b.cookie, 'GET', `/v2/try-on/overlay?product_id=${EYEFRAME}&guest_id=${dittoId}`)).json()).toEqual({
      result: { faceProfile: false },
    });

    // Another customer's delete changes nothing; the owner's (held by its Idempotency-Key, so its
    // transaction commits after the handler) removes the row, then the object.
    expect((await call(api.app, b.cookie, 'DELETE', `/v2/face-profiles/${dittoId}`)).statusCode).toBe(404);
    expect(await inBucket(key)).not.toBeNull();
    const removed = await api.app.inject({
      method: 'DELETE',
      url: `/v2/face-profiles/${dittoId}`,
      headers: { cookie: a.cookie, 'idempotency-key': `delete-${dittoId}` },
    });
    expect(removed.statusCode).toBe(200);
    expect(await fileRow(imageId)).toBeUndefined();
    expect(await inBucket(key)).toBeNull();
  });

  it("replaces a profile's photo (ditto uploadImage): the new object in, the old row and object out", async () => {
    const created = (await upload(a.cookie, '/v2/face-profiles', { name: 'old.png', type: 'image/png', data: PNG }, { firstName: 'Old' })).json().result;
    const newer = Buffer.concat([PNG, Buffer.from('newer')]);
    const replaced = await upload(a.cookie, `/v2/ditto/${created.dittoId.slice(0, 14)}/uploadImage`, { name: 'new.png', type: 'image/png', data: newer });
    expect(replaced.statusCode).toBe(200);
    const { id } = replaced.json().result as { id: string };
    expect((await inBucket(`account-files/${id}`))?.data.equals(newer)).toBe(true);
    expect(await inBucket(`account-files/${created.imageId}`)).toBeNull();
    expect(await fileRow(created.imageId)).toBeUndefined();
    expect(photoOfFaceImage(await call(api.app, a.cookie, 'GET', `/v2/face-profiles/${created.dittoId}/frontal-image`)).photo.equals(newer)).toBe(true);
  });

  it('still reads a file uploaded before the store, whose bytes are in its row (and only for its owner)', async () => {
    const fileName = `prescription-${'ab'.repeat(12)}.png`;
    await api.db.query(
      `insert into account_files (file_name, customer_id, session_id, purpose, content_type, size, data) values ($1, $2, null, 'prescription', 'image/png', $3, $4)`,
      [fileName, a.customerId, PNG.length, PNG],
    );
    const old = await call(api.app, a.cookie, 'GET', `/v2/prescriptions/download/${fileName}`);
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.equals(PNG)).toBe(true);
    expect((await call(api.app, b.cookie, 'GET', `/v2/prescriptions/download/${fileName}`)).statusCode).toBe(404);
    expect(await inBucket(`account-files/${fileName}`)).toBeNull();
    // A row must hold its bytes or name its object (066's check).
    await expect(
      api.db.query(
        `insert into account_files (file_name, customer_id, purpose, content_type, size) values ('neither.png', $1, 'prescription', 'image/png', 0)`,
        [a.customerId],
      ),
    ).rejects.toThrow(/account_files_bytes_or_object/);
  });

  it('answers 503 with Retry-After, and writes no row, while the store cannot be reached', async () => {
    const away = await buildApp({
      db: api.db,
      objects: s3ObjectStore({ bucket: s3.bucket, prefix: '', endpoint: 'http://127.0.0.1:9', forcePathStyle: true }),
    });
    try {
      const before = (await api.db.query<{ n: number }>('select count(*)::int as n from account_files where customer_id = $1', [a.customerId]))[0]!.n;
      const up = await upload(a.cookie, '/v2/prescriptions/upload', { name: 'rx.pdf', type: 'application/pdf', data: PDF }, {}, away);
      expect(up.statusCode).toBe(503);
      expect(up.headers['retry-after']).toBe('5');
      expect(up.json()).toMatchObject({ code: 'STORE_UNAVAILABLE' });
      expect((await api.db.query<{ n: number }>('select count(*)::int as n from account_files where customer_id = $1', [a.customerId]))[0]!.n).toBe(before);
    } finally {
      await away.close();
    }
  });

  it('answers 500, never an empty file, for a row whose object is missing from the store', async () => {
    const { fileName } = (await upload(a.cookie, '/v2/prescriptions/upload', { name: 'rx.pdf', type: 'application/pdf', data: PDF })).json().result;
    await store.delete(`account-files/${fileName}`);
    expect((await call(api.app, a.cookie, 'GET', `/v2/prescriptions/download/${fileName}`)).statusCode).toBe(500);
  });
});
