import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { advanceOrder, call, placeOrder, register, type Shopper } from './testing';

let api: TestApi;
let a: Shopper;
let b: Shopper;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
  a = await register(api.app);
  b = await register(api.app);
});
afterAll(() => api.close());

/** The simulated courier, driven from the admin listener (the shopper's cookie plays no part). */
const deliver = (_cookie: string, orderId: number, to: 'SHIPPED' | 'DELIVERED' = 'DELIVERED') => advanceOrder(api.app, orderId, to);

describe('orders', () => {
  it('lists the customer orders newest first, paged, and shows one with items, history and payments', async () => {
    const first = await placeOrder(api.db, { customerId: a.customerId });
    const second = await placeOrder(api.db, { customerId: a.customerId }, { items: [{}, { classification: 'sunglasses', price: 2500 }] });
    const page = (await call(api.app, a.cookie, 'GET', '/v2/orders?page=0&page-size=1')).json().result;
    expect(page).toMatchObject({ totalOrder: 2, page: 0, pageSize: 1 });
    expect(page.orders.map((o: { id: number }) => o.id)).toEqual([second.orderId]);
    const next = (await call(api.app, a.cookie, 'GET', '/v2/orders?page=1&page-size=1')).json().result;
    expect(next.orders.map((o: { id: number }) => o.id)).toEqual([first.orderId]);
    const detail = (await call(api.app, a.cookie, 'GET', `/v2/orders/${second.orderId}`)).json().result;
    expect(detail.items).toHaveLength(2);
    expect(detail.items[0].statusHistory).toMatchObject([{ status: 'PROCESSING' }]);
    expect(detail.payments.paymentList).toEqual([{ method: 'cc', amount: 4000, status: 'SUCCESS' }]);
    expect(detail.amount).toMatchObject({ total: 4000, currencyCode: 'INR' });
    expect((await call(api.app, a.cookie, 'GET', '/v2/orders/latest')).json().result.id).toBe(second.orderId);
  });

  it('asks a guest to log in for the list (401) and finds a guest order by its e-mail', async () => {
    const guest = await guestSession(api.app);
    expect((await call(api.app, guest, 'GET', '/v2/orders')).statusCode).toBe(401);
    const order = await placeOrder(api.db, { email: 'guest.buyer@example.com' });
    expect((await call(api.app, guest, 'GET', `/v2/orders/${order.orderId}`)).statusCode).toBe(404);
    expect((await call(api.app, guest, 'GET', `/v2/orders/${order.orderId}/tracking?email=guest.buyer@example.com`)).statusCode).toBe(200);
    // The whole order is never given for an e-mail alone (see order-tracking.test.ts).
    expect((await call(api.app, guest, 'GET', `/v2/orders/${order.orderId}?email=guest.buyer@example.com`)).statusCode).toBe(400);
  });

  it('cancels an unshipped item with a reason and refunds to store credit', async () => {
    const order = await placeOrder(api.db, { customerId: a.customerId }, { items: [{}, {}] });
    const reasons = (await call(api.app, a.cookie, 'GET', `/v2/orders/${order.orderId}/cancel/reasons`)).json().result;
    expect(reasons.reasons.length).toBeGreaterThan(2);
    expect(reasons.refundMethods.map((m: { method: string }) => m.method)).toEqual(['source', 'storecredit']);
    const cancelled = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/cancel`, {
      itemIds: [order.itemIds[0]],
      reasonId: 1,
      refundMethod: 'storecredit',
    });
    expect(cancelled.json().result).toMatchObject({ cancelledItemIds: [order.itemIds[0]], refundAmount: 1500, refundMethod: 'storecredit' });
    const [credit] = await api.db.query<{ balance: number }>('select balance from store_credits where customer_id = $1', [a.customerId]);
    expect(credit?.balance).toBe(1500);
    const detail = (await call(api.app, a.cookie, 'GET', `/v2/orders/${order.orderId}`)).json().result;
    expect(detail.items.map((i: { status: string }) => i.status)).toEqual(['CANCELLED', 'PROCESSING']);
    expect(detail.status).toBe('PLACED');
    await deliver(a.cookie, order.orderId, 'SHIPPED');
    const late = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/cancel`, { reasonId: 1 });
    expect(late.statusCode).toBe(409);
  });

  it('confirms cash on delivery orders only', async () => {
    const cod = await placeOrder(api.db, { customerId: a.customerId }, { paymentMethod: 'cod' });
    const prepaid = await placeOrder(api.db, { customerId: a.customerId });
    expect((await call(api.app, a.cookie, 'PUT', `/v2/orders/${cod.orderId}/confirm`)).json().result).toEqual({ orderId: cod.orderId, codConfirmed: true });
    expect((await call(api.app, a.cookie, 'GET', `/v2/orders/${cod.orderId}`)).json().result.codConfirmed).toBe(true);
    expect((await call(api.app, a.cookie, 'PUT', `/v2/orders/${prepaid.orderId}/confirm`)).statusCode).toBe(409);
  });

  it('changes the shipping address before dispatch and saves NEFT details', async () => {
    const order = await placeOrder(api.db, { customerId: a.customerId }, { paymentMethod: 'cod' });
    const address = {
      firstName: 'Asha',
      email: 'a@example.com',
      phone: '9812345678',
      addressline1: '1 New Street',
      city: 'Mumbai',
      state: 'Maharashtra',
      postcode: '400050',
      country: 'in',
    };
    const changed = await call(api.app, a.cookie, 'PUT', `/v2/orders/${order.orderId}/shippingAddress`, address);
    expect(changed.json().result.shippingAddress.city).toBe('Mumbai');
    const neft = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/neft`, {
      accountHolderName: 'Asha Rao',
      accountNumber: '123456789012',
      ifscCode: 'HDFC0001234',
      bankName: 'HDFC',
    });
    expect(neft.json().result.success).toBe(true);
    const badIfsc = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/neft`, {
      accountHolderName: 'Asha Rao',
      accountNumber: '123456789012',
      ifscCode: 'bad',
      bankName: 'HDFC',
    });
    expect(badIfsc.json().field).toBe('ifscCode');
  });

  it("updates an unshipped item's power, marked with who updated it, and refuses once shipped", async () => {
    const order = await placeOrder(api.db, { customerId: a.customerId });
    const item = order.itemIds[0];
    const power = { powerType: 'SINGLE_VISION', right: { sph: '-1.25' }, left: { sph: '-1.00' } };
    const updated = await call(api.app, a.cookie, 'PUT', `/v2/orders/${order.orderId}/items/${item}/prescription`, power);
    expect(updated.json().result).toMatchObject({ ...power, powerUpdatedBy: 'Asha' });
    expect((await call(api.app, a.cookie, 'GET', `/v2/orders/${order.orderId}/items/${item}/prescription`)).json().result.right.sph).toBe('-1.25');
    await deliver(a.cookie, order.orderId, 'SHIPPED');
    expect((await call(api.app, a.cookie, 'PUT', `/v2/orders/${order.orderId}/items/${item}/prescription`, power)).statusCode).toBe(409);
  });

  it("never shows or changes another customer's order (404 on every order endpoint)", async () => {
    const order = await placeOrder(api.db, { customerId: a.customerId }, { paymentMethod: 'cod' });
    const item = order.itemIds[0];
    const address = {
      firstName: 'B',
      email: 'b@example.com',
      phone: '9812345678',
      addressline1: 'x',
      city: 'x',
      state: 'x',
      postcode: '400050',
      country: 'in',
    };
    const attempts: [string, string, unknown?][] = [
      ['GET', `/v2/orders/${order.orderId}`],
      ['GET', `/v2/orders/${order.orderId}/cancel/reasons`],
      ['POST', `/v2/orders/${order.orderId}/cancel`, { reasonId: 1 }],
      ['PUT', `/v2/orders/${order.orderId}/confirm`],
      ['POST', `/v2/orders/${order.orderId}/neft`, { accountHolderName: 'B', accountNumber: '123456789012', ifscCode: 'HDFC0001234', bankName: 'HDFC' }],
      ['PUT', `/v2/orders/${order.orderId}/shippingAddress`, address],
      ['GET', `/v2/orders/${order.orderId}/return/eligibility`],
      ['POST', `/v2/orders/${order.orderId}/return`, { items: [{ itemId: item, reasonId: 1 }], returnMethod: 'refund', mode: 'self_ship' }],
      ['POST', `/v2/orders/${order.orderId}/return/1/cancel`],
      ['GET', `/v2/refunds/methods/${item}`],
      ['GET', `/v2/refunds/estimate/${item}`],
      ['POST', `/v2/orders/${order.orderId}/refund/return`, { itemId: item, refundMethod: 'storecredit' }],
      ['GET', `/v2/orders/${order.orderId}/refund/details`],
      ['GET', `/v2/returns/details/${item}`],
      ['GET', `/v2/orders/${order.orderId}/items/${item}/prescription`],
      ['PUT', `/v2/orders/${order.orderId}/items/${item}/prescription`, { powerType: 'SINGLE_VISION', left: {}, right: {} }],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call(api.app, b.cookie, method as 'GET', url, body);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
    }
    expect((await call(api.app, b.cookie, 'GET', '/v2/orders')).json().result.orders).toEqual([]);
  });
});

