import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { PD_FAILED } from './prescription-routes';
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

const address = (over: Record<string, unknown> = {}) => ({
  firstName: 'Asha',
  email: 'asha@example.com',
  phone: '9812345678',
  addressline1: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postcode: '560038',
  country: 'in',
  ...over,
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 7)]);

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----test-boundary-42';
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(cookie: string, url: string, fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const body = multipart(fields, file);
  return api.app.inject({ method: 'POST', url, headers: { cookie, ...body.headers }, payload: body.payload });
}

describe('addresses', () => {
  it('keeps the default first, moves the default, and drops a deleted one', async () => {
    const first = (await call(api.app, a.cookie, 'POST', '/v2/addresses', address())).json().result;
    expect(first).toMatchObject({ defaultAddress: true, floor: 0, liftAvailable: false, addressType: 'billing' });
    const second = (await call(api.app, a.cookie, 'POST', '/v2/addresses', address({ city: 'Mumbai', postcode: '400050' }))).json().result;
    expect(second.defaultAddress).toBe(false);
    await call(api.app, a.cookie, 'PUT', `/v2/addresses/${second.addressId}`, address({ city: 'Mumbai', postcode: '400050', defaultAddress: true }));
    const list = (await call(api.app, a.cookie, 'GET', '/v2/addresses')).json().result.addresses;
    expect(list.map((x: { addressId: number; defaultAddress: boolean }) => [x.addressId, x.defaultAddress])).toEqual([
      [second.addressId, true],
      [first.addressId, false],
    ]);
    const removed = await call(api.app, a.cookie, 'DELETE', `/v2/addresses/${second.addressId}`);
    expect(removed.json().result).toEqual({ addressId: second.addressId });
    const after = (await call(api.app, a.cookie, 'GET', '/v2/addresses')).json().result.addresses;
    expect(after).toMatchObject([{ addressId: first.addressId, defaultAddress: true }]);
  });

  it('refuses bad input with the field named', async () => {
    const bad = await call(api.app, a.cookie, 'POST', '/v2/addresses', address({ postcode: '12' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('postcode');
  });

  it("never shows or changes another customer's address (404)", async () => {
    const mine = (await call(api.app, a.cookie, 'POST', '/v2/addresses', address())).json().result;
    expect((await call(api.app, b.cookie, 'PUT', `/v2/addresses/${mine.addressId}`, address())).statusCode).toBe(404);
    expect((await call(api.app, b.cookie, 'DELETE', `/v2/addresses/${mine.addressId}`)).statusCode).toBe(404);
    expect((await call(api.app, b.cookie, 'GET', '/v2/addresses')).json().result.addresses).toEqual([]);
    expect((await call(api.app, await guestSession(api.app), 'GET', '/v2/addresses')).statusCode).toBe(401);
  });

  it('checks pincodes and lists states', async () => {
    const ok = (await call(api.app, a.cookie, 'GET', '/v2/addresses/pincode-check?pincode=560001')).json().result;
    expect(ok).toMatchObject({ pincode: '560001', serviceable: true, city: 'Bengaluru' });
    expect((await call(api.app, a.cookie, 'GET', '/v2/addresses/pincode-check?pincode=960001')).json().result.serviceable).toBe(false);
    const states = (await call(api.app, a.cookie, 'GET', '/v2/addresses/location-data')).json().result;
    expect(states.country).toBe('in');
    expect(states.states).toContainEqual({ code: 'KARNATAKA', name: 'Karnataka' });
  });
});

describe('prescriptions', () => {
  const powers = { powerType: 'SINGLE_VISION', right: { sph: '-1.25', cyl: '-0.50', axis: '90', pd: '31.5' }, left: { sph: '-1.00' }, userName: 'user' };

  it('saves entered powers, lists, updates and deletes them', async () => {
    const saved = (await call(api.app, a.cookie, 'POST', '/v2/prescriptions', powers)).json().result;
    expect(saved).toMatchObject({ powerType: 'SINGLE_VISION', right: { sph: '-1.25' } });
    const list = (await call(api.app, a.cookie, 'GET', '/v2/prescriptions?powerType=single_vision')).json().result.prescriptions;
    expect(list.map((p: { id: number }) => p.id)).toContain(saved.id);
    expect((await call(api.app, a.cookie, 'GET', '/v2/prescriptions?powerType=CONTACT_LENS')).json().result.prescriptions).toEqual([]);
    const updated = (await call(api.app, a.cookie, 'PUT', `/v2/prescriptions/${saved.id}`, { ...powers, left: { sph: '-2.00' } })).json().result;
    expect(updated.left.sph).toBe('-2.00');
    expect((await call(api.app, a.cookie, 'DELETE', `/v2/prescriptions/${saved.id}`)).json().result.success).toBe(true);
  });

  it('refuses impossible powers', async () => {
    const bad = await call(api.app, a.cookie, 'POST', '/v2/prescriptions', { ...powers, right: { sph: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('right.sph');
  });

  it('stores an uploaded image, lets only its owner download it, and links it to a prescription', async () => {
    const up = await upload(a.cookie, '/v2/prescriptions/upload', {}, { name: 'rx.png', type: 'image/png', data: PNG });
    expect(up.statusCode).toBe(200);
    const { fileName, url } = up.json().result;
    expect(url).toBe(`/api/v2/prescriptions/download/${fileName}`);
    const download = await call(api.app, a.cookie, 'GET', `/v2/prescriptions/download/${fileName}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect((await call(api.app, b.cookie, 'GET', `/v2/prescriptions/download/${fileName}`)).statusCode).toBe(404);
    const saved = await call(api.app, a.cookie, 'POST', '/v2/prescriptions', { ...powers, imageFileName: fileName });
    expect(saved.json().result.imageFileName).toBe(fileName);
    expect((await call(api.app, b.cookie, 'POST', '/v2/prescriptions', { ...powers, imageFileName: fileName })).statusCode).toBe(404);
  });

  it('refuses a file that is not what it claims to be', async () => {
    const fake = await upload(a.cookie, '/v2/prescriptions/upload', {}, { name: 'rx.png', type: 'image/png', data: Buffer.from('not a png at all') });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().field).toBe('file');
  });

  it('measures PD from a photo and fails with the spec message without a pd value', async () => {
    const ok = await upload(a.cookie, '/v2/prescriptions/pd/camera', {}, { name: 'face.png', type: 'image/png', data: PNG });
    expect(ok.statusCode).toBe(200);
    const pd = ok.json().result.faces.attributes.pd.value;
    expect(pd).toBeGreaterThanOrEqual(54);
    expect(pd).toBeLessThanOrEqual(74);
    const tiny = await upload(a.cookie, '/v2/prescriptions/pd/camera', {}, { name: 'face.png', type: 'image/png', data: PNG.subarray(0, 100) });
    expect(tiny.statusCode).toBe(422);
    expect(tiny.json().message).toBe(PD_FAILED);
  });

  it("never shows or changes another customer's prescription (404)", async () => {
    const mine = (await call(api.app, a.cookie, 'POST', '/v2/prescriptions', powers)).json().result;
    expect((await call(api.app, b.cookie, 'PUT', `/v2/prescriptions/${mine.id}`, powers)).statusCode).toBe(404);
    expect((await call(api.app, b.cookie, 'DELETE', `/v2/prescriptions/${mine.id}`)).statusCode).toBe(404);
    const theirs = (await call(api.app, b.cookie, 'GET', '/v2/prescriptions')).json().result.prescriptions;
    expect(theirs.map((p: { id: number }) => p.id)).not.toContain(mine.id);
  });
});

describe('face profiles', () => {
  it('creates from a photo, the first is the default, sets another default, deletes', async () => {
    const first = await upload(a.cookie, '/v2/face-profiles', { firstName: 'Me' }, { name: 'me.png', type: 'image/png', data: PNG });
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({ isDefault: true, saved: true, isGuest: false, name: { first: 'Me' } });
    const second = (await upload(a.cookie, '/v2/face-profiles', { firstName: 'Sister' }, { name: 's.png', type: 'image/png', data: PNG })).json().result;
    expect(second.isDefault).toBe(false);
    await call(api.app, a.cookie, 'PUT', `/v2/face-profiles/${second.dittoId}`, { isDefault: true });
    const list = (await call(api.app, a.cookie, 'GET', '/v2/face-profiles')).json().result;
    expect(list.defaultDittoId).toBe(second.dittoId);
    expect(list.profiles[0].dittoId).toBe(second.dittoId);
    const image = await call(api.app, a.cookie, 'GET', `/v2/face-profiles/${second.dittoId}/frontal-image`);
    expect(photoOfFaceImage(image).photo.equals(PNG)).toBe(true);
    await call(api.app, a.cookie, 'DELETE', `/v2/face-profiles/${second.dittoId}`);
    const after = (await call(api.app, a.cookie, 'GET', '/v2/face-profiles')).json().result;
    expect(after.defaultDittoId).toBe(first.json().result.dittoId);
  });

  it('hands a guest profile (dittoGuestId) over at login', async () => {
    const guest = await guestSession(api.app);
    const created = await upload(guest, '/v2/face-profiles', { firstName: 'Guest' }, { name: 'g.png', type: 'image/png', data: PNG });
    const dittoId = created.json().result.dittoId;
    expect(created.json().result.isGuest).toBe(true);
    expect(created.cookies.find((c) => c.name === 'dittoGuestId')).toMatchObject({ value: dittoId, maxAge: 45 * 86400 });
    const c = await register(api.app);
    // Another customer cannot claim it by id.
    expect((await call(api.app, c.cookie, 'POST', '/v2/face-profiles/add', { dittoId })).statusCode).toBe(404);
    const login = await api.app.inject({
      method: 'POST',
      url: '/v2/customers/authenticate',
      headers: { cookie: `${guest}; dittoGuestId=${dittoId}` },
      payload: { email: c.email, password: 'secret-pass' },
    });
    expect(login.json().result.user.dittos).toEqual([dittoId]);
    expect(login.cookies.find((x) => x.name === 'dittoGuestId')?.maxAge).toBe(0);
  });

  it("never shows or changes another customer's profile (404)", async () => {
    const mine = (await upload(a.cookie, '/v2/face-profiles', { firstName: 'Mine' }, { name: 'm.png', type: 'image/png', data: PNG })).json().result;
    for (const [method, url, body] of [
      ['PUT', `/v2/face-profiles/${mine.dittoId}`, { isDefault: true }],
      ['DELETE', `/v2/face-profiles/${mine.dittoId}`, undefined],
      ['GET', `/v2/face-profiles/${mine.dittoId}/frontal-image`, undefined],
      ['GET', `/v2/face-profiles/${mine.dittoId}/auth`, undefined],
      ['POST', '/v2/face-profiles/save-update', { dittoId: mine.dittoId }],
    ] as const) {
      expect({ url, method, status: (await call(api.app, b.cookie, method, url, body)).statusCode }).toEqual({ url, method, status: 404 });
    }
  });
});
