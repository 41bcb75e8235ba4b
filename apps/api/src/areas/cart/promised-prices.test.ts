import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { CONTACT_LENS } from '../product/testing';
import { ADDRESS, client, customerSession, pickProducts } from './test-helpers';

// Issue 20 "Prices that match what was promised": what the product page shows (the product
// API's answers) is what the cart charges, to the paisa.
describe('promised prices', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ seeded: true });
  });
  afterAll(() => api.close());

  const lensPowers = (rightBoxes: number, leftBoxes: number) => ({
    powerType: 'CONTACT_LENS',
    right: { sph: '-1.50', boxes: rightBoxes },
    left: { sph: '-1.50', boxes: leftBoxes },
  });

  describe('contact-lens subscriptions', () => {
    it.each([
      [3, true],
      [6, true],
      [12, true],
      [12, false],
    ])('the %i-month plan (both eyes: %s) costs in the cart what the product page shows', async (months, bothEyes) => {
      const c = client(api.app, await guestSession(api.app));
      const plans = (await c.get(`/v2/products/product/${CONTACT_LENS}/subscriptions?isBothEye=${bothEyes}`)).body.result.subscriptions;
      const plan = plans.find((p: { id: number }) => p.id === months);
      // The quantity sent does not matter: the plan decides the boxes (the 12-month plan has more than 10).
      const added = await c.post('/v2/carts/items', {
        productId: CONTACT_LENS,
        quantity: 1,
        subscriptionId: months,
        powerType: 'CONTACT_LENS',
        prescription: bothEyes ? lensPowers(1, 1) : lensPowers(2, 0),
      });
      expect(added.status).toBe(200);
      const cart = added.body.result;
      expect(cart.items).toHaveLength(1);
      expect(cart.items[0].quantity).toBe(plan.boxes);
      expect(cart.items[0].amount.total).toBe(plan.price);
      expect(cart.totals.subTotal).toBe(plan.price);
      // The prescription carries the plan's boxes for each eye bought.
      const perEye = bothEyes ? plan.boxes / 2 : plan.boxes;
      expect([cart.items[0].prescription.right.boxes, cart.items[0].prescription.left.boxes]).toEqual(bothEyes ? [perEye, perEye] : [perEye, 0]);
    });

    it('the 30-pack daily lens: 24 boxes for a year for both eyes at 15% off each box, rounded per box', async () => {
      const c = client(api.app, await guestSession(api.app));
      const selling = (await c.get(`/v2/products/product/${CONTACT_LENS}`)).body.result.prices[1].price;
      const box = Math.round(selling * 85) / 100;
      const plan = (await c.get(`/v2/products/product/${CONTACT_LENS}/subscriptions?isBothEye=true`)).body.result.subscriptions[2];
      expect(plan).toMatchObject({ id: 12, boxes: 24, price: Math.round(24 * box * 100) / 100 });
    });

    it('keeps a plan as one line whose boxes cannot change; removing it works', async () => {
      const c = client(api.app, await guestSession(api.app));
      const body = { productId: CONTACT_LENS, subscriptionId: 3, powerType: 'CONTACT_LENS', prescription: lensPowers(1, 1) };
      const first = (await c.post('/v2/carts/items', body)).body.result;
      const again = (await c.post('/v2/carts/items', body)).body.result;
      expect(again.items).toHaveLength(1);
      expect(again.items[0].quantity).toBe(first.items[0].quantity);
      const id = first.items[0].id;
      expect((await c.put(`/v2/carts/items/${id}/quantity?count=1`)).status).toBe(422);
      expect((await c.del(`/v2/carts/items/${id}/quantity?count=1`)).status).toBe(422);
      expect((await c.del(`/v2/carts/items/${id}`)).body.result.items).toEqual([]);
    });

    it('refuses an unknown plan, and a plan for a product that is not a contact lens', async () => {
      const c = client(api.app, await guestSession(api.app));
      const unknown = await c.post('/v2/carts/items', { productId: CONTACT_LENS, subscriptionId: 2, prescription: lensPowers(1, 1) });
      expect(unknown).toMatchObject({ status: 400, body: { field: 'subscriptionId' } });
      const frame = await c.post('/v2/carts/items', { productId: 128001, subscriptionId: 3 });
      expect(frame).toMatchObject({ status: 400, body: { field: 'subscriptionId' } });
    });
  });

  describe('first frame for new customers', () => {
    const r2 = (v: number) => Math.round(v * 100) / 100;
    const firstBuyFrame = async () => {
      const [row] = await api.db.query<{ id: number; selling_price: number; first_buy_price: number; house: boolean }>(
        `select p.id, pp.selling_price, pp.first_buy_price, b.house from products p join brands b on b.id = p.brand_id
           join product_prices pp on pp.product_id = p.id and pp.country = 'in'
          where pp.first_buy_price is not null and p.classification = 'eyeframe' and p.stock > 5 order by p.id limit 1`,
      );
      return row!;
    };

    it('a new shopper pays the first-buy price the product page shows for one frame; the second unit is full price', async () => {
      const frame = await firstBuyFrame();
      const c = client(api.app, await guestSession(api.app));
      const product = (await c.get(`/v2/products/product/${frame.id}`)).body.result;
      const shown = product.prices.find((p: { id?: number }) => p.id === 1000).price;
      expect(shown).toBe(frame.first_buy_price);
      const one = (await c.post('/v2/carts/items', { productId: frame.id, powerType: 'ZERO_POWER' })).body.result;
      expect(one.totals.discounts).toEqual([{ type: 'firstFrame', code: 'FIRST_FRAME', amount: r2(frame.selling_price - shown) }]);
      expect(r2(one.totals.subTotal - one.totals.totalDiscount)).toBe(shown);
      // A second unit gets the house brand's own discount (10%), not the first-frame price again.
      const two = (await c.put(`/v2/carts/items/${one.items[0].id}/quantity?count=1`)).body.result;
      const ownBrand = frame.house ? r2(frame.selling_price * 0.1) : 0;
      expect(r2(two.totals.subTotal - two.totals.totalDiscount)).toBe(r2(shown + frame.selling_price - ownBrand));
    });

    it('a customer who has placed an order pays the selling price', async () => {
      const frame = await firstBuyFrame();
      const { cookie, customerId } = await customerSession(api.app, api.db, 'repeat-first-frame@example.com');
      await api.db.query('update customers set has_placed_order = true where id = $1', [customerId]);
      const cart = (await client(api.app, cookie).post('/v2/carts/items', { productId: frame.id })).body.result;
      expect(cart.totals.discounts.map((d: { type: string }) => d.type)).not.toContain('firstFrame');
    });

    it('a guest is new until an order is placed from the session, or with the e-mail the checkout gives', async () => {
      const frame = await firstBuyFrame();
      const hasFirstFrame = (cart: { totals: { discounts: { type: string }[] } }) => cart.totals.discounts.some((d) => d.type === 'firstFrame');
      // A guest who bought before (as a guest, the same e-mail) checks out again from a new session.
      const email = `returning-guest-${Date.now()}@example.com`;
      const beforeCookie = await guestSession(api.app);
      const before = client(api.app, beforeCookie);
      expect(hasFirstFrame((await before.post('/v2/carts/items', { productId: frame.id })).body.result)).toBe(true);
      expect((await before.post('/v2/carts/shippingAddress', { ...ADDRESS, email })).status).toBe(200);
      const card = { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: 2099, cvv: '123' };
      const first = await api.app.inject({
        method: 'POST',
        url: '/v2/orders/payment',
        payload: { paymentMethod: 'cc', card },
        headers: { cookie: beforeCookie, 'x-country-code': 'in', 'idempotency-key': `guest-first-${Date.now()}` },
      });
      expect(first.statusCode).toBe(200);
      // The product page stops advertising the price at once: the marker of a repeat customer is written with the answer.
      expect(first.cookies.find((c) => c.name === 'hasPlacedOrder')?.value).toBe('true');
      // The same session is no longer new at once.
      expect(hasFirstFrame((await before.post('/v2/carts/items', { productId: frame.id })).body.result)).toBe(false);
      // A new session is new until its checkout gives that e-mail: the priced cart the payment page shows says so.
      const again = client(api.app, await guestSession(api.app));
      expect(hasFirstFrame((await again.post('/v2/carts/items', { productId: frame.id })).body.result)).toBe(true);
      expect((await again.post('/v2/carts/shippingAddress', { ...ADDRESS, email: email.toUpperCase() })).status).toBe(200);
      const priced = (await again.get('/v2/carts')).body.result;
      expect(hasFirstFrame(priced)).toBe(false);
      // And the order charges what that cart shows.
      const paid = await again.post('/v2/orders/payment', { paymentMethod: 'cc', card }, { 'idempotency-key': `guest-again-${Date.now()}` });
      expect(paid.status).toBe(200);
      expect(paid.body.result.order.amount.total).toBe(priced.totals.total);
    });
  });

  describe('payment offers follow the payment', () => {
    const r2 = (v: number) => Math.round(v * 100) / 100;
    const CARD = { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: 2099, cvv: '123' };
    let keys = 0;
    async function shopperWithFrame() {
      const { otherFrame } = await pickProducts(api.db);
      const c = client(api.app, await guestSession(api.app));
      await c.post('/v2/carts/items', { productId: otherFrame.id });
      await c.post('/v2/carts/shippingAddress', ADDRESS);
      return { c, selling: otherFrame.selling_price };
    }
    const pay = (c: ReturnType<typeof client>, body: unknown) => c.post('/v2/orders/payment', body, { 'idempotency-key': `prices-${Date.now()}-${++keys}` });

    it('UPI gets the 5% (up to 100) once applied, and a UPI payment without it is charged what the page showed', async () => {
      const applied = await shopperWithFrame();
      expect((await applied.c.post('/v2/carts/paymentOffer', { offerId: 'UPI5', paymentMethod: 'upi' })).status).toBe(200);
      const upi = (await pay(applied.c, { paymentMethod: 'upi', vpa: 'success@upi' })).body.result;
      expect(upi.order.amount.total).toBe(r2(applied.selling - Math.min(r2(applied.selling * 0.05), 100)));
      const plain = await shopperWithFrame();
      const cart = (await plain.c.get('/v2/carts')).body.result;
      const paid = (await pay(plain.c, { paymentMethod: 'upi', vpa: 'success@upi' })).body.result;
      expect(paid.order.amount.total).toBe(cart.netAmountCart ?? cart.totals.total);
    });

    it('a UPI offer applied on the page is not given to a card payment', async () => {
      const { c, selling } = await shopperWithFrame();
      expect((await c.post('/v2/carts/paymentOffer', { offerId: 'UPI5', paymentMethod: 'upi' })).status).toBe(200);
      const paid = (await pay(c, { paymentMethod: 'cc', card: { ...CARD, number: '5555555555554444' } })).body.result;
      expect(paid.order.amount.total).toBe(selling);
    });

    it('a card offer is given only to a card of its BINs', async () => {
      const { c, selling } = await shopperWithFrame();
      const applied = (await c.post('/v2/carts/paymentOffer', { offerId: 'HDFC15', cardBin: '411111' })).body.result;
      const offer = applied.totals.discounts.find((d: { type: string }) => d.type === 'offer').amount;
      expect(offer).toBe(Math.min(r2(selling * 0.15), 750));
      const other = await shopperWithFrame();
      await other.c.post('/v2/carts/paymentOffer', { offerId: 'HDFC15', cardBin: '411111' });
      expect((await pay(other.c, { paymentMethod: 'cc', card: { ...CARD, number: '5555555555554444' } })).body.result.order.amount.total).toBe(other.selling);
      expect((await pay(c, { paymentMethod: 'cc', card: CARD })).body.result.order.amount.total).toBe(r2(selling - offer));
    });
  });
});
