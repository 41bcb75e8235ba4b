import { createTestApi, customerSession, guestSession, sessionIdFrom, type TestApi } from '../testing/api';
import { multipartBody } from '../testing/multipart';
import {
  ANONYMOUS_UPLOAD_BYTES_PER_DAY,
  ANONYMOUS_UPLOAD_FILES_PER_DAY,
  CLIENT_UPLOAD_FILES_PER_DAY,
  CLIENT_UPLOAD_QUOTA_MESSAGE,
  CUSTOMER_UPLOAD_FILES_PER_DAY,
  CUSTOMER_UPLOAD_QUOTA_MESSAGE,
  UPLOAD_QUOTA_MESSAGE,
} from './multipart';

/**
 * Issue 16 "Bad input": anonymous uploads are bounded per session (count and bytes). Issue 40:
 * sessions are free, so uploads are bounded per client address too (higher), and a signed-in
 * customer has a bound of their own.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x20)]);

function upload(cookie: string | undefined, data: Buffer, type = 'image/png', url = '/v2/prescriptions/upload', remoteAddress?: string) {
  const { payload, contentType } = multipartBody({ name: 'file', filename: type === 'application/pdf' ? 'rx.pdf' : 'rx.png', type, data });
  return api.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

const storedBy = async (cookie: string) =>
  (await api.db.query<{ count: number }>('select count(*)::int as count from account_files where session_id = $1', [sessionIdFrom(cookie)]))[0]!.count;

describe('anonymous uploads per session and day', () => {
  it(`takes ${ANONYMOUS_UPLOAD_FILES_PER_DAY} files from a guest session, then 429 with Retry-After; nothing more is stored`, async () => {
    const guest = await guestSession(api.app);
    for (let i = 0; i < ANONYMOUS_UPLOAD_FILES_PER_DAY; i += 1) expect((await upload(guest, PNG)).statusCode).toBe(200);
    const refused = await upload(guest, PNG);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: UPLOAD_QUOTA_MESSAGE, field: 'file', code: 'UPLOAD_LIMIT' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(24 * 60 * 60);
    // Every upload route shares the bound: the try-on photo upload is refused as well.
    expect((await upload(guest, PNG, 'image/png', '/v2/try-on/images')).statusCode).toBe(429);
    expect(await storedBy(guest)).toBe(ANONYMOUS_UPLOAD_FILES_PER_DAY);
    // Another guest session has its own bound.
    expect((await upload(await guestSession(api.app), PNG)).statusCode).toBe(200);
  });

  it(`bounds the bytes too: ${ANONYMOUS_UPLOAD_BYTES_PER_DAY / 1024 / 1024} MB a day`, async () => {
    const guest = await guestSession(api.app);
    const eight = pdfOf(8 * 1024 * 1024);
    expect((await upload(guest, eight, 'application/pdf')).statusCode).toBe(200);
    expect((await upload(guest, eight, 'application/pdf')).statusCode).toBe(200);
    const third = await upload(guest, eight, 'application/pdf');
    expect(third.statusCode).toBe(429);
    expect(await storedBy(guest)).toBe(2);
    // What is left still fits.
    expect((await upload(guest, pdfOf(3 * 1024 * 1024), 'application/pdf')).statusCode).toBe(200);
  });

  it('parallel uploads cannot overshoot the count', async () => {
    const guest = await guestSession(api.app);
    const answers = await Promise.all(Array.from({ length: ANONYMOUS_UPLOAD_FILES_PER_DAY + 5 }, () => upload(guest, PNG)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(ANONYMOUS_UPLOAD_FILES_PER_DAY);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(5);
  });

  it('a signed-in customer is not bounded by it', async () => {
    const { cookie } = await customerSession(api.app, api.db);
    for (let i = 0; i < ANONYMOUS_UPLOAD_FILES_PER_DAY + 2; i += 1) expect((await upload(cookie, PNG)).statusCode).toBe(200);
  });

  it('without a session the bound is per client address (the frame-size photo needs none)', async () => {
    const from = '203.0.113.7';
    for (let i = 0; i < ANONYMOUS_UPLOAD_FILES_PER_DAY; i += 1)
      expect((await upload(undefined, PNG, 'image/png', '/v2/frame-size', from)).statusCode).not.toBe(429);
    expect((await upload(undefined, PNG, 'image/png', '/v2/frame-size', from)).statusCode).toBe(429);
    expect((await upload(undefined, PNG, 'image/png', '/v2/frame-size', '203.0.113.8')).statusCode).not.toBe(429);
  });
});

describe('uploads per client address and per customer (issue 40)', () => {
  const sessionFiles = async (cookie: string) =>
    (await api.db.query<{ files: number }>('select files from upload_quota where subject = $1', [`session:${sessionIdFrom(cookie)}`]))[0]?.files ?? 0;

  it(`fresh guest sessions from one address take ${CLIENT_UPLOAD_FILES_PER_DAY} files a day in all, signed in or not; another address is not affected`, async () => {
    const from = '192.0.2.10';
    for (let s = 0; s < CLIENT_UPLOAD_FILES_PER_DAY / ANONYMOUS_UPLOAD_FILES_PER_DAY; s += 1) {
      const guest = await guestSession(api.app);
      for (let i = 0; i < ANONYMOUS_UPLOAD_FILES_PER_DAY; i += 1) expect((await upload(guest, PNG, 'image/png', undefined, from)).statusCode).toBe(200);
    }
    const fresh = await guestSession(api.app);
    const refused = await upload(fresh, PNG, 'image/png', undefined, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: CLIENT_UPLOAD_QUOTA_MESSAGE, field: 'file', code: 'UPLOAD_LIMIT' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(24 * 60 * 60);
    expect(await storedBy(fresh)).toBe(0);
    // What the session's own bound took for the refused upload was given back.
    expect(await sessionFiles(fresh)).toBe(0);
    // Signing in does not lift the address's bound.
    const { cookie } = await customerSession(api.app, api.db);
    expect((await upload(cookie, PNG, 'image/png', undefined, from)).statusCode).toBe(429);
    // The same session from another address is bounded by its own count only.
    expect((await upload(fresh, PNG, 'image/png', undefined, '192.0.2.11')).statusCode).toBe(200);
    expect((await upload(await guestSession(api.app), PNG, 'image/png', undefined, '192.0.2.12')).statusCode).toBe(200);
  });

  it('parallel uploads from fresh sessions of one address cannot overshoot the address bound', async () => {
    const from = '192.0.2.20';
    const sessions = await Promise.all(Array.from({ length: 12 }, () => guestSession(api.app)));
    const answers = await Promise.all(
      sessions.flatMap((guest) => Array.from({ length: ANONYMOUS_UPLOAD_FILES_PER_DAY }, () => upload(guest, PNG, 'image/png', undefined, from))),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(CLIENT_UPLOAD_FILES_PER_DAY);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(12 * ANONYMOUS_UPLOAD_FILES_PER_DAY - CLIENT_UPLOAD_FILES_PER_DAY);
    const [{ stored }] = (await api.db.query<{ stored: number }>('select count(*)::int as stored from account_files where session_id = any($1::text[])', [
      sessions.map((cookie) => sessionIdFrom(cookie)),
    ])) as [{ stored: number }];
    expect(stored).toBe(CLIENT_UPLOAD_FILES_PER_DAY);
  });

  it(`a signed-in customer takes ${CUSTOMER_UPLOAD_FILES_PER_DAY} files a day across their sessions and addresses, then 429`, async () => {
    const { cookie, customerId } = await customerSession(api.app, api.db);
    const other = await guestSession(api.app);
    await api.db.query('update sessions set customer_id = $1 where id = $2', [customerId, sessionIdFrom(other)]);
    for (let i = 0; i < CUSTOMER_UPLOAD_FILES_PER_DAY; i += 1)
      expect((await upload(i % 2 ? cookie : other, PNG, 'image/png', undefined, `192.0.2.${30 + (i % 4)}`)).statusCode).toBe(200);
    const refused = await upload(cookie, PNG, 'image/png', undefined, '192.0.2.40');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: CUSTOMER_UPLOAD_QUOTA_MESSAGE, field: 'file', code: 'UPLOAD_LIMIT' });
  });
});
