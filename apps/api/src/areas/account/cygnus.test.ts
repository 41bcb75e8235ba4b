import { createDecipheriv, randomBytes } from 'node:crypto';
import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { multipartBody } from '../../testing/multipart';
import { encryptSessionToken } from './cygnus-routes';
import { call, photoOfFaceImage, register, type Shopper } from './testing';

let api: TestApi;
let a: Shopper;
let b: Shopper;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
  a = await register(api.app);
  b = await register(api.app);
});
afterAll(() => api.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 9)]);
const PDF = Buffer.from('%PDF-1.4 not a photo');
async function upload(cookie: string, url: string, file: { type: string; data: Buffer }, fields: Record<string, string> = {}) {
  const body = multipartBody({ name: 'file', filename: 'face.png', ...file }, fields);
  return api.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': body.contentType }, payload: body.payload });
}

describe('try-on images and stored profile images', () => {
  it('stores a try-on photo and answers its id; refuses what is not a photo', async () => {
    const ok = await upload(a.cookie, '/v2/try-on/images', { type: 'image/png', data: PNG });
    expect(ok.json().result.id).toMatch(/^tryon-[0-9a-f]{24}\.png$/);
    expect((await upload(a.cookie, '/v2/try-on/images', { type: 'application/pdf', data: PDF })).json().field).toBe('file');
  });

  it("stores a profile's image by the first 14 characters of its ditto id, for its owner only", async () => {
    const profile = (await upload(a.cookie, '/v2/face-profiles', { type: 'image/png', data: PNG }, { firstName: 'Me' })).json().result;
    const url = `/v2/ditto/${profile.dittoId.slice(0, 14)}/uploadImage`;
    const other = Buffer.concat([PNG, Buffer.from([1, 2, 3])]);
    expect((await upload(b.cookie, url, { type: 'image/png', data: other })).statusCode).toBe(404);
    const stored = (await upload(a.cookie, url, { type: 'image/png', data: other })).json().result;
    expect(stored.id).toMatch(/^face-/);
    const image = await call(api.app, a.cookie, 'GET', `/v2/face-profiles/${profile.dittoId}/frontal-image`);
    expect(photoOfFaceImage(image).photo.equals(other)).toBe(true);
    expect((await call(api.app, a.cookie, 'GET', '/v2/face-profiles')).json().result.profiles[0].imageId).toBe(stored.id);
  });
});

describe('cygnus profile link', () => {
  it('links, reads by customer or cygnus id, and deletes the caller’s own link only', async () => {
    const id = `cyg-${a.customerId}-x`;
    expect((await call(api.app, a.cookie, 'PUT', `/v2/cygnus/customers/${id}`)).json().result).toEqual({ cygnusId: id, customerId: a.customerId });
    expect((await call(api.app, a.cookie, 'GET', '/me')).json().result.cygnus).toEqual({ cygnusId: id });
    // The next sign-in answers it (account §3 result.cygnus.cygnusId).
    const login = await api.app.inject({
      method: 'POST',
      url: '/v2/customers/authenticate',
      headers: { cookie: await guestSession(api.app) },
      payload: { email: a.email, password: 'secret-pass' },
    });
    expect(login.json().result.cygnus).toEqual({ cygnusId: id });
    expect((await call(api.app, a.cookie, 'GET', `/v2/cygnus/profile?customer-identifier=${a.customerId}`)).json().result.cygnusId).toBe(id);
    expect((await call(api.app, a.cookie, 'GET', `/v2/cygnus/profile?customer-identifier=${id}`)).statusCode).toBe(200);
    // Another customer can neither read nor take it.
    expect((await call(api.app, b.cookie, 'GET', `/v2/cygnus/profile?customer-identifier=${a.customerId}`)).statusCode).toBe(404);
    expect((await call(api.app, b.cookie, 'GET', `/v2/cygnus/profile?customer-identifier=${id}`)).statusCode).toBe(404);
    expect((await call(api.app, b.cookie, 'PUT', `/v2/cygnus/customers/${id}`)).statusCode).toBe(404);
    expect((await call(api.app, b.cookie, 'DELETE', '/v2/cygnus/profile')).statusCode).toBe(404);
    expect((await call(api.app, a.cookie, 'DELETE', '/v2/cygnus/profile')).statusCode).toBe(200);
    expect((await call(api.app, a.cookie, 'GET', `/v2/cygnus/profile?customer-identifier=${a.customerId}`)).statusCode).toBe(404);
    expect((await call(api.app, await guestSession(api.app), 'PUT', `/v2/cygnus/customers/${id}`)).statusCode).toBe(401);
  });
});

describe('session encryption for the try-on service', () => {
  it('needs a session and answers the session id encrypted (AES-256-GCM)', async () => {
    expect((await api.app.inject({ method: 'POST', url: '/v2/cygnus/session/encrypt' })).statusCode).toBe(401);
    const token = (await call(api.app, a.cookie, 'POST', '/v2/cygnus/session/encrypt')).json().result.encrypted_session_token;
    expect(token.split('.')).toHaveLength(3);
    const key = randomBytes(32);
    const [iv, body, tag] = encryptSessionToken('session-42', key)
      .split('.')
      .map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', key, iv!);
    decipher.setAuthTag(tag!);
    expect(Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8')).toBe('session-42');
  });
});
