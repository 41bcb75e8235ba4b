// The cluster's write path (issue 38): buyers each placing orders as the store's pages do (a
// session, a keyed cart add, a keyed address, a keyed card payment), for a number of seconds,
// against the API through its balancer, with the job queue's worker running beside it. Reports
// orders a second, the cart add's p50/p99, and the order messages the worker sent meanwhile.
import pg from 'pg';
import { TEST_ADDRESS, TEST_CARD, shopper } from './buyer.mjs';

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * @param {string} apiUrl the API's balancer (no /api prefix)
 * @param {{ seconds: number, buyers?: number, databaseUrl?: string, label?: string }} options
 */
export async function measureOrders(apiUrl, { seconds, buyers = 8, databaseUrl, label = 'bench' }) {
  const listing = await (await fetch(`${apiUrl}/v2/categories/3101?page-size=40`, { headers: { 'x-country-code': 'in' } })).json();
  const productIds = listing.result.product_list.filter((p) => p.inStock).map((p) => p.id);
  const db = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  await db?.connect();
  // Stock is not what is measured: the warehouse has plenty.
  await db?.query('update products set stock = greatest(stock, 100000) where id = any($1::int[])', [productIds]);
  const sentBefore = db ? Number((await db.query(`select count(*)::int as n from customer_messages where status = 'SENT'`)).rows[0].n) : 0;
  const adds = [];
  let orders = 0;
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  const stamp = Date.now();

  async function buyer(i) {
    for (let n = 0; Date.now() < deadline; n += 1) {
      const shop = shopper(apiUrl);
      const call = async (method, path, body, headers) => (await shop(method, path, body, headers)).status;
      const key = (what) => `${label}-${what}-${stamp}-${i}-${n}`;
      if ((await call('POST', '/v2/sessions')) !== 200) {
        errors += 1;
        continue;
      }
      const productId = productIds[(i * 7 + n) % productIds.length];
      const started = performance.now();
      const added = await call('POST', '/v2/carts/items', { productId, powerType: 'SINGLE_VISION', powerLater: true }, { 'idempotency-key': key('add') });
      adds.push(performance.now() - started);
      if (added !== 200) {
        errors += 1;
        continue;
      }
      const address = { ...TEST_ADDRESS, email: `${label}-buyer-${i}@example.com` };
      if ((await call('POST', '/v2/carts/shippingAddress', address, { 'idempotency-key': key('address') })) !== 200) {
        errors += 1;
        continue;
      }
      if ((await call('POST', '/v2/orders/payment', { paymentMethod: 'cc', card: TEST_CARD }, { 'idempotency-key': key('pay') })) !== 200) {
        errors += 1;
        continue;
      }
      orders += 1;
    }
  }
  await Promise.all(Array.from({ length: buyers }, (_, i) => buyer(i)));
  const sentAfter = db ? Number((await db.query(`select count(*)::int as n from customer_messages where status = 'SENT'`)).rows[0].n) : 0;
  await db?.end();
  const sorted = adds.sort((a, b) => a - b);
  return {
    buyers,
    orders,
    ordersPerSecond: Math.round((orders / seconds) * 10) / 10,
    cartAddP50: Math.round(percentile(sorted, 50)),
    cartAddP99: Math.round(percentile(sorted, 99)),
    errors,
    messagesSent: sentAfter - sentBefore,
  };
}
