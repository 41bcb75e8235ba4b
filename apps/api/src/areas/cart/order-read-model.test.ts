import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { ADDRESS, client, customerSession, pickProducts } from './test-helpers';

const CARD = { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: 2099, cvv: '123' };

// One read model of an order (issue 18, item 9): the cart area's answer after payment and the
// account area's order detail are the same order, shown the same way.
describe('the order read model, shared by the cart and account areas', () => {
  let api: TestApi;
  let p: Awaited<ReturnType<typeof pickProducts>>;
  beforeAll(async () => {
    api = await createTestApi({ seeded: true });
    p = await pickProducts(api.db);
  });
  afterAll(() => api.close());

  it('answers one order identically from checkout and from My orders, with every field either knew', async () => {
    const { cookie } = await customerSession(api.app, api.db);
    const c = client(api.app, cookie);
    expect((await c.post('/v2/carts/items', { productId: p.houseFrame.id })).status).toBe(200);
    expect((await c.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
    const paid = await c.post('/v2/orders/payment', { paymentMethod: 'cc', card: CARD }, { 'idempotency-key': `read-model-${Date.now()}` });
    expect(paid.status).toBe(200);
    const id = paid.body.result.order.id as number;

    const fromCheckout = await c.get(`/v2/checkout/orders/${id}`);
    const fromAccount = await c.get(`/v2/orders/${id}`);
    expect(fromCheckout.status).toBe(200);
    expect(fromAccount.status).toBe(200);
    // My orders adds the order's money from the ledger (issue 42: every payment and refund, totals that add up).
    const { money, ...sameAsCheckout } = fromAccount.body.result;
    expect(sameAsCheckout).toEqual(fromCheckout.body.result);
    expect(money).toMatchObject({ paid: fromCheckout.body.result.amount.total, charged: fromCheckout.body.result.amount.total, refunded: 0 });

    const order = fromAccount.body.result;
    // The own-brand discount keeps its kind (it used to read as a cart offer in My orders).
    expect(order.amount.discounts).toEqual([{ type: 'brand', code: p.houseFrame.brand, amount: expect.any(Number) }]);
    expect(order.payments.paymentList).toEqual([{ method: 'cc', amount: order.amount.total, status: 'SUCCESS' }]);
    // The promised delivery date and the totals (only checkout showed them before).
    expect(order.estimatedDelivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(order.subTotal).toBe(p.houseFrame.selling_price);
    expect(order.totalDiscount).toBe(order.amount.discounts[0].amount);
    expect(order.items).toEqual([expect.objectContaining({ productId: p.houseFrame.id, quantity: 1, statusHistory: expect.any(Array) })]);
    expect(order.shippingAddress).toMatchObject({ city: ADDRESS.city, postcode: ADDRESS.postcode });
  });

  it('answers 404 to a stranger on both, the same as for an order that does not exist', async () => {
    const { cookie } = await customerSession(api.app, api.db);
    const c = client(api.app, cookie);
    expect((await c.post('/v2/carts/items', { productId: p.otherFrame.id })).status).toBe(200);
    expect((await c.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
    const paid = await c.post('/v2/orders/payment', { paymentMethod: 'cc', card: CARD }, { 'idempotency-key': `read-model-stranger-${Date.now()}` });
    const id = paid.body.result.order.id as number;

    const stranger = client(api.app, await guestSession(api.app));
    for (const path of [`/v2/checkout/orders/${id}`, `/v2/orders/${id}`, '/v2/checkout/orders/99999999', '/v2/orders/99999999']) {
      const answer = await stranger.get(path);
      expect({ path, status: answer.status, message: answer.body.message }).toEqual({ path, status: 404, message: 'Order not found' });
    }
  });
});
