import { createTestApi, type TestApi } from '../../testing/api';
import { advanceOrder, call, placeOrder, register, type Shopper } from './testing';

/**
 * What the return form needs from the API: the one return window (config and each item's end
 * date), the return address for a self-shipped return, and the photo a reason asks for
 * (uploaded through returns.uploadPhoto, required and checked on create).
 */
let api: TestApi;
let a: Shopper;
let b: Shopper;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
  a = await register(api.app);
  b = await register(api.app);
});
afterAll(() => api.close());

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 3)]);

async function uploadPhoto(cookie: string, file: { name: string; type: string; data: Buffer } | null) {
  const boundary = '----return-photo-7';
  const parts: Buffer[] = [];
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  } else parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nnone\r\n`));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return api.app.inject({
    method: 'POST',
    url: '/v2/returns/photos',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

describe('return config', () => {
  it('states the window once, the photo limit of the upload, and the return address of the country asked in', async () => {
    const india = (await call(api.app, a.cookie, 'GET', '/v2/returns/config')).json().result;
    expect(india).toMatchObject({ returnWindowDays: 30, photoMaxBytes: 10 * 1024 * 1024, returnAddress: { country: 'in', city: 'Bengaluru' } });
    const us = await api.app.inject({ method: 'GET', url: '/v2/returns/config', headers: { cookie: a.cookie, 'x-country-code': 'us' } });
    expect(us.json().result.returnAddress).toMatchObject({ country: 'us', state: 'NV' });
    expect(us.json().result.returnWindowDays).toBe(india.returnWindowDays);
  });

  it("gives each delivered item's last day, the window after delivery", async () => {
    const order = await placeOrder(api.db, { customerId: a.customerId });
    await advanceOrder(api.app, order.orderId);
    const [delivered] = await api.db.query<{ at: Date }>(`select max(created_at) as at from order_status_history where item_id = $1 and status = 'DELIVERED'`, [
      order.itemIds[0],
    ]);
    const [item] = (await call(api.app, a.cookie, 'GET', `/v2/orders/${order.orderId}/return/eligibility`)).json().result;
    expect(new Date(item.returnWindowEndsAt).getTime() - new Date(delivered!.at).getTime()).toBe(30 * 86400000);
  });
});

describe('a return photo', () => {
  it('is needed by a reason that asks for one, named at its field, and taken once uploaded', async () => {
    const order = await placeOrder(api.db, { customerId: a.customerId });
    await advanceOrder(api.app, order.orderId);
    const reasons = (await call(api.app, a.cookie, 'GET', '/v2/returns/reasons?classification=eyeframe')).json().result.reasons;
    const damaged = reasons.find((r: { needsImage?: boolean }) => r.needsImage);
    const request = (photoFileName?: string) => ({
      items: [{ itemId: order.itemIds[0], reasonId: damaged.id, ...(photoFileName ? { photoFileName } : {}) }],
      returnMethod: 'refund',
      mode: 'self_ship',
    });
    const missing = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/return`, request());
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'items.0.photoFileName', message: 'Please add a photo of the item: this reason needs one' });

    const up = await uploadPhoto(a.cookie, { name: 'crack.jpg', type: 'image/jpeg', data: JPEG });
    expect(up.statusCode).toBe(200);
    const { fileName, contentType } = up.json().result;
    expect(contentType).toBe('image/jpeg');
    // Another customer's photo is not this return's.
    const theirs = (await uploadPhoto(b.cookie, { name: 'x.jpg', type: 'image/jpeg', data: JPEG })).json().result.fileName;
    const foreign = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/return`, request(theirs));
    expect(foreign.json()).toMatchObject({ field: 'items.0.photoFileName' });

    const created = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/return`, request(fileName));
    expect(created.statusCode).toBe(200);
    expect(created.json().result).toMatchObject({ mode: 'self_ship', status: 'REQUESTED' });
    const [row] = await api.db.query<{ reasons: { photoFileName?: string }[] }>('select reasons from account_returns where id = $1', [
      created.json().result.returnId,
    ]);
    expect(row!.reasons[0]!.photoFileName).toBe(fileName);
  });

  it('is a photo: no file, a PDF or a renamed file are refused with a message naming the file', async () => {
    const none = await uploadPhoto(a.cookie, null);
    expect(none.statusCode).toBe(400);
    expect(none.json().field).toMatch(/^file/);
    const pdf = await uploadPhoto(a.cookie, { name: 'a.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 hello') });
    expect(pdf.json()).toMatchObject({ field: 'file.mimetype', message: 'file.mimetype: Please upload a photo (JPEG, PNG, WEBP or HEIC)' });
    const renamed = await uploadPhoto(a.cookie, { name: 'a.jpg', type: 'image/jpeg', data: Buffer.from('not really a jpeg') });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().field).toBe('file');
  });

  it('says when it is too large, with the limit the config answers', async () => {
    const { photoMaxBytes } = (await call(api.app, a.cookie, 'GET', '/v2/returns/config')).json().result;
    const big = await uploadPhoto(a.cookie, { name: 'big.jpg', type: 'image/jpeg', data: Buffer.concat([JPEG, Buffer.alloc(photoMaxBytes)]) });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ field: 'file.size', message: `file.size: The photo is larger than ${photoMaxBytes / (1024 * 1024)} MB` });
  });

  it('is not asked for by the other reasons', async () => {
    const order = await placeOrder(api.db, { customerId: a.customerId });
    await advanceOrder(api.app, order.orderId);
    const created = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/return`, {
      items: [{ itemId: order.itemIds[0], reasonId: 1 }],
      returnMethod: 'refund',
      mode: 'self_ship',
    });
    expect(created.statusCode).toBe(200);
  });
});
