import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { WRONG_CODES_FREE_PER_SESSION } from './code-guesses';

/** Gift voucher and store credit codes are bearer secrets: guessing them is slowed down like passwords. */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

const balance = (cookie: string, code: string, remoteAddress = '10.1.0.1') =>
  api.app.inject({ method: 'GET', url: `/v2/money/gift-vouchers/code?giftVoucherCode=${code}`, headers: { cookie, 'x-country-code': 'in' }, remoteAddress });
const applyCredit = (cookie: string, code: string, remoteAddress = '10.1.0.1') =>
  api.app.inject({ method: 'POST', url: '/v2/carts/store-credits', headers: { cookie, 'x-country-code': 'in' }, payload: { code }, remoteAddress });

describe('guessing gift voucher and store credit codes', () => {
  it('blocks a session after a few codes that do not exist, even for a real code, with 429 and Retry-After', async () => {
    const cookie = await guestSession(api.app);
    for (let i = 0; i < WRONG_CODES_FREE_PER_SESSION - 1; i += 1) expect((await balance(cookie, `NOPE${1000 + i}`)).statusCode).toBe(404);
    // A real code answers while the session is not blocked, and does not count.
    expect((await balance(cookie, 'GIFT500')).statusCode).toBe(200);
    expect((await applyCredit(cookie, 'NOPE-CREDIT')).statusCode).toBe(422);
    const blocked = await balance(cookie, 'GIFT500');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', field: 'code' });
    expect(blocked.json().message).toMatch(/try again in/);
    expect((await applyCredit(cookie, 'NOPE-CREDIT-2')).statusCode).toBe(429);

    // Another shopper elsewhere is not held up by it.
    const other = await guestSession(api.app);
    expect((await balance(other, 'GIFT500', '10.1.0.2')).statusCode).toBe(200);
  });

  it('a real but expired code is not counted as a guess', async () => {
    const cookie = await guestSession(api.app);
    for (let i = 0; i < WRONG_CODES_FREE_PER_SESSION + 2; i += 1) expect((await balance(cookie, 'GIFTOLD1', '10.1.0.3')).statusCode).toBe(200);
  });
});
