import { type FastifyInstance } from 'fastify';
import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { PAYMENT_HOLD_MINUTES, UNPAID_ORDERS_PER_CLIENT, UNPAID_ORDERS_PER_SHOPPER } from './config';
import { expireUnpaidOrders } from './order-expiry';
import { ADDRESS, pickProducts } from './test-helpers';

/**
 * Issue 40 "Unpaid orders hold stock for bots": an unpaid order (UPI, QR) holds its stock for a
 * short time only, and only a few at once per shopper and per client address, so fresh guest
 * sessions from one address cannot take a product's last units away from shoppers.
 */
let api: TestApi;
let p: Awaited<ReturnType<typeof pickProducts>>;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
  p = await pickProducts(api.db);
});
afterAll(() => api.close());

let keys = 0;
let addresses = 0;
const newAddress = () => `192.0.2.${(addresses += 1)}`;

/** A shopper (a fresh guest session unless given one) calling from a client address. */
async function shopperAt(app: FastifyInstance, address: string, cookie?: string) {
  const session = cookie ?? (await guestSession(app));
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const response = await app.inject({
      method,
      url,
      payload: payload as never,
      headers: { cookie: session, 'x-country-code': 'in', ...headers },
      remoteAddress: address,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.statusCode, body: response.json() as any, headers: response.headers };
  };
  return {
    cookie: session,
    call,
    /** Fills the cart with one unit of a product, with an address, and places a UPI order (pending until polled). */
    async orderByUpi(productId: number) {
      expect((await call('POST', '/v2/carts/items', { productId })).status).toBe(200);
      expect((await call('POST', '/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
      return call('POST', '/v2/orders/payment', { paymentMethod: 'upi', vpa: 'pending@upi' }, { 'idempotency-key': `hold-${Date.now()}-${(keys += 1)}` });
    },
  };
}

const stockOf = async (id: number) => Number((await api.db.query<{ stock: number }>('select stock from products where id = $1', [id]))[0]!.stock);

describe('unpaid orders hold stock briefly, and only a few at once', () => {
  it(`holds for ${PAYMENT_HOLD_MINUTES} minutes, a time a payment in progress needs`, () => {
    expect(PAYMENT_HOLD_MINUTES).toBeLessThanOrEqual(15);
  });

  it(`one shopper may leave ${UNPAID_ORDERS_PER_SHOPPER} orders unpaid; the next is refused with 429 and when to retry, and holds nothing`, async () => {
    const shopper = await shopperAt(api.app, newAddress());
    for (let i = 0; i < UNPAID_ORDERS_PER_SHOPPER; i += 1) expect((await shopper.orderByUpi(p.otherFrame.id)).status).toBe(200);
    const stock = await stockOf(p.otherFrame.id);
    const refused = await shopper.orderByUpi(p.otherFrame.id);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/orders waiting for their payment/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stockOf(p.otherFrame.id)).toBe(stock);
    // The cart is kept for a payment that goes through at once (a card is never held).
    const card = await shopper.call(
      'POST',
      '/v2/orders/payment',
      { paymentMethod: 'cc', card: { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: 2099, cvv: '123' } },
      { 'idempotency-key': `hold-card-${(keys += 1)}` },
    );
    expect(card.status).toBe(200);
  });

  it(`fresh guest sessions from one client address hold at most ${UNPAID_ORDERS_PER_CLIENT} unpaid orders, in parallel too; another address is not stopped`, async () => {
    const address = newAddress();
    const stock = await stockOf(p.houseFrame.id);
    const shoppers = await Promise.all(Array.from({ length: UNPAID_ORDERS_PER_CLIENT + 5 }, () => shopperAt(api.app, address)));
    const answers = await Promise.all(shoppers.map((s) => s.orderByUpi(p.houseFrame.id)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(UNPAID_ORDERS_PER_CLIENT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(await stockOf(p.houseFrame.id)).toBe(stock - UNPAID_ORDERS_PER_CLIENT);
    expect((await (await shopperAt(api.app, newAddress())).orderByUpi(p.houseFrame.id)).status).toBe(200);
  });

  it('an order past its hold no longer counts: it is cancelled and its stock comes back', async () => {
    const shopper = await shopperAt(api.app, newAddress());
    const stock = await stockOf(p.otherFrame2.id);
    for (let i = 0; i < UNPAID_ORDERS_PER_SHOPPER; i += 1) expect((await shopper.orderByUpi(p.otherFrame2.id)).status).toBe(200);
    expect(await stockOf(p.otherFrame2.id)).toBe(stock - UNPAID_ORDERS_PER_SHOPPER);
    await api.db.query(`update orders set created_at = now() - make_interval(mins => $1) where session_id is not null and status = 'PENDING_PAYMENT'`, [
      PAYMENT_HOLD_MINUTES + 1,
    ]);
    // Past their hold they do not count, and the sweep (every minute) gives their stock back.
    expect((await shopper.orderByUpi(p.otherFrame2.id)).status).toBe(200);
    await expireUnpaidOrders(api.db);
    expect(await stockOf(p.otherFrame2.id)).toBe(stock - 1);
  });
});
