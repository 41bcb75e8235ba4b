// `npm run bench -- --cluster` (issue 21): API p99 at 50 connections for cart, /me, listing and
// product, on PGlite (one API process, what `npm start` runs) and on PostgreSQL with one and
// with two API instances behind HAProxy (tools/cluster/cluster.mjs), in one table.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureClusterParts, startCluster } from '../cluster/cluster.mjs';
import { loadTest } from './load.mjs';
import { measureOrders } from './orders.mjs';
import { startSite } from './site.mjs';

/** A guest session with four frames in stock in its cart, made through `apiUrl`: the cookie for the load. */
async function shopperOf(apiUrl) {
  const session = await fetch(`${apiUrl}/v2/sessions`, { method: 'POST', headers: { 'x-country-code': 'in' } });
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { cookie, 'x-country-code': 'in', 'content-type': 'application/json' };
  const listing = await (await fetch(`${apiUrl}/v2/categories/3101?page-size=30`, { headers: { 'x-country-code': 'in' } })).json();
  const inStock = listing.result.product_list.filter((p) => p.inStock).map((p) => p.id);
  for (const productId of inStock.slice(0, 4)) {
    const added = await fetch(`${apiUrl}/v2/carts/items`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ productId, powerType: 'SINGLE_VISION', powerLater: true }),
    });
    if (!added.ok) throw new Error(`bench: adding ${productId} answered ${added.status}`);
  }
  return cookie;
}

async function measure(apiUrl, seconds) {
  const cookie = await shopperOf(apiUrl);
  const targets = {
    cart: `${apiUrl}/v2/carts`,
    me: `${apiUrl}/me`,
    listing: `${apiUrl}/v2/categories/3101?page-size=15`,
    product: `${apiUrl}/v2/products/product/128012`,
  };
  /** @type {Record<string, Awaited<ReturnType<typeof loadTest>>>} */
  const out = {};
  for (const [name, url] of Object.entries(targets)) {
    // A short warm-up first: the first requests fill the read caches and the connection pools.
    await loadTest(url, { duration: 1, headers: { cookie, 'x-country-code': 'in' } });
    out[name] = await loadTest(url, { duration: seconds, headers: { cookie, 'x-country-code': 'in' } });
  }
  return out;
}

/**
 * @param {{ workspace: string, seconds: number, log?: (line: string) => void }} options
 * @returns {Promise<{ setups: Record<string, Record<string, Awaited<ReturnType<typeof loadTest>>>>, writes?: Record<string, Awaited<ReturnType<typeof measureOrders>>>, skipped?: string }>}
 */
export async function benchCluster({ workspace, seconds, log = console.log }) {
  const missing = ensureClusterParts();
  if (missing) return { setups: {}, skipped: missing };
  /** @type {Record<string, Record<string, Awaited<ReturnType<typeof loadTest>>>>} */
  const setups = {};
  log('• PGlite, 1 API instance');
  const site = await startSite({ workspace, port: 4630, apiPort: 4640 });
  try {
    setups['PGlite, 1 API'] = await measure(site.apiUrl, seconds);
  } finally {
    await site.stop();
  }
  /** @type {Record<string, Awaited<ReturnType<typeof measureOrders>>>} */
  const writes = {};
  const { deployWorkspace } = await import('../release/deploy.mjs');
  for (const apis of [1, 2]) {
    log(`• PostgreSQL, ${apis} API instance(s) behind HAProxy`);
    const scratch = await mkdtemp(join(tmpdir(), 'bench-cluster-'));
    const root = join(scratch, 'deploy');
    await deployWorkspace({ root, workspace });
    const cluster = await startCluster({ workspace, root, apis, edges: 1, port: 8280, basePort: 18500, log: () => undefined });
    try {
      setups[`PostgreSQL, ${apis} API`] = await measure(cluster.apiUrl, seconds);
      // The write path with the worker running (issue 38): orders a second, the cart add's p99,
      // and the order messages the worker sent meanwhile.
      writes[`PostgreSQL, ${apis} API, 1 worker`] = await measureOrders(cluster.apiUrl, { seconds, databaseUrl: cluster.databaseUrl, label: `bench-${apis}` });
    } finally {
      await cluster.stop();
      await rm(scratch, { recursive: true, force: true });
    }
  }
  return { setups, writes };
}

/**
 * The table of the report.
 * @param {Awaited<ReturnType<typeof benchCluster>>} result
 * @param {number} seconds
 * @param {number} budgetP99
 */
export function clusterTable({ setups, writes = {}, skipped }, seconds, budgetP99) {
  if (skipped) return [`Cluster bench skipped: ${skipped}`];
  const names = Object.keys(setups);
  const calls = ['cart', 'me', 'listing', 'product'];
  return [
    `| API p99 ms at 50 connections (${seconds} s per call; req/s in brackets) | ${names.join(' | ')} |`,
    `|---|${names.map(() => '---').join('|')}|`,
    ...calls.map(
      (call) =>
        `| ${call} | ${names.map((n) => `${setups[n][call].p99} (${setups[n][call].requestsPerSecond}/s${setups[n][call].errors ? `, ${setups[n][call].errors} errors` : ''})`).join(' | ')} |`,
    ),
    '',
    `Budget: cart and /me p99 <= ${budgetP99} ms on PostgreSQL.`,
    '',
    `| Orders (${seconds} s, buyers placing orders through the balancer; the worker sending their messages) | orders/s | cart add p50 / p99 ms | errors | messages sent |`,
    '|---|---|---|---|---|',
    ...Object.entries(writes).map(
      ([name, w]) =>
        `| ${name}, ${w.buyers} buyers | ${w.ordersPerSecond} (${w.orders}) | ${w.cartAddP50} / ${w.cartAddP99} | ${w.errors} | ${w.messagesSent} |`,
    ),
  ];
}
