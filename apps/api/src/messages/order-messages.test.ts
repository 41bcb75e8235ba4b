import { type FastifyInstance } from 'fastify';
import { formatPrice } from '@eyewear/i18n/rules';
import { adminOf, createTestApi, guestSession, type TestApi } from '../testing/api';
import { ADDRESS, CARD, payingClient, pickProducts } from '../areas/cart/test-helpers';
import { runDueJobs } from '../jobs/worker';
import { sendQueuedMessage } from './send';

/**
 * The messages of an order's life (issue 38), through the real routes: each is queued once per
 * event in the event's transaction (a retried payment, parallel polls, a courier move repeated),
 * and the worker's job sends it with the right items and amounts.
 */
const PHONE = '+91 9876543210';
let keys = 0;
const newKey = () => `messages-${Date.now()}-${++keys}`;

interface Row {
  id: number;
  channel: string;
  recipient: string;
  kind: string;
  event: Record<string, unknown> & { lines?: { name: string; quantity: number; amount: number }[] };
  status: string;
}

describe('order messages', () => {
  let api: TestApi;
  let p: Awaited<ReturnType<typeof pickProducts>>;
  beforeAll(async () => {
    api = await createTestApi({ seeded: true });
    p = await pickProducts(api.db);
  });
  afterAll(() => api.close());

  const messagesOf = (orderId: number, kind?: string) =>
    api.db.query<Row>(
      `select id, channel, recipient, kind, event, status from customer_messages where (event->>'orderId')::int = $1 and ($2::text is null or kind = $2) order by id`,
      [orderId, kind ?? null],
    );
  const outbox = async (to: string) => {
    const response = await adminOf(api.app).inject({ method: 'GET', url: `/outbox?to=${encodeURIComponent(to)}` });
    return response.json().result.messages as { channel: string; subject?: string; body: string; html?: string }[];
  };

  const shopper = async (app: FastifyInstance) => payingClient(app, await guestSession(app));

  const nameOf = async (productId: number) =>
    (await api.db.query<{ name: string }>('select name from order_items where product_id = $1 limit 1', [productId]))[0]!.name;

  async function paidOrder() {
    const c = await shopper(api.app);
    expect((await c.post('/v2/carts/items', { productId: p.otherFrame.id })).status).toBe(200);
    expect((await c.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
    const key = newKey();
    // A double click and a balancer's retry: three sends of one payment with one key.
    const answers = await Promise.all([c.pay({ paymentMethod: 'cc', card: CARD }, key), c.pay({ paymentMethod: 'cc', card: CARD }, key)]);
    const again = await c.pay({ paymentMethod: 'cc', card: CARD }, key);
    const orderId = again.body.result.order.id as number;
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    return { c, orderId };
  }

  it('queues "order placed" once per channel when the order is paid, and the job sends it with the items, total, payment and delivery date', async () => {
    const { orderId } = await paidOrder();
    const [order] = await api.db.query<{ total: number; estimated_delivery: Date }>('select total, estimated_delivery from orders where id = $1', [orderId]);
    const queued = await messagesOf(orderId, 'order-placed');
    expect(queued.map((m) => [m.channel, m.recipient, m.status])).toEqual([
      ['email', ADDRESS.email, 'QUEUED'],
      ['sms', PHONE, 'QUEUED'],
    ]);
    const event = queued[0]!.event;
    expect(event).toMatchObject({
      orderId,
      total: Number(order!.total),
      payment: 'Credit card',
      estimatedDelivery: new Date(order!.estimated_delivery).toISOString().slice(0, 10),
    });
    expect(event.lines).toEqual([{ name: await nameOf(p.otherFrame.id), quantity: 1, amount: Number(order!.total) }]);
    expect(
      await api.db.query(`select 1 from pgboss.job where name = 'message' and (data->>'id')::int = any($1::int[])`, [queued.map((m) => m.id)]),
    ).toHaveLength(2);

    await runDueJobs(api.db, ['message']);
    const email = (await outbox(ADDRESS.email)).find((m) => m.channel === 'email' && m.body.includes(String(orderId)));
    expect(email?.subject).toContain(String(orderId));
    expect(email?.body).toContain(await nameOf(p.otherFrame.id));
    expect(email?.body).toContain(formatPrice(Number(order!.total), 'INR'));
    expect(email?.html).toContain('<html');
    const sms = (await outbox(PHONE)).find((m) => m.body.includes(String(orderId)));
    expect(sms?.body.length).toBeLessThanOrEqual(160);
    expect((await messagesOf(orderId, 'order-placed')).map((m) => m.status)).toEqual(['SENT', 'SENT']);

    // The job run again (a retry after a crash) sends nothing more.
    const before = (await outbox(ADDRESS.email)).length;
    expect(await sendQueuedMessage(api.db, queued[0]!.id)).toBe('already-sent');
    expect(await runDueJobs(api.db, ['message'])).toEqual({ ran: 0, failed: 0 });
    expect(await outbox(ADDRESS.email)).toHaveLength(before);
  });

  it('tells a failed UPI payment once, with the link to pay again, however many polls see it', async () => {
    const c = await shopper(api.app);
    await c.post('/v2/carts/items', { productId: p.otherFrame.id });
    await c.post('/v2/carts/shippingAddress', ADDRESS);
    const started = await c.pay({ paymentMethod: 'upi', vpa: 'failure@upi' });
    expect(started.status).toBe(200);
    const orderId = started.body.result.order.id as number;
    expect(await messagesOf(orderId)).toEqual([]);
    await c.get(`/v2/payments/${orderId}/UPI/status`);
    const polls = await Promise.all(Array.from({ length: 5 }, () => c.get(`/v2/payments/${orderId}/UPI/status`)));
    expect(polls.map((r) => r.body.result.status)).toContain('FAILED');
    const failed = await messagesOf(orderId, 'payment-failed');
    expect(failed.map((m) => m.channel)).toEqual(['email', 'sms']);
    expect(failed[0]!.event).toMatchObject({
      orderId,
      reason: 'The UPI payment was declined',
      payAgainUrl: `http://localhost:4200/checkout/onepage/retrypayment?orderId=${orderId}`,
    });
    // Paid again by card: the order is placed and told once.
    expect((await c.pay({ paymentMethod: 'cc', card: CARD, orderId })).status).toBe(200);
    expect((await messagesOf(orderId, 'order-placed')).map((m) => m.channel)).toEqual(['email', 'sms']);
  });

  it('tells dispatch (courier and tracking number) and delivery once each, whoever repeats the move', async () => {
    const { orderId } = await paidOrder();
    const advance = (to: string) => adminOf(api.app).inject({ method: 'POST', url: `/orders/${orderId}/advance?to=${to}` });
    expect((await advance('SHIPPED')).statusCode).toBe(200);
    await advance('SHIPPED');
    const shipped = await messagesOf(orderId, 'order-dispatched');
    expect(shipped).toHaveLength(2);
    expect(shipped[0]!.event).toMatchObject({ courier: 'Eyewear Express', trackingNumber: `EX${String(orderId).padStart(9, '0')}IN` });
    await Promise.all([advance('DELIVERED'), advance('DELIVERED')]);
    const delivered = await messagesOf(orderId, 'order-delivered');
    expect(delivered).toHaveLength(2);
    expect(delivered[0]!.event.lines?.[0]?.name).toBe(await nameOf(p.otherFrame.id));

    await runDueJobs(api.db, ['message']);
    const mails = (await outbox(ADDRESS.email)).filter((m) => m.body.includes(String(orderId)));
    expect(mails.some((m) => m.body.includes(`EX${String(orderId).padStart(9, '0')}IN`))).toBe(true);
  });
});
