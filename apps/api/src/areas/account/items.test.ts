import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { advanceOrder, call, outbox, placeOrder, register, type Shopper } from './testing';

let api: TestApi;
let a: Shopper;
let b: Shopper;
let sv: { id: number; price: number }[];
let progressive: { id: number; price: number }[];
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
  a = await register(api.app);
  b = await register(api.app);
  const packages = async (type: string) =>
    (
      await api.db.query<{ id: number; price: number }>(
        `select id, (select (p->>'price')::float from jsonb_array_elements(data->'prices') p where p->>'country' = 'in') as price
           from lens_packages where power_type = $1 order by 2`,
        [type],
      )
    ).filter((p) => p.price !== null);
  sv = await packages('single_vision');
  progressive = await packages('progressive');
});
afterAll(() => api.close());

const CARD = { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: 2099, cvv: '123' };
let keys = 0;
const pay = (cookie: string, body: unknown) =>
  api.app.inject({
    method: 'POST',
    url: '/v2/orders/payment',
    headers: { cookie, 'idempotency-key': `upgrade-${Date.now()}-${++keys}` },
    payload: body as object,
  });

/** A frame order with a single-vision package on its item, as checkout writes it. */
async function frameOrder(owner: Parameters<typeof placeOrder>[1], packageId = sv[0]!.id, quantity = 1) {
  const order = await placeOrder(api.db, owner);
  await api.db.query(`update order_items set package_id = $2, power_type = 'SINGLE_VISION', quantity = $3 where id = $1`, [
    order.itemIds[0],
    packageId,
    quantity,
  ]);
  return { ...order, itemId: order.itemIds[0]! };
}

