import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { advanceOrder, placeOrder } from '../account/testing';
import { ADDRESS, client, customerSession, pickProducts, sessionIdFrom } from './test-helpers';
import { mergeGuestCart } from './cart-store';
import { buildApp } from '../../app';
import { cookieHeader } from '../../testing/api';

describe('cart API', () => {
  let api: TestApi;
  let products: Awaited<ReturnType<typeof pickProducts>>;
  beforeAll(async () => {
    api = await createTestApi({ seeded: true });
    products = await pickProducts(api.db);
  });
  afterAll(() => api.close());

  it('starts empty and keeps added items on the server, counted in /me', async () => {
    const c = client(api.app, await guestSession(api.app));
    const empty = await c.get('/v2/carts');
    expect(empty.status).toBe(200);
    expect(empty.body.result).toMatchObject({ items: [], itemsQty: 0, totals: { total: 0, shipping: 0 } });
    const added = await c.post('/v2/carts/items', { productId: products.otherFrame.id, quantity: 2 });
    expect(added.status).toBe(200);
    expect(added.body.result.items[0]).toMatchObject({ productId: products.otherFrame.id, quantity: 2, classification: 'eyeframe' });
    expect(added.body.result.itemsQty).toBe(2);
    const again = await c.get('/v2/carts');
    expect(again.body.result.items).toHaveLength(1);
    expect((await c.get('/me')).body.result.cartCount).toBe(2);
  });

  it('adds a frame with a lens package and coating, priced by the API', async () => {
    const c = client(api.app, await guestSession(api.app));
    const [pkg] = await api.db.query<{ id: number; data: { prices: { country: string; price: number }[] } }>(
      'select id, data from lens_packages order by id limit 1',
    );
    const [coating] = await api.db.query<{ id: number; data: { prices: { country: string; price: number }[] } }>(
      'select id, data from coatings where package_id = $1 limit 1',
      [pkg!.id],
    );
    const res = await c.post('/v2/carts/items', {
      productId: products.otherFrame.id,
      packageId: pkg!.id,
      coatingId: coating!.id,
      powerType: 'SINGLE_VISION',
      powerLater: true,
    });
    const item = res.body.result.items[0];
    const extra = pkg!.data.prices.find((p) => p.country === 'in')!.price + coating!.data.prices.find((p) => p.country === 'in')!.price;
    expect(item.price.value).toBeCloseTo(products.otherFrame.selling_price + extra, 2);
    expect(item.options.map((o: { type: string }) => o.type)).toEqual(['PACKAGE', 'COATING']);
    expect(item.powerSubmission).toBe('later-on-checkout-or-call');
  });

  it('classifies power submission: sph entered, or not required', async () => {
    const c = client(api.app, await guestSession(api.app));
    const res = await c.post('/v2/carts/items', {
      productId: products.otherFrame.id,
      powerType: 'SINGLE_VISION',
      prescription: { powerType: 'SINGLE_VISION', left: { sph: '-1.25' }, right: { sph: '-1.00' } },
    });
    expect(res.body.result.items[0].powerSubmission).toBe('self-from-pdp');
    expect(res.body.result.items[0].prescriptionView).toEqual({ left: { sph: '-1.25' }, right: { sph: '-1.00' } });
    const plain = await c.post('/v2/carts/items', { productId: products.otherFrame2.id });
    expect(plain.body.result.items[1].powerSubmission).toBe('power-not-required');
  });

  it('increases, decreases and removes; refuses more than the stock with 422', async () => {
    const c = client(api.app, await guestSession(api.app));
    const added = await c.post('/v2/carts/items', { productId: products.lastOne.id });
    const itemId = added.body.result.items[0].id;
    expect(added.body.result.items[0].availableQuantity).toBe(1);
    const tooMany = await c.put(`/v2/carts/items/${itemId}/quantity?count=1`);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe('Only 1 left in stock');
    await c.post('/v2/carts/items', { productId: products.otherFrame.id });
    const frameId = (await c.get('/v2/carts')).body.result.items[1].id;
    expect((await c.put(`/v2/carts/items/${frameId}/quantity?count=2`)).body.result.items[1].quantity).toBe(3);
    expect((await c.del(`/v2/carts/items/${frameId}/quantity?count=1`)).body.result.items[1].quantity).toBe(2);
    const removed = await c.del(`/v2/carts/items/${itemId}`);
    expect(removed.body.result.items.map((i: { productId: number }) => i.productId)).toEqual([products.otherFrame.id]);
    const cleared = await c.del('/v2/carts');
    expect(cleared.body.result.itemsQty).toBe(0);
  });

  it('answers 422 with the out-of-stock message for a sold-out product, 404 for an unknown one, 400 naming the field', async () => {
    const c = client(api.app, await guestSession(api.app));
    const sold = await c.post('/v2/carts/items', { productId: products.outOfStock.id });
    expect(sold.status).toBe(422);
    expect(sold.body).toMatchObject({ message: 'This product is out of stock', code: 'OUT_OF_STOCK' });
    expect((await c.post('/v2/carts/items', { productId: 999999 })).status).toBe(404);
    const bad = await c.post('/v2/carts/items', { productId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('productId');
  });

  it("never lets one shopper change another's item (404)", async () => {
    const a = client(api.app, await guestSession(api.app));
    const b = client(api.app, await guestSession(api.app));
    const itemId = (await a.post('/v2/carts/items', { productId: products.otherFrame.id })).body.result.items[0].id;
    expect((await b.del(`/v2/carts/items/${itemId}`)).status).toBe(404);
    expect((await b.put(`/v2/carts/items/${itemId}/quantity?count=1`)).status).toBe(404);
    expect((await a.get('/v2/carts')).body.result.items).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/v2/carts' });
    expect(res.statusCode).toBe(401);
  });

  it('changes the lens package of an item (update item): the API prices it again and drops the old coating', async () => {
    const c = client(api.app, await guestSession(api.app));
    const [frame] = await api.db.query<{ id: number; frame_type: string; selling_price: number }>(
      `select p.id, p.data->>'frameType' as frame_type, pp.selling_price from products p join product_prices pp on pp.product_id = p.id and pp.country = 'in'
        where p.id = $1`,
      [products.otherFrame.id],
    );
    type Pkg = { id: number; power_type: string; data: { frameTypes: string[]; prices: { country: string; price: number }[] } };
    const packages = await api.db.query<Pkg>('select id, power_type, data from lens_packages order by id');
    const inr = (p: Pkg) => p.data.prices.find((x) => x.country === 'in')!.price;
    const fitting = packages.filter((p) => p.power_type === 'single_vision' && p.data.frameTypes.includes(frame!.frame_type));
    expect(fitting.length).toBeGreaterThanOrEqual(2);
    const [first, second] = [fitting[0]!, fitting.find((p) => inr(p) !== inr(fitting[0]!)) ?? fitting[1]!];
    const [coating] = await api.db.query<{ id: number }>('select id from coatings where package_id = $1 limit 1', [first.id]);
    const added = await c.post('/v2/carts/items', {
      productId: frame!.id,
      packageId: first.id,
      coatingId: coating!.id,
      powerType: 'SINGLE_VISION',
      powerLater: true,
    });
    const itemId = added.body.result.items[0].id;
    const before = added.body.result.totals.subTotal;

    const changed = await c.post(`/v2/carts/items/${itemId}`, { packageId: second.id });
    expect(changed.status).toBe(200);
    const item = changed.body.result.items[0];
    expect(item.options).toEqual([expect.objectContaining({ type: 'PACKAGE', oid: second.id })]);
    expect(item.price.value).toBeCloseTo(frame!.selling_price + inr(second), 2);
    expect(item.lensType).toBe('SINGLE_VISION');
    expect(item.powerSubmission).toBe('later-on-checkout-or-call');
    expect(changed.body.result.totals.subTotal).toBeCloseTo(frame!.selling_price + inr(second), 2);
    expect(changed.body.result.totals.subTotal).not.toBeCloseTo(before, 2);
    // The change is stored: the next get prices the same.
    expect((await c.get('/v2/carts')).body.result.totals.subTotal).toBeCloseTo(changed.body.result.totals.subTotal, 2);

    // A package of another power type, one that does not fit the frame, or none at all are refused; the item keeps its package.
    const sun = packages.find((p) => p.power_type === 'sunglasses')!;
    const wrongKind = await c.post(`/v2/carts/items/${itemId}`, { packageId: sun.id });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body).toMatchObject({ message: 'This lens package does not fit this item', field: 'packageId' });
    const otherFrameType = packages.find((p) => p.power_type === 'single_vision' && !p.data.frameTypes.includes(frame!.frame_type));
    if (otherFrameType)
      expect((await c.post(`/v2/carts/items/${itemId}`, { packageId: otherFrameType.id })).body.message).toBe('This lens package does not fit this frame');
    const mismatch = await c.post(`/v2/carts/items/${itemId}`, { packageId: second.id, powerType: 'PROGRESSIVE' });
    expect(mismatch.status).toBe(422);
    expect((await c.post(`/v2/carts/items/${itemId}`, { packageId: 999999 })).body).toMatchObject({ field: 'packageId' });
    expect((await c.post(`/v2/carts/items/${itemId}`, { packageId: 'x' })).status).toBe(400);
    expect((await c.get('/v2/carts')).body.result.items[0].options).toEqual([expect.objectContaining({ oid: second.id })]);

    // Items that take no lenses, and another shopper's item.
    const gold = await c.post('/v2/carts/items', { productId: 128269 });
    const goldItem = gold.body.result.items.find((i: { productId: number }) => i.productId === 128269);
    const noLens = await c.post(`/v2/carts/items/${goldItem.id}`, { packageId: second.id });
    expect(noLens.status).toBe(422);
    expect(noLens.body.message).toBe('This item takes no lens package');
    const stranger = client(api.app, await guestSession(api.app));
    expect((await stranger.post(`/v2/carts/items/${itemId}`, { packageId: second.id })).status).toBe(404);
  });

  it('keeps one gold membership per cart', async () => {
    const c = client(api.app, await guestSession(api.app));
    await c.post('/v2/carts/items', { productId: 128269 });
    const twice = await c.post('/v2/carts/items', { productId: 128269, quantity: 3 });
    expect(twice.body.result.items).toHaveLength(1);
    expect(twice.body.result.items[0]).toMatchObject({ quantity: 1, classification: 'loyalty_services' });
    expect(twice.body.result.items[0].tierMembershipDuration).toBeGreaterThan(0);
  });

  it('merges the guest cart into the customer cart on login, nothing lost', async () => {
    const { cookie, customerId } = await customerSession(api.app, api.db);
    const customer = client(api.app, cookie);
    await customer.post('/v2/carts/items', { productId: products.otherFrame.id });
    const guestCookie = await guestSession(api.app);
    const guest = client(api.app, guestCookie);
    await guest.post('/v2/carts/items', { productId: products.otherFrame.id, quantity: 2 });
    await guest.post('/v2/carts/items', { productId: products.houseFrame.id });
    await guest.post('/v2/carts/gift-vouchers', { code: 'GIFT500' });
    // What the account area's login does: end the guest session, bind a new one, run the hooks in its transaction.
    const guestSessionId = sessionIdFrom(guestCookie);
    await api.db.transaction((tx) => mergeGuestCart(tx, { previousSessionId: guestSessionId, sessionId: 'new', customerId }));
    const merged = (await customer.get('/v2/carts')).body.result;
    expect(merged.items.map((i: { productId: number; quantity: number }) => [i.productId, i.quantity])).toEqual([
      [products.otherFrame.id, 3],
      [products.houseFrame.id, 1],
    ]);
    expect(merged.gvAmt).toBeGreaterThan(0);
    expect((await guest.get('/v2/carts')).body.result.items).toEqual([]);
  });

  it('gives a guest cart to the customer when the customer has none', async () => {
    const guestCookie = await guestSession(api.app);
    await client(api.app, guestCookie).post('/v2/carts/items', { productId: products.otherFrame.id });
    const [customer] = await api.db.query<{ id: number }>(`insert into customers (first_name, email) values ('New', 'new-merge@example.com') returning id`);
    await api.db.transaction((tx) => mergeGuestCart(tx, { previousSessionId: sessionIdFrom(guestCookie), sessionId: 'x', customerId: customer!.id }));
    const [row] = await api.db.query<{ n: number }>('select count(*)::int as n from cart_items ci join carts c on c.id = ci.cart_id where c.customer_id = $1', [
      customer!.id,
    ]);
    expect(row!.n).toBe(1);
  });

  it('offers express delivery where a store shares the pincode, and checks addresses per country', async () => {
    const c = client(api.app, await guestSession(api.app));
    await c.post('/v2/carts/items', { productId: products.otherFrame.id });
    const [store] = await api.db.query<{ pincode: string }>(`select pincode from stores where country = 'in' limit 1`);
    const options = await c.get(`/v2/carts/expressdelivery/deliveryOptions?pincode=${store!.pincode}`);
    expect(options.body.result.options.map((o: { id: string }) => o.id)).toEqual(['standard', 'express']);
    const express = await c.post(`/v2/carts/expressdelivery/updateDeliveryOption?pincode=${store!.pincode}&shippingCountry=in`, {
      deliveryOptionId: 'express',
    });
    expect(express.body.result.deliveryOption).toBe('express');
    expect(express.body.result.totals.shipping).toBe(149);
    const badPhone = await c.post('/v2/carts/shippingAddress', {
      firstName: 'A',
      email: 'a@b.co',
      phone: '1234567890',
      addressline1: 'x',
      city: 'c',
      state: 's',
      postcode: '560001',
      country: 'in',
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body).toMatchObject({ field: 'phone', message: 'Please enter a valid mobile number' });
    const abroad = await c.post('/v2/carts/shippingCheck', { country: 'us' });
    expect(abroad.body.result.serviceable).toBe(false);
  });

  it('merges through the real login: the guest cart joins the customer cart, nothing lost', async () => {
    const registered = await api.app.inject({
      method: 'POST',
      url: '/v2/customers',
      headers: { cookie: await guestSession(api.app) },
      payload: { firstName: 'Asha', lastName: 'Rao', email: 'merge-login@example.com', password: 'secret-pass' },
    });
    expect(registered.statusCode).toBe(200);
    const customer = client(api.app, cookieHeader(registered));
    await customer.post('/v2/carts/items', { productId: products.houseFrame.id });
    const guestCookie = await guestSession(api.app);
    const guest = client(api.app, guestCookie);
    await guest.post('/v2/carts/items', { productId: products.otherFrame.id, quantity: 2 });
    const login = await api.app.inject({
      method: 'POST',
      url: '/v2/customers/authenticate',
      headers: { cookie: guestCookie },
      payload: { email: 'merge-login@example.com', password: 'secret-pass' },
    });
    expect(login.statusCode).toBe(200);
    const after = client(api.app, cookieHeader(login, guestCookie));
    const cart = (await after.get('/v2/carts')).body.result;
    expect(cart.items.map((i: { productId: number; quantity: number }) => [i.productId, i.quantity]).sort()).toEqual(
      [
        [products.houseFrame.id, 1],
        [products.otherFrame.id, 2],
      ].sort(),
    );
    expect((await after.get('/me')).body.result.cartCount).toBe(3);
  });

  it('keeps the cart across an API restart (same database, new server)', async () => {
    const cookie = await guestSession(api.app);
    await client(api.app, cookie).post('/v2/carts/items', { productId: products.otherFrame.id });
    const restarted = await buildApp({ db: api.db });
    await restarted.ready();
    try {
      const cart = (await client(restarted, cookie).get('/v2/carts')).body.result;
      expect(cart.items.map((i: { productId: number }) => i.productId)).toEqual([products.otherFrame.id]);
    } finally {
      await restarted.close();
    }
  });
});

describe('cart API: exchange for a new product (account §4 "Exchange mode")', () => {
  let api: TestApi;
  let products: Awaited<ReturnType<typeof pickProducts>>;
  beforeAll(async () => {
    api = await createTestApi({ seeded: true });
    products = await pickProducts(api.db);
  });
  afterAll(() => api.close());

  const CARD = { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: 2099, cvv: '123' };

  /** A repeat customer whose delivered frame (paid 1,200 online) is being exchanged for a new product. */
  async function exchanging(price = 1200) {
    const shopper = await customerSession(api.app, api.db);
    await api.db.query('update customers set has_placed_order = true where id = $1', [shopper.customerId]);
    const old = await placeOrder(api.db, { customerId: shopper.customerId }, { items: [{ price }] });
    expect((await advanceOrder(api.app, old.orderId, 'DELIVERED')).statusCode).toBe(200);
    const c = client(api.app, shopper.cookie);
    const reasons = (await c.get('/v2/returns/reasons?classification=eyeframe')).body.result.reasons;
    const itemId = old.itemIds[0]!;
    // What the return page offers as the exchange credit, before the return is made.
    const eligibility = (await c.get(`/v2/orders/${old.orderId}/return/eligibility?fetchRefundExchangeDetails=true`)).body.result;
    const offered: number = eligibility.find((e: { itemId: number }) => e.itemId === itemId).refundExchangeDetails.exchangeCredit;
    const created = await c.post(`/v2/orders/${old.orderId}/return`, {
      items: [{ itemId, reasonId: reasons[0].id }],
      returnMethod: 'new_product',
      mode: 'self_ship',
    });
    expect(created.status).toBe(200);
    const headers = { 'x-service-type': 'exchange', 'x-exchange-order-id': String(old.orderId), 'x-exchange-item-id': String(itemId) };
    return { ...shopper, c, orderId: old.orderId, itemId, headers, offered };
  }

  it('credits the returned frame against the new one; the order charges the difference the cart showed, once', async () => {
    const x = await exchanging();
    const credit = x.offered;
    expect(credit).toBe(1200);

    const added = await x.c.post('/v2/carts/items', { productId: products.otherFrame.id }, x.headers);
    expect(added.status).toBe(200);
    const selling = products.otherFrame.selling_price;
    const exchangeLine = { type: 'exchange', code: `${x.orderId}:${x.itemId}`, amount: credit };
    expect(added.body.result.totals).toMatchObject({ subTotal: selling, shipping: 0, discounts: [exchangeLine], total: selling - credit });
    expect(added.body.result.netAmountCart).toBe(selling - credit);
    // Every later answer is priced the same way (the exchange is kept on the cart).
    expect((await x.c.get('/v2/carts')).body.result.totals.discounts).toEqual([exchangeLine]);

    // An add outside exchange mode keeps it (issue 42); one inside links it again.
    const outside = await x.c.post('/v2/carts/items', { productId: products.otherFrame.id });
    expect(outside.body.result.totals.discounts).toEqual([exchangeLine]);
    const inside = await x.c.post('/v2/carts/items', { productId: products.otherFrame.id }, x.headers);
    const shown = inside.body.result;
    expect(shown.totals.discounts).toEqual([exchangeLine]);
    expect(shown.netAmountCart).toBe(selling * 3 - credit);

    expect((await x.c.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
    const paid = await x.c.post('/v2/orders/payment', { paymentMethod: 'cc', card: CARD }, { 'idempotency-key': `exchange-${x.orderId}` });
    expect(paid.status).toBe(200);
    expect(paid.body.result.order.amount.total).toBe(shown.netAmountCart);
    const [payment] = await api.db.query<{ amount: string }>('select amount from order_payments where order_id = $1', [paid.body.result.order.id]);
    expect(Number(payment!.amount)).toBe(shown.netAmountCart);
    const [order] = await api.db.query<{ discounts: unknown[] }>('select discounts from orders where id = $1', [paid.body.result.order.id]);
    expect(order!.discounts).toEqual([exchangeLine]);

    // The credit is spent: the next cart has none, and a new add in that exchange is refused with the reason.
    const again = await x.c.post('/v2/carts/items', { productId: products.otherFrame.id }, x.headers);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(`This exchange was already used for order ${paid.body.result.order.id}`);
    expect((await x.c.post('/v2/carts/items', { productId: products.otherFrame.id })).body.result.totals.discounts).toEqual([]);

    // Keeping the old frame as well would be paid twice: the return cannot be cancelled while its
    // credit pays a live order; once that order is cancelled, it can.
    const newOrderId = paid.body.result.order.id;
    const [exchangeReturn] = await api.db.query<{ id: number }>('select id from account_returns where order_id = $1', [x.orderId]);
    const cancelReturn = () => x.c.post(`/v2/orders/${x.orderId}/return/${exchangeReturn!.id}/cancel`);
    const refused = await cancelReturn();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`This return paid for order ${newOrderId}: cancel that order first.`);
    expect((await api.db.query<{ status: string }>('select status from account_returns where id = $1', [exchangeReturn!.id]))[0]!.status).not.toBe('CANCELLED');
    const reasons = (await x.c.get(`/v2/orders/${newOrderId}/cancel/reasons`)).body.result.reasons;
    expect((await x.c.post(`/v2/orders/${newOrderId}/cancel`, { reasonId: reasons[0].id })).status).toBe(200);
    expect((await cancelReturn()).status).toBe(200);
  });

  it('keeps the credit whatever else is added: Gold from the cart page (no exchange headers), another frame, a quantity up (issue 42)', async () => {
    const x = await exchanging();
    const frame = await x.c.post('/v2/carts/items', { productId: products.houseFrame.id }, x.headers);
    expect(frame.status).toBe(200);
    const exchangeLine = { type: 'exchange', code: `${x.orderId}:${x.itemId}`, amount: x.offered };
    expect(frame.body.result.totals.discounts).toContainEqual(exchangeLine);

    // The cart page's "Join Gold" adds the membership through the cart's own client: no exchange headers.
    const gold = await x.c.post('/v2/carts/items', { productId: products.gold.id });
    expect(gold.status).toBe(200);
    const goldCart = gold.body.result;
    expect(goldCart.items.map((i: { productId: number }) => i.productId).sort()).toEqual([products.houseFrame.id, products.gold.id].sort());
    const types = goldCart.totals.discounts.map((d: { type: string }) => d.type);
    // Gold's discount first (the fixed order of pricing.ts), then the credit, which pays what is left.
    expect(types.indexOf('gold')).toBeGreaterThanOrEqual(0);
    expect(types.indexOf('exchange')).toBeGreaterThan(types.indexOf('gold'));
    const credit = goldCart.totals.discounts.find((d: { type: string }) => d.type === 'exchange');
    const beforeCredit =
      goldCart.totals.subTotal +
      goldCart.totals.shipping -
      goldCart.totals.discounts.filter((d: { type: string }) => d.type !== 'exchange').reduce((sum: number, d: { amount: number }) => sum + d.amount, 0);
    expect(credit).toEqual({ ...exchangeLine, amount: Math.min(x.offered, Math.round(beforeCredit * 100) / 100) });
    expect(goldCart.netAmountCart).toBeCloseTo(Math.max(0, beforeCredit - x.offered), 2);

    // Read again, and after other writes outside exchange mode, the credit is still there.
    expect((await x.c.get('/v2/carts')).body.result.totals.discounts).toContainEqual(credit);
    const other = await x.c.post('/v2/carts/items', { productId: products.otherFrame.id });
    expect(other.body.result.totals.discounts.find((d: { type: string }) => d.type === 'exchange')).toMatchObject({ code: exchangeLine.code });
    const line = other.body.result.items.find((i: { productId: number }) => i.productId === products.otherFrame.id);
    const up = await x.c.put(`/v2/carts/items/${line.id}/quantity?count=1`);
    expect(up.status).toBe(200);
    expect(up.body.result.totals.discounts.find((d: { type: string }) => d.type === 'exchange')).toEqual(exchangeLine);
  });

  it('places a ₹0 exchange order at once, with no payment method to give (issue 42), and spends the credit once', async () => {
    const x = await exchanging(99999);
    const added = await x.c.post('/v2/carts/items', { productId: products.otherFrame.id }, x.headers);
    expect(added.body.result.netAmountCart).toBe(0);
    expect((await x.c.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
    // The payment page sends the balance that paid (what the order records), no card, no captcha.
    const key = { 'idempotency-key': `zero-total-${x.orderId}` };
    const placed = await x.c.post('/v2/orders/payment', { paymentMethod: 'sc', expectedTotal: 0 }, key);
    expect(placed.status).toBe(200);
    expect(placed.body.result).toMatchObject({ order: { amount: { total: 0 } }, payment: { status: 'SUCCESS', action: 'NONE' } });
    const orderId = placed.body.result.order.id;
    const [order] = await api.db.query<{ status: string; cod_confirmed: boolean | null; discounts: unknown[] }>(
      'select status, cod_confirmed, discounts from orders where id = $1',
      [orderId],
    );
    expect(order).toMatchObject({ status: 'PLACED', cod_confirmed: null });
    expect(order!.discounts).toEqual([{ type: 'exchange', code: `${x.orderId}:${x.itemId}`, amount: products.otherFrame.selling_price }]);
    // The same request again (a double tap, a retry) places nothing more.
    const again = await x.c.post('/v2/orders/payment', { paymentMethod: 'sc', expectedTotal: 0 }, key);
    expect(again.body.result.order.id).toBe(orderId);
    expect(
      await api.db.query('select id from orders where discounts @> $1::jsonb', [JSON.stringify([{ type: 'exchange', code: `${x.orderId}:${x.itemId}` }])]),
    ).toHaveLength(1);
    // A page that showed ₹0 for a cart that now costs something pays nothing: 409 with the new total.
    expect((await x.c.post('/v2/carts/items', { productId: products.otherFrame.id })).status).toBe(200);
    const changed = await x.c.post('/v2/orders/payment', { paymentMethod: 'sc', expectedTotal: 0 }, { 'idempotency-key': `zero-total-again-${x.orderId}` });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: 'CART_CHANGED', total: products.otherFrame.selling_price });
    // And a balance named as the payment of a cart that costs something is refused in words.
    const named = await x.c.post('/v2/orders/payment', { paymentMethod: 'sc' }, { 'idempotency-key': `zero-total-sc-${x.orderId}` });
    expect(named.status).toBe(422);
    expect(named.body.message).toBe('This payment method is not available');
  });

  it('never credits more than the new cart costs, nor after the return is cancelled, nor from another customer', async () => {
    const x = await exchanging(99999);
    const big = await x.c.post('/v2/carts/items', { productId: products.otherFrame.id }, x.headers);
    expect(big.body.result.totals.discounts).toEqual([{ type: 'exchange', code: `${x.orderId}:${x.itemId}`, amount: products.otherFrame.selling_price }]);
    expect(big.body.result.netAmountCart).toBe(0);

    const stranger = client(api.app, (await customerSession(api.app, api.db)).cookie);
    expect((await stranger.post('/v2/carts/items', { productId: products.otherFrame.id }, x.headers)).status).toBe(404);
    expect((await stranger.post('/v2/carts/items', { productId: products.otherFrame.id }, { ...x.headers, 'x-exchange-item-id': 'abc' })).status).toBe(400);

    await api.db.query(`update account_returns set status = 'CANCELLED' where order_id = $1`, [x.orderId]);
    expect((await x.c.get('/v2/carts')).body.result.totals.discounts).toEqual([]);
    const closed = await x.c.post('/v2/carts/items', { productId: products.otherFrame.id }, x.headers);
    expect(closed.status).toBe(422);
    expect(closed.body.message).toBe('This exchange is no longer open');
  });
});

describe("checkout's 'Save to my addresses': the address book (account §3 Address)", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ seeded: true });
  });
  afterAll(() => api.close());

  it('keeps one copy of an address sent twice, one after the other or at once (a double click, a retry)', async () => {
    const c = client(api.app, (await customerSession(api.app, api.db)).cookie);
    const address = { ...ADDRESS, floor: 3, liftAvailable: true, alternatePhone: '9123456780', locality: 'Shivajinagar' };
    const first = await c.post('/v2/addresses', address);
    expect(first.status).toBe(200);
    const again = await c.post('/v2/addresses', address);
    expect(again.body.result.addressId).toBe(first.body.result.addressId);
    const atOnce = await Promise.all([c.post('/v2/addresses', address), c.post('/v2/addresses', address)]);
    expect(atOnce.map((r) => r.body.result.addressId)).toEqual([first.body.result.addressId, first.body.result.addressId]);
    const other = await c.post('/v2/addresses', { ...address, floor: 4 });
    expect(other.body.result.addressId).not.toBe(first.body.result.addressId);
    const book = (await c.get('/v2/addresses')).body.result.addresses;
    expect(book).toHaveLength(2);
    expect(book.find((a: { addressId: number }) => a.addressId === first.body.result.addressId)).toMatchObject({
      floor: 3,
      liftAvailable: true,
      alternatePhone: '9123456780',
      locality: 'Shivajinagar',
      defaultAddress: true,
    });
  });
});
