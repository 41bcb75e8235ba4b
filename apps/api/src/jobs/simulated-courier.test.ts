import { createTestApi, guestSession, type TestApi } from '../testing/api';
import { ADDRESS, CARD, payingClient, pickProducts } from '../areas/cart/test-helpers';
import { HANDLERS } from './handlers';
import { SIMULATED_PACE } from './simulated-courier';

/**
 * The simulated courier runs as jobs (local mode): a placed order's shipment and delivery are
 * queued with their start times in the order's transaction, and a move made already (through
 * the admin listener, or a job run twice) changes nothing.
 */

describe('the simulated courier as jobs', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ seeded: true });
  });
  afterAll(() => api.close());

  async function placedOrder() {
    const p = await pickProducts(api.db);
    const c = payingClient(api.app, await guestSession(api.app));
    await c.post('/v2/carts/items', { productId: p.otherFrame.id });
    await c.post('/v2/carts/shippingAddress', ADDRESS);
    const paid = await c.pay({ paymentMethod: 'cc', card: CARD });
    expect(paid.status).toBe(200);
    return paid.body.result.order.id as number;
  }
  const jobsOf = (orderId: number) =>
    api.db.query<{ to: string; start_after: Date; created_on: Date }>(
      `select data->>'to' as to, start_after, created_on from pgboss.job where name = 'simulated-courier' and (data->>'orderId')::int = $1 order by start_after`,
      [orderId],
    );
  const statusOf = async (orderId: number) => (await api.db.query<{ status: string }>('select status from orders where id = $1', [orderId]))[0]!.status;

  it('queues the shipment a day after the order and the delivery three days after', async () => {
    const orderId = await placedOrder();
    const jobs = await jobsOf(orderId);
    expect(jobs.map((j) => j.to)).toEqual(['SHIPPED', 'DELIVERED']);
    const after = (j: (typeof jobs)[number]) => new Date(j.start_after).getTime() - new Date(j.created_on).getTime();
    expect(Math.abs(after(jobs[0]!) - SIMULATED_PACE.shipAfterMs)).toBeLessThan(60_000);
    expect(Math.abs(after(jobs[1]!) - SIMULATED_PACE.deliverAfterMs)).toBeLessThan(60_000);
  });

  it('makes each move once: the job run twice, or after the admin made the move, changes nothing', async () => {
    const orderId = await placedOrder();
    const ship = { kind: 'order', orderId, to: 'SHIPPED' };
    expect(await HANDLERS['simulated-courier'](api.db, ship)).toEqual({ moved: true });
    expect(await statusOf(orderId)).toBe('SHIPPED');
    expect(await HANDLERS['simulated-courier'](api.db, ship)).toEqual({ moved: false });
    expect(await HANDLERS['simulated-courier'](api.db, { kind: 'order', orderId, to: 'DELIVERED' })).toEqual({ moved: true });
    // A late shipment job does not take a delivered order back.
    expect(await HANDLERS['simulated-courier'](api.db, ship)).toEqual({ moved: false });
    expect(await statusOf(orderId)).toBe('DELIVERED');
    const told = await api.db.query(`select 1 from customer_messages where kind = 'order-dispatched' and (event->>'orderId')::int = $1`, [orderId]);
    expect(told).toHaveLength(2);
  });

  it('leaves a cancelled order alone', async () => {
    const orderId = await placedOrder();
    await api.db.query(`update orders set status = 'CANCELLED' where id = $1`, [orderId]);
    expect(await HANDLERS['simulated-courier'](api.db, { kind: 'order', orderId, to: 'SHIPPED' })).toEqual({ moved: false });
    expect(await HANDLERS['simulated-courier'](api.db, { kind: 'return', returnId: 987654, to: 'RECEIVED' })).toEqual({ moved: false });
  });
});
