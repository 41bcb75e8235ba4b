import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { call } from './testing';

/**
 * Issue 39: "an anonymous one-time-code request (a read-only query counted as a write to every
 * table) empties every cache in the fleet". The throttle's read of recent codes (throttle.ts
 * `limitCodeNumbers`, a `with ... select`) was counted as a write of every table ('*'), so each
 * code sent retired every read cache's version, on every instance sharing the database.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

// What the product and listing read caches watch (areas/product/product-routes.ts, areas/catalogue/catalogue-reads.ts).
const CATALOGUE = ['products', 'product_stock', 'product_prices', 'brands', 'product_categories', 'categories', 'catalogue_settings', 'reviews'];

describe('a one-time-code request', () => {
  it('writes its code, throttle counters and outbox, and moves no version of the catalogue or the content', async () => {
    const guest = await guestSession(api.app);
    const before = await api.db.writeVersion(CATALOGUE);
    const sent = await call(api.app, guest, 'POST', '/v2/customers/mobile/otp', { telephone: '9876501234', phoneCode: '+91' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().result.sent).toBe(true);
    expect(await api.db.writeVersion(CATALOGUE)).toBe(before);
    expect(await api.db.query(`select 1 from account_otps where telephone = '9876501234'`)).toHaveLength(1);
  });

  it('records no cache purge', async () => {
    const guest = await guestSession(api.app);
    expect((await call(api.app, guest, 'POST', '/v2/customers/mobile/otp', { telephone: '9876501235', phoneCode: '+91' })).statusCode).toBe(200);
    expect(await api.db.query('select 1 from cache_purges')).toHaveLength(0);
  });
});