describe('lens package upgrade', () => {
  it('offers the dearer packages of the item power type with the price difference', async () => {
    expect(sv.length).toBeGreaterThan(2);
    const order = await frameOrder({ customerId: a.customerId }, sv[0]!.id, 2);
    const res = await call(api.app, a.cookie, 'GET', `/v2/orders/${order.orderId}/items/${order.itemId}/upgradepackage`);
    expect(res.statusCode).toBe(200);
    const options = res.json().result;
    expect(options).toMatchObject({ currentPackageId: sv[0]!.id, powerType: 'SINGLE_VISION', currencyCode: 'INR' });
    const dearer = sv.filter((p) => p.price > sv[0]!.price);
    expect(options.packages.map((p: { id: number }) => p.id).sort()).toEqual(dearer.map((p) => p.id).sort());
    for (const p of options.packages as { id: number; priceDifference: number; powerType: string }[]) {
      expect(p.powerType).toBe('SINGLE_VISION');
      expect(p.priceDifference).toBe((sv.find((x) => x.id === p.id)!.price - sv[0]!.price) * 2);
    }
  });

  it('offers and accepts only packages that fit the frame type', async () => {
    const [rimless] = await api.db.query<{ id: number }>(
      `select id from products where data->>'classification' = 'eyeframe' and data->>'frameType' = 'rimless' order by id limit 1`,
    );
    expect(rimless).toBeDefined();
    const order = await placeOrder(api.db, { customerId: a.customerId }, { items: [{ productId: rimless!.id }] });
    const itemId = order.itemIds[0]!;
    const options = (await call(api.app, a.cookie, 'GET', `/v2/orders/${order.orderId}/items/${itemId}/upgradepackage`)).json().result;
    expect(options.packages.length).toBeGreaterThan(0);
    for (const p of options.packages as { frameTypes: string[] }[]) expect(p.frameTypes).toContain('rimless');
    const [rimmedOnly] = await api.db.query<{ id: number }>(
      `select id from lens_packages where power_type = 'single_vision' and not (data->'frameTypes') ? 'rimless' limit 1`,
    );
    expect((await call(api.app, a.cookie, 'PUT', `/v2/orders/${order.orderId}/items/${itemId}/package`, { packageId: rimmedOnly!.id })).statusCode).toBe(400);
  });

  it('waits for the difference, paid through the order payment of the cart (a declined card changes nothing), then applies it', async () => {
    const order = await frameOrder({ customerId: a.customerId });
    const to = sv[sv.length - 1]!;
    const url = `/v2/orders/${order.orderId}/items/${order.itemId}/package/upgrade?updateFrom=${sv[0]!.id}&updateTo=${to.id}`;
    const first = (await call(api.app, a.cookie, 'PUT', url)).json().result;
    expect(first).toMatchObject({ status: 'PAYMENT_PENDING', amountDue: to.price - sv[0]!.price, currencyCode: 'INR' });
    expect(first.item.packageId).toBe(sv[0]!.id);
    // Asking again answers the same payment order.
    expect((await call(api.app, a.cookie, 'PUT', url)).json().result.paymentOrderId).toBe(first.paymentOrderId);
    // The payment order is not one of the shopper's orders.
    const list = (await call(api.app, a.cookie, 'GET', '/v2/orders?page=0&page-size=50')).json().result.orders.map((o: { id: number }) => o.id);
    expect(list).toContain(order.orderId);
    expect(list).not.toContain(first.paymentOrderId);
    // Someone else cannot pay it (404), a declined card leaves it pending.
    expect((await pay(b.cookie, { paymentMethod: 'cc', orderId: first.paymentOrderId, card: CARD })).statusCode).toBe(404);
    const declined = await pay(a.cookie, { paymentMethod: 'cc', orderId: first.paymentOrderId, card: { ...CARD, number: '4000000000000002' } });
    expect(declined.statusCode).toBe(402);
    expect((await call(api.app, a.cookie, 'PUT', url)).json().result.status).toBe('PAYMENT_PENDING');
    const paid = await pay(a.cookie, { paymentMethod: 'cc', orderId: first.paymentOrderId, card: CARD });
    expect(paid.json().result.payment.status).toBe('SUCCESS');
    const applied = (await call(api.app, a.cookie, 'PUT', url)).json().result;
    expect(applied).toMatchObject({ status: 'APPLIED', amountDue: 0 });
    expect(applied.item.packageId).toBe(to.id);
    // The page reloads: the old package is gone, so the same upgrade is refused.
    expect((await call(api.app, a.cookie, 'PUT', url)).statusCode).toBe(409);
  });

  it('applies a package that is not dearer at once, and a new choice cancels an unpaid one', async () => {
    const order = await frameOrder({ customerId: a.customerId }, sv[sv.length - 1]!.id);
    const base = `/v2/orders/${order.orderId}/items/${order.itemId}`;
    const cheaper = await call(api.app, a.cookie, 'PUT', `${base}/package`, { packageId: sv[0]!.id });
    expect(cheaper.json().result).toMatchObject({ status: 'APPLIED', amountDue: 0, item: { packageId: sv[0]!.id } });
    const pending = (await call(api.app, a.cookie, 'PUT', `${base}/package`, { packageId: sv[sv.length - 1]!.id })).json().result;
    expect(pending.status).toBe('PAYMENT_PENDING');
    const other = (await call(api.app, a.cookie, 'PUT', `${base}/package`, { packageId: sv[1]!.id })).json().result;
    const [old] = await api.db.query<{ status: string }>('select status from orders where id = $1', [pending.paymentOrderId]);
    expect(old?.status).toBe('CANCELLED');
    expect(other.paymentOrderId ?? null).not.toBe(pending.paymentOrderId);
    // A package of another power type is refused.
    expect((await call(api.app, a.cookie, 'PUT', `${base}/package`, { packageId: progressive[0]!.id })).statusCode).toBe(400);
  });

  it('changes the power type to the cheapest package of the new type', async () => {
    const order = await frameOrder({ customerId: a.customerId });
    const base = `/v2/orders/${order.orderId}/items/${order.itemId}/powertype`;
    expect((await call(api.app, a.cookie, 'PUT', `${base}?from=PROGRESSIVE&to=BIFOCAL`)).statusCode).toBe(409);
    const res = (await call(api.app, a.cookie, 'PUT', `${base}?from=single_vision&to=PROGRESSIVE`)).json().result;
    const cheapest = progressive[0]!;
    // Seeded prices: the cheapest progressive package costs more than the cheapest single vision one.
    expect(cheapest.price).toBeGreaterThan(sv[0]!.price);
    expect(res).toMatchObject({ status: 'PAYMENT_PENDING', amountDue: cheapest.price - sv[0]!.price });
    // The upgrade page shows it pending; once paid, the package call with that package applies it.
    const options = (await call(api.app, a.cookie, 'GET', `/v2/orders/${order.orderId}/items/${order.itemId}/upgradepackage`)).json().result;
    expect(options.pending).toEqual({ toPackageId: cheapest.id, amountDue: res.amountDue, paymentOrderId: res.paymentOrderId });
    expect((await pay(a.cookie, { paymentMethod: 'cc', orderId: res.paymentOrderId, card: CARD })).statusCode).toBe(200);
    const applied = (await call(api.app, a.cookie, 'PUT', `/v2/orders/${order.orderId}/items/${order.itemId}/package`, { packageId: cheapest.id })).json()
      .result;
    expect(applied).toMatchObject({ status: 'APPLIED', item: { packageId: cheapest.id, powerType: 'PROGRESSIVE' } });
  });

  it("asks each eye's ADD for a change to progressive (issue 42), in the lab's range, keeps it while the difference is unpaid, and drops it for single vision", async () => {
    const order = await frameOrder({ customerId: a.customerId });
    const prescription = { powerType: 'SINGLE_VISION', right: { sph: '-1.00', pd: '31.5' }, left: { sph: '-1.25' } };
    await api.db.query('update order_items set prescription = $2 where id = $1', [order.itemId, JSON.stringify(prescription)]);
    const base = `/v2/orders/${order.orderId}/items/${order.itemId}`;
    const toProgressive = `${base}/powertype?from=SINGLE_VISION&to=PROGRESSIVE`;
    const none = await call(api.app, a.cookie, 'PUT', toProgressive);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'right.ap', message: 'right.ap: Choose the ADD power of the right eye (+0.75 to +3.50)' });
    const oneEye = await call(api.app, a.cookie, 'PUT', toProgressive, { right: { ap: '+1.50' } });
    expect(oneEye.json()).toMatchObject({ field: 'left.ap' });
    const tooStrong = await call(api.app, a.cookie, 'PUT', toProgressive, { right: { ap: '+4.00' }, left: { ap: '+1.50' } });
    expect(tooStrong.json()).toMatchObject({ field: 'right.ap', message: 'right.ap: This lens is made from +0.75 to +3.50' });
    // Nothing changed on a refusal.
    const [untouched] = await api.db.query<{ power_type: string; package_id: number }>('select power_type, package_id from order_items where id = $1', [
      order.itemId,
    ]);
    expect(untouched).toEqual({ power_type: 'SINGLE_VISION', package_id: sv[0]!.id });

    const pending = (await call(api.app, a.cookie, 'PUT', toProgressive, { right: { ap: '+1.50' }, left: { ap: '+1.75' } })).json().result;
    expect(pending.status).toBe('PAYMENT_PENDING');
    expect((await pay(a.cookie, { paymentMethod: 'cc', orderId: pending.paymentOrderId, card: CARD })).statusCode).toBe(200);
    const applied = (await call(api.app, a.cookie, 'PUT', `${base}/package`, { packageId: progressive[0]!.id })).json().result;
    expect(applied).toMatchObject({ status: 'APPLIED', item: { powerType: 'PROGRESSIVE' } });
    const [row] = await api.db.query<{ prescription: unknown }>('select prescription from order_items where id = $1', [order.itemId]);
    expect(row?.prescription).toEqual({
      powerType: 'PROGRESSIVE',
      right: { sph: '-1.00', pd: '31.5', ap: '+1.50' },
      left: { sph: '-1.25', ap: '+1.75' },
    });

    // Back to single vision: no ADD may be sent, and the one it had is dropped.
    const toSingle = `${base}/powertype?from=PROGRESSIVE&to=SINGLE_VISION`;
    expect((await call(api.app, a.cookie, 'PUT', toSingle, { right: { ap: '+1.50' } })).json()).toMatchObject({ field: 'right.ap' });
    expect((await call(api.app, a.cookie, 'PUT', toSingle)).json().result).toMatchObject({ status: 'APPLIED' });
    const [back] = await api.db.query<{ prescription: unknown }>('select prescription from order_items where id = $1', [order.itemId]);
    expect(back?.prescription).toEqual({ powerType: 'SINGLE_VISION', right: { sph: '-1.00', pd: '31.5' }, left: { sph: '-1.25' } });
  });

  it('asks no ADD of an item whose power comes later', async () => {
    const order = await frameOrder({ customerId: a.customerId });
    await api.db.query('update order_items set prescription = $2 where id = $1', [
      order.itemId,
      JSON.stringify({ powerType: 'SINGLE_VISION', right: { sph: 'Call Me/Email Me for Power' }, left: {} }),
    ]);
    const res = await call(api.app, a.cookie, 'PUT', `/v2/orders/${order.orderId}/items/${order.itemId}/powertype?from=SINGLE_VISION&to=BIFOCAL`);
    expect(res.statusCode).toBe(200);
  });

  it('refuses lens changes once the item has shipped, and for items without lenses', async () => {
    const order = await frameOrder({ customerId: a.customerId });
    await advanceOrder(api.app, order.orderId, 'SHIPPED');
    const res = await call(api.app, a.cookie, 'GET', `/v2/orders/${order.orderId}/items/${order.itemId}/upgradepackage`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This item has already been shipped; its lenses cannot change.');
    const lenses = await placeOrder(api.db, { customerId: a.customerId }, { items: [{ classification: 'contact_lens' }] });
    expect((await call(api.app, a.cookie, 'GET', `/v2/orders/${lenses.orderId}/items/${lenses.itemIds[0]}/upgradepackage`)).statusCode).toBe(409);
  });

  it('answers 404 to another customer on every item endpoint, and to an item of another order', async () => {
    const order = await frameOrder({ customerId: a.customerId });
    const other = await frameOrder({ customerId: a.customerId });
    const base = `/v2/orders/${order.orderId}/items/${order.itemId}`;
    const prescription = { powerType: 'SINGLE_VISION', right: { sph: '-1.00' }, left: { sph: '-1.25' } };
    const attempts: [string, string, unknown?][] = [
      ['GET', `${base}/upgradepackage`],
      ['PUT', `${base}/package/upgrade?updateFrom=${sv[0]!.id}&updateTo=${sv[1]!.id}`],
      ['PUT', `${base}/package`, { packageId: sv[1]!.id }],
      ['PUT', `${base}/powertype?from=SINGLE_VISION&to=PROGRESSIVE`],
      ['GET', `${base}/prescription`],
      ['PUT', `${base}/prescription`, prescription],
      ['PUT', `/v2/orders/${order.orderId}/otp?value=123456`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(api.app, b.cookie, method as 'GET', url, body);
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
    expect((await call(api.app, a.cookie, 'GET', `/v2/orders/${other.orderId}/items/${order.itemId}/upgradepackage`)).statusCode).toBe(404);
    const [row] = await api.db.query<{ package_id: number }>('select package_id from order_items where id = $1', [order.itemId]);
    expect(row?.package_id).toBe(sv[0]!.id);
  });
});

describe('order item power and the order one-time code', () => {
  const prescription = { powerType: 'SINGLE_VISION', right: { sph: '-2.00' }, left: { sph: '-2.25' } };

  it("applies the shopper's own update at once", async () => {
    const order = await frameOrder({ customerId: a.customerId });
    const res = (await call(api.app, a.cookie, 'PUT', `/v2/orders/${order.orderId}/items/${order.itemId}/prescription`, prescription)).json().result;
    expect(res.otpRequired).toBeUndefined();
    expect(res.powerUpdatedBy).toBe('Asha');
    const stored = (await call(api.app, a.cookie, 'GET', `/v2/orders/${order.orderId}/items/${order.itemId}/prescription`)).json().result;
    expect(stored.right.sph).toBe('-2.00');
  });

  it('holds an update proved only by the e-mail until the code sent to the order phone is entered', async () => {
    const order = await frameOrder({ email: 'sms.link@example.com' });
    const guest = await guestSession(api.app);
    const url = `/v2/orders/${order.orderId}/items/${order.itemId}/prescription?email=sms.link@example.com`;
    const held = (await call(api.app, guest, 'PUT', url, prescription)).json().result;
    expect(held.otpRequired).toBe(true);
    expect((await call(api.app, guest, 'GET', url)).json().result).toBeNull();
    const [sms] = await outbox(api.app, '+91 9812345678');
    expect(sms?.body).toContain(`order ${order.orderId}`);
    const otp = (value: string, email = 'sms.link@example.com') => call(api.app, guest, 'PUT', `/v2/orders/${order.orderId}/otp?value=${value}&email=${email}`);
    expect((await otp(sms!.code!, 'someone.else@example.com')).statusCode).toBe(404);
    const wrong = sms!.code === '000000' ? '111111' : '000000';
    const bad = await otp(wrong);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The code you entered is incorrect.');
    expect((await otp(sms!.code!)).statusCode).toBe(200);
    expect((await call(api.app, guest, 'GET', url)).json().result.right.sph).toBe('-2.00');
    // Single use.
    expect((await otp(sms!.code!)).statusCode).toBe(400);
  });

  it('locks the code after 5 wrong tries and refuses it after 5 minutes', async () => {
    const order = await frameOrder({ email: 'sms.lock@example.com' });
    const guest = await guestSession(api.app);
    const url = `/v2/orders/${order.orderId}/items/${order.itemId}/prescription?email=sms.lock@example.com`;
    const otp = (value: string) => call(api.app, guest, 'PUT', `/v2/orders/${order.orderId}/otp?value=${value}&email=sms.lock@example.com`);
    await call(api.app, guest, 'PUT', url, prescription);
    const [sms] = await outbox(api.app, '+91 9812345678');
    const wrong = sms!.code === '000000' ? '111111' : '000000';
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await otp(wrong)).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 429]);
    expect((await otp(sms!.code!)).statusCode).toBe(429);

    await call(api.app, guest, 'PUT', url, prescription);
    const [fresh] = await outbox(api.app, '+91 9812345678');
    await api.db.query(`update account_order_otps set expires_at = now() - interval '1 second' where order_id = $1 and consumed_at is null`, [order.orderId]);
    const expired = await otp(fresh!.code!);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('The code has expired. Please update the power again.');
  });
});
