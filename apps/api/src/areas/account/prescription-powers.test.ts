import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { call, placeOrder, register, type Shopper } from './testing';

/**
 * Powers are real lens powers wherever the API takes them (the shared check of
 * @eyewear/i18n/rules in the contract's prescription schema): a saved prescription, an order
 * item's power, a cart line's. A refusal is a 400 naming the field.
 */
let api: TestApi;
let a: Shopper;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
  a = await register(api.app);
});
afterAll(() => api.close());

const rx = (right: Record<string, string>, powerType = 'SINGLE_VISION') => ({ powerType, right, left: { sph: '-1.00' } });

describe('saved prescriptions', () => {
  it.each(['+0.30', '0.3'])('refuses a %s sphere, naming right.sph', async (sph) => {
    const refused = await call(api.app, a.cookie, 'POST', '/v2/prescriptions', rx({ sph }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'right.sph' });
    const rows = await api.db.query('select 1 from account_prescriptions where customer_id = $1', [a.customerId]);
    expect(rows).toEqual([]);
  });

  it('says why: quarter steps, the range of the power type, an axis with a cylinder', async () => {
    const step = await call(api.app, a.cookie, 'POST', '/v2/prescriptions', rx({ sph: '+0.30' }));
    expect(step.json().message).toBe('right.sph: Powers come in steps of 0.25');
    const range = await call(api.app, a.cookie, 'POST', '/v2/prescriptions', rx({ sph: '-14.00' }, 'PROGRESSIVE'));
    expect(range.json()).toMatchObject({ field: 'right.sph', message: 'right.sph: This lens is made from -12.00 to +8.00' });
    const axis = await call(api.app, a.cookie, 'POST', '/v2/prescriptions', rx({ sph: '-1.00', cyl: '-0.75' }));
    expect(axis.json()).toMatchObject({ field: 'right.axis' });
    const cyl = await call(api.app, a.cookie, 'POST', '/v2/prescriptions', rx({ sph: '-1.00', cyl: '-1.10', axis: '90' }));
    expect(cyl.json()).toMatchObject({ field: 'right.cyl' });
  });

  it('accepts -2.25 and keeps it, and refuses the same slip in an update', async () => {
    const saved = await call(api.app, a.cookie, 'POST', '/v2/prescriptions', rx({ sph: '-2.25', cyl: '-0.75', axis: '180' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result.right).toEqual({ sph: '-2.25', cyl: '-0.75', axis: '180' });
    const id = saved.json().result.id;
    const refused = await call(api.app, a.cookie, 'PUT', `/v2/prescriptions/${id}`, rx({ sph: '+0.30' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('right.sph');
    const list = (await call(api.app, a.cookie, 'GET', '/v2/prescriptions')).json().result.prescriptions;
    expect(list.find((p: { id: number }) => p.id === id).right.sph).toBe('-2.25');
  });
});

describe('an order item power', () => {
  it('refuses 0.3, naming the field, and takes -2.25', async () => {
    const order = await placeOrder(api.db, { customerId: a.customerId });
    const url = `/v2/orders/${order.orderId}/items/${order.itemIds[0]}/prescription`;
    const refused = await call(api.app, a.cookie, 'PUT', url, { powerType: 'SINGLE_VISION', right: { sph: '-1.00' }, left: { sph: '+0.30' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('left.sph');
    const taken = await call(api.app, a.cookie, 'PUT', url, { powerType: 'SINGLE_VISION', right: { sph: '-1.00' }, left: { sph: '-2.25' } });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().result.left.sph).toBe('-2.25');
  });
});

describe('a cart line power', () => {
  it('refuses 0.3, naming prescription.right.sph, and takes -2.25', async () => {
    const [frame] = await api.db.query<{ id: number }>(`select id from products where classification = 'eyeframe' and stock > 5 order by id limit 1`);
    const cookie = await guestSession(api.app);
    const add = (sph: string) =>
      api.app.inject({
        method: 'POST',
        url: '/v2/carts/items',
        headers: { cookie, 'x-country-code': 'in' },
        payload: { productId: frame!.id, powerType: 'SINGLE_VISION', prescription: { powerType: 'SINGLE_VISION', right: { sph }, left: { sph: '-1.00' } } },
      });
    const refused = await add('+0.30');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('prescription.right.sph');
    const taken = await add('-2.25');
    expect(taken.statusCode).toBe(200);
    expect(taken.json().result.items[0].prescription.right.sph).toBe('-2.25');
  });
});