describe('returns and refunds', () => {
  it('starts a return of a delivered item, picks a refund method, and shows the details', async () => {
    const order = await placeOrder(api.db, { customerId: a.customerId }, { items: [{}, { classification: 'services', price: 100 }] });
    const [frame, service] = order.itemIds;
    const before = (await call(api.app, a.cookie, 'GET', `/v2/orders/${order.orderId}/return/eligibility`)).json().result;
    expect(before.every((e: { returnable: boolean }) => !e.returnable)).toBe(true);
    await deliver(a.cookie, order.orderId);
    const after = (await call(api.app, a.cookie, 'GET', `/v2/orders/${order.orderId}/return/eligibility?fetchRefundExchangeDetails=true`)).json().result;
    expect(after).toMatchObject([
      { itemId: frame, returnable: true, isExchangeable: true, isRefundable: true, refundExchangeDetails: { refundAmount: 1500 } },
      { itemId: service, returnable: false },
    ]);
    const reasons = (await call(api.app, a.cookie, 'GET', '/v2/returns/reasons?classification=eyeframe')).json().result.reasons;
    const modes = (await call(api.app, a.cookie, 'GET', '/v2/returns/modes?pincode=560038')).json().result.modes;
    expect(modes.find((m: { mode: string }) => m.mode === 'store_return').available).toBe(true);
    const notEligible = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/return`, {
      items: [{ itemId: service, reasonId: 31 }],
      returnMethod: 'refund',
      mode: 'self_ship',
    });
    expect(notEligible.statusCode).toBe(409);
    const created = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/return`, {
      items: [{ itemId: frame, reasonId: reasons[0].id }],
      returnMethod: 'refund',
      mode: 'self_ship',
    });
    expect(created.statusCode).toBe(200);
    const ret = created.json().result;
    expect(ret).toMatchObject({ status: 'REQUESTED', itemIds: [frame], returnMethod: 'refund', mode: 'self_ship' });
    expect(
      (
        await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/return`, {
          items: [{ itemId: frame, reasonId: 1 }],
          returnMethod: 'refund',
          mode: 'self_ship',
        })
      ).statusCode,
    ).toBe(409);
    expect((await call(api.app, a.cookie, 'GET', `/v2/returns/label-status/${ret.groupId}`)).json().result).toMatchObject({
      groupId: ret.groupId,
      status: 'PENDING',
    });
    expect((await call(api.app, b.cookie, 'GET', `/v2/returns/label-status/${ret.groupId}`)).statusCode).toBe(404);
    const methods = (await call(api.app, a.cookie, 'GET', `/v2/refunds/methods/${frame}`)).json().result.methods;
    expect(methods.filter((m: { enabled: boolean }) => m.enabled).map((m: { method: string }) => m.method)).toEqual(['source', 'storecredit']);
    expect((await call(api.app, a.cookie, 'GET', `/v2/refunds/estimate/${frame}`)).json().result).toMatchObject({ amount: 1500, currencyCode: 'INR' });
    const neftRefused = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/refund/return`, { itemId: frame, refundMethod: 'neft' });
    expect(neftRefused.statusCode).toBe(400);
    const refund = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/refund/return`, { itemId: frame, refundMethod: 'source' });
    // Recorded now, paid when the goods arrive (money.test.ts covers the ledger).
    expect(refund.json().result).toMatchObject({ itemId: frame, method: 'source', amount: 1500, status: 'PENDING' });
    expect((await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/refund/return`, { itemId: frame, refundMethod: 'source' })).statusCode).toBe(
      409,
    );
    expect((await call(api.app, a.cookie, 'GET', `/v2/orders/${order.orderId}/refund/details`)).json().result.refunds).toHaveLength(1);
    expect((await call(api.app, a.cookie, 'GET', `/v2/returns/details/${frame}`)).json().result.returnId).toBe(ret.returnId);
    expect((await api.admin.inject({ method: 'POST', url: `/returns/${ret.returnId}/advance?to=RECEIVED` })).statusCode).toBe(200);
    expect((await call(api.app, a.cookie, 'GET', `/v2/orders/${order.orderId}/refund/details`)).json().result.refunds).toMatchObject([
      { status: 'INITIATED', amount: 1500 },
    ]);
    // Refunded returns cannot be cancelled.
    expect((await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/return/${ret.returnId}/cancel`)).statusCode).toBe(409);
  });

  it('cancels a return and the item can be returned again', async () => {
    const order = await placeOrder(api.db, { customerId: a.customerId }, { paymentMethod: 'upi' });
    await deliver(a.cookie, order.orderId, 'SHIPPED');
    const created = (
      await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/return`, {
        items: [{ itemId: order.itemIds[0], reasonId: 2 }],
        returnMethod: 'exchange',
        mode: 'self_ship',
      })
    ).json().result;
    const cancelled = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/return/${created.returnId}/cancel`);
    expect(cancelled.json().result.status).toBe('CANCELLED');
    const detail = (await call(api.app, a.cookie, 'GET', `/v2/orders/${order.orderId}`)).json().result;
    expect(detail.items[0].status).toBe('SHIPPED');
    const again = (await call(api.app, a.cookie, 'GET', `/v2/orders/${order.orderId}/return/eligibility`)).json().result;
    expect(again[0].returnable).toBe(true);
  });

  it('answers for a shipped cash-on-delivery order what its return creation does (the order page offers a return from this answer, issue 42)', async () => {
    const order = await placeOrder(api.db, { customerId: a.customerId }, { paymentMethod: 'cod' });
    const [frame] = order.itemIds;
    await deliver(a.cookie, order.orderId, 'SHIPPED');
    const shipped = (await call(api.app, a.cookie, 'GET', `/v2/orders/${order.orderId}/return/eligibility`)).json().result;
    expect(shipped).toEqual([expect.objectContaining({ itemId: frame, returnable: false, reason: 'Items can be returned once delivered' })]);
    const body = { items: [{ itemId: frame, reasonId: 1 }], returnMethod: 'refund', mode: 'self_ship' };
    const refused = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/return`, body);
    expect(refused.statusCode).toBe(409);
    await deliver(a.cookie, order.orderId);
    const delivered = (await call(api.app, a.cookie, 'GET', `/v2/orders/${order.orderId}/return/eligibility`)).json().result;
    expect(delivered).toEqual([expect.objectContaining({ itemId: frame, returnable: true })]);
    expect((await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/return`, body)).statusCode).toBe(200);
  });

  it('lists the stores of a pincode for a store return and needs a store of the country', async () => {
    const order = await placeOrder(api.db, { customerId: a.customerId });
    await deliver(a.cookie, order.orderId);
    const answer = (await call(api.app, a.cookie, 'GET', '/v2/returns/modes?pincode=560038')).json().result;
    expect(answer.stores.length).toBeGreaterThan(0);
    const [seeded] = await api.db.query<{ code: string }>(`select code from stores where country = 'in' and left(pincode, 3) = '560' order by code limit 1`);
    expect(answer.stores[0]).toMatchObject({ code: seeded!.code, name: expect.any(String), address: expect.any(String) });
    expect(answer.modes.find((m: { mode: string }) => m.mode === 'store_return').available).toBe(true);
    const nowhere = (await call(api.app, a.cookie, 'GET', '/v2/returns/modes?pincode=999999')).json().result;
    expect(nowhere.stores).toEqual([]);
    expect(nowhere.modes.find((m: { mode: string }) => m.mode === 'store_return').available).toBe(false);
    const body = { items: [{ itemId: order.itemIds[0], reasonId: 1 }], returnMethod: 'refund', mode: 'store_return' };
    const [abroad] = await api.db.query<{ code: string }>(`select code from stores where country <> 'in' limit 1`);
    for (const storeCode of [undefined, 'NOPE', abroad!.code]) {
      const refused = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/return`, { ...body, ...(storeCode ? { storeCode } : {}) });
      expect([storeCode, refused.statusCode, refused.json().field]).toEqual([storeCode, 400, 'storeCode']);
    }
    const created = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/return`, { ...body, storeCode: seeded!.code });
    expect(created.json().result).toMatchObject({ mode: 'store_return', status: 'REQUESTED' });
  });

  it('needs a saved, serviceable pickup address of the customer for a pickup', async () => {
    const order = await placeOrder(api.db, { customerId: a.customerId });
    await deliver(a.cookie, order.orderId);
    const theirs = (
      await call(api.app, b.cookie, 'POST', '/v2/addresses', {
        firstName: 'B',
        email: 'b@example.com',
        phone: '9812345678',
        addressline1: 'x',
        city: 'x',
        state: 'x',
        postcode: '560038',
        country: 'in',
      })
    ).json().result;
    const refused = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/return`, {
      items: [{ itemId: order.itemIds[0], reasonId: 1 }],
      returnMethod: 'refund',
      mode: 'pickup',
      pickupAddressId: theirs.addressId,
    });
    expect(refused.statusCode).toBe(404);
  });
});
