import { createTestApi, guestSession, type TestApi } from '../../testing/api';

/** account §7: a gift voucher's balance by code is what can still be spent (issue 42). */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

const balance = async (code: string) => {
  const cookie = await guestSession(api.app);
  const answer = await api.app.inject({
    method: 'GET',
    url: `/v2/money/gift-vouchers/code?giftVoucherCode=${code}`,
    headers: { cookie, 'x-country-code': 'in' },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().result;
};

describe('gift voucher balance', () => {
  it('answers a live voucher with its balance and expiry date', async () => {
    const live = await balance('GIFT500');
    expect(live).toMatchObject({ code: 'GIFT500', active: true, currencyCode: 'INR' });
    expect(live.balance).toBeGreaterThan(0);
    expect(new Date(live.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('answers an expired voucher as inactive with nothing to spend, and when it expired', async () => {
    const old = await balance('GIFTOLD1');
    expect(old).toMatchObject({ code: 'GIFTOLD1', active: false, balance: 0 });
    expect(new Date(old.expiresAt).getTime()).toBeLessThan(Date.now());
  });

  it('answers a withdrawn voucher with nothing to spend', async () => {
    await api.db.query(
      `insert into gift_vouchers (code, currency, amount, balance, expires_at, active) values ('GIFTOFF1', 'INR', 300, 300, now() + interval '1 year', false)`,
    );
    expect(await balance('GIFTOFF1')).toMatchObject({ active: false, balance: 0 });
  });
});
