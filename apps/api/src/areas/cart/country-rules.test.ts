import { type FastifyInstance } from 'fastify';
import { createTestApi, customerSession, guestSession, type TestApi } from '../../testing/api';
import { ADDRESS, AE_ADDRESS, client, pickProducts } from './test-helpers';

// Issue 42 (the shopping path's rough edges), against a real PGlite database: addresses by their
// country's rule (ADDRESS_RULES of @eyewear/i18n/rules, the checkout form's), the order the success
// page reads (lens package names, which items still wait for a prescription), offers with their cap.
const CARD = { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: 2099, cvv: '123' };
let keys = 0;

describe('issue 42: country rules, the order for the success page, offer caps', () => {
  let api: TestApi;
  let p: Awaited<ReturnType<typeof pickProducts>>;
  beforeAll(async () => {
    api = await createTestApi({ seeded: true });
    p = await pickProducts(api.db);
  });
  afterAll(() => api.close());

  async function shopper(app: FastifyInstance, country: string) {
    const c = client(app, await guestSession(app, country), country);
    expect((await c.post('/v2/carts/items', { productId: p.otherFrame.id })).status).toBe(200);
    return c;
  }

  it('keeps no postcode in the UAE (its 00000 dropped), wants the emirate, and checks each country its own way', async () => {
    const ae = await shopper(api.app, 'ae');
    const saved = await ae.post('/v2/carts/shippingAddress', AE_ADDRESS);
    expect(saved.status).toBe(200);
    expect(saved.body.result.address.postcode).toBe('');
    expect((await ae.post('/v2/carts/shippingAddress', { ...AE_ADDRESS, postcode: '' })).status).toBe(200);
    const noEmirate = await ae.post('/v2/carts/shippingAddress', { ...AE_ADDRESS, state: ' ' });
    expect([noEmirate.status, noEmirate.body.field, noEmirate.body.message]).toEqual([400, 'state', 'Please enter the emirate']);

    const india = await shopper(api.app, 'in');
    const wrong = await india.post('/v2/carts/shippingAddress', { ...ADDRESS, postcode: '060001' });
    expect([wrong.status, wrong.body.field, wrong.body.message]).toEqual([400, 'postcode', 'Please enter a valid pincode']);
    const none = await india.post('/v2/carts/shippingAddress', { ...ADDRESS, postcode: '' });
    expect([none.status, none.body.field]).toEqual([400, 'postcode']);

    const us = await shopper(api.app, 'us');
    const usAddress = { ...ADDRESS, phone: '2025550123', city: 'New York', state: 'NY', postcode: '10001', country: 'us' };
    expect((await us.post('/v2/carts/shippingAddress', usAddress)).status).toBe(200);
    const zip = await us.post('/v2/carts/shippingAddress', { ...usAddress, postcode: '100010' });
    expect([zip.status, zip.body.field, zip.body.message]).toEqual([400, 'postcode', 'Please enter a valid ZIP code']);

    // Singapore has no states: none is asked, none is needed.
    const sg = await shopper(api.app, 'sg');
    const sgAddress = { ...ADDRESS, phone: '91234567', city: 'Singapore', state: '', postcode: '049315', country: 'sg' };
    expect((await sg.post('/v2/carts/shippingAddress', sgAddress)).status).toBe(200);
  });

  it('keeps an address in the book by the same rule', async () => {
    const { cookie } = await customerSession(api.app, api.db, { country: 'ae' });
    const book = client(api.app, cookie, 'ae');
    const kept = await book.post('/v2/addresses', AE_ADDRESS);
    expect(kept.status).toBe(200);
    expect(kept.body.result.postcode ?? kept.body.result.address?.postcode).toBe('');
  });

  it('answers each item with its lens package and whether it still waits for a prescription', async () => {
    const cookie = await guestSession(api.app);
    const c = { ...client(api.app, cookie), cookie };
    const [pkg] = await api.db.query<{ id: number; name: string }>(`select id, data->>'name' as name from lens_packages order by id limit 1`);
    expect((await c.post('/v2/carts/items', { productId: p.otherFrame.id, packageId: pkg!.id, powerType: 'SINGLE_VISION', powerLater: true })).status).toBe(
      200,
    );
    expect((await c.post('/v2/carts/items', { productId: p.otherFrame2.id })).status).toBe(200);
    expect((await c.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
    const paid = await c.post('/v2/orders/payment', { paymentMethod: 'cc', card: CARD }, { 'idempotency-key': `issue42-${++keys}` });
    expect(paid.status).toBe(200);
    const order = (await c.get(`/v2/checkout/orders/${paid.body.result.order.id}`)).body.result;
    const later = order.items.find((i: { productId: number }) => i.productId === p.otherFrame.id);
    const frameOnly = order.items.find((i: { productId: number }) => i.productId === p.otherFrame2.id);
    expect(later).toMatchObject({ packageName: pkg!.name, powerSubmission: 'later-on-checkout-or-call' });
    expect(frameOnly.packageName).toBeUndefined();
    expect(frameOnly.powerSubmission).toBe('power-not-required');
    expect(order.shippingAddress).toMatchObject({ addressline1: ADDRESS.addressline1, postcode: ADDRESS.postcode });
    expect(order.amount.totalTax).toBeGreaterThan(0);

    // A later change of the order's address is checked by the same rule.
    const change = async (address: object) => {
      const response = await api.app.inject({
        method: 'PUT',
        url: `/v2/orders/${order.id}/shippingAddress`,
        payload: address,
        headers: { cookie: c.cookie, 'x-country-code': 'in', 'idempotency-key': `issue42-${++keys}` },
      });
      return { status: response.statusCode, body: response.json() };
    };
    const noState = await change({ ...ADDRESS, state: '' });
    expect([noState.status, noState.body.field, noState.body.message]).toEqual([400, 'state', 'Please enter the state']);
    const zero = await change({ ...ADDRESS, postcode: '000000' });
    expect([zero.status, zero.body.field, zero.body.message]).toEqual([400, 'postcode', 'Please enter a valid pincode']);
    expect((await change({ ...ADDRESS, city: 'Mumbai', postcode: '400001', state: 'Maharashtra' })).status).toBe(200);
  });

  it('says the most each payment offer takes off, and from what cart value', async () => {
    const c = await shopper(api.app, 'in');
    const offers = (await c.get('/v2/payments/offers/enabled')).body.result.offers;
    expect(offers.find((o: { offerId: string }) => o.offerId === 'UPI5')).toMatchObject({ maxDiscount: 100, minCartValue: 500, discountPercent: 5 });
    expect(offers.find((o: { offerId: string }) => o.offerId === 'HDFC15')).toMatchObject({ maxDiscount: 750, minCartValue: 1500 });
  });
});
