#!/usr/bin/env node
// The failover check of issues 21 and 38, on a real cluster on this machine (cluster.mjs:
// PostgreSQL, PgBouncer in transaction mode, 2 API instances, a worker and 2 edge instances,
// HAProxy in front of the edges and Varnish, the page cache, in front of it: the shoppers' reads
// and checkouts go through both, POSTs and /api passing straight through Varnish), on both topologies that ship: HAProxy in HTTP mode between the
// edges and the API (npm run cluster), and a plain TCP balancer there (the Kubernetes path: edge ->
// Service, nothing retries but the edge). Per topology, SECONDS of mixed reads and checkouts while
// api0 is killed (SIGKILL) and started again by the cluster's supervisor (as `npm start`'s, or
// Kubernetes', would), api1 is paused for 10 s (SIGSTOP: it holds its connections and answers
// nothing), and edge0 is killed and started again by the supervisor. Passes when, on each: 0
// failed checkouts, 0 duplicate orders, 0 duplicated writes (a cart line or an order line with
// more than the one unit added), 0 lost acknowledged cart lines, reads failing <= 0.1 %, each
// killed process back (restarted by the supervisor, ready), and at least MIN_READS_PER_S reads and
// MIN_ORDERS_PER_S orders a second went through (a check that passes on a trickle proves
// nothing). Needs the production builds (npm test runs it after the builds).
// `--crawl`: then, on the first topology's cluster (its faults over, every part ready again), the
// crawl check through Varnish (crawl.mjs: hit ratio, a price change's purge), so npm test starts
// one cluster fewer.
// `node tools/cluster/failover.mjs [--seconds 40] [--topology both|http|tcp] [--crawl] [--json out.json]`
import { writeFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { TEST_ADDRESS as ADDRESS, TEST_CARD as CARD, shopper } from '../bench/buyer.mjs';
import { workspace } from '../scripts/ensure.mjs';
import { ensureClusterParts, startCluster } from './cluster.mjs';
import { runCrawl } from './crawl.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '40' },
    topology: { type: 'string', default: 'both' },
    json: { type: 'string' },
    crawl: { type: 'boolean', default: false },
    port: { type: 'string', default: '8180' },
    'base-port': { type: 'string', default: '18300' },
  },
});
const SECONDS = Number(values.seconds);
const READERS = 6;
const BUYERS = 4;
const PAUSE_MS = 10_000;
/**
 * The least load a pass counts for, per second of the run. Measured on this 2-core machine
 * (load generator, PostgreSQL, HAProxy and every instance on the same cores): about 200 reads
 * and 30 orders a second (docs/production.md); the floor is a sixth of that, so a loaded CI
 * machine passes and a run where the store mostly stood still does not.
 */
const MIN_READS_PER_S = 30;
const MIN_ORDERS_PER_S = 5;
const TOPOLOGIES = values.topology === 'both' ? ['http', 'tcp'] : [values.topology];
if (!TOPOLOGIES.every((t) => t === 'http' || t === 'tcp')) {
  console.error(`--topology ${values.topology}: use both, http or tcp`);
  process.exit(64);
}
const missing = ensureClusterParts();
if (missing) {
  console.log(`⚠ failover check skipped: ${missing}`);
  process.exit(0);
}

const { deployWorkspace } = await import('../release/deploy.mjs');
const results = [];
/**
 * The crawl check's result (--crawl), from the first topology's cluster.
 * @type {{ passed: boolean, error?: string } | null}
 */
let crawled = null;
for (const topology of TOPOLOGIES) results.push(await runOn(topology));
if (values.json) await writeFile(values.json, `${JSON.stringify(values.crawl ? { failover: results, crawl: crawled } : results, null, 2)}\n`);
const passed = results.every((r) => r.passed);
console.log(passed ? '✓ failover check passed on every topology' : '✗ failover check failed');
if (values.crawl) console.log(crawled?.passed ? '✓ crawl check passed' : `✗ crawl check failed${crawled?.error ? `: ${crawled.error}` : ''}`);
process.exit(passed && (!values.crawl || crawled?.passed) ? 0 : 1);

/** One topology's run: its own cluster, load, faults and checks. */
async function runOn(topology) {
  const scratch = await mkdtemp(join(tmpdir(), 'eyewear-failover-'));
  const root = join(scratch, 'deploy');
  await deployWorkspace({ root, workspace });
  console.log(`• starting the cluster (edges -> API: ${topology === 'tcp' ? 'a plain TCP balancer, the Kubernetes Service path' : 'HAProxy in HTTP mode'})`);
  const cluster = await startCluster({
    workspace,
    root,
    apis: 2,
    edges: 2,
    workers: 1,
    port: Number(values.port),
    basePort: Number(values['base-port']),
    apiBalancer: topology,
  });

  /** A shopper's cookie jar over fetch, each call given 15 s. */
  const newShopper = () => shopper(cluster.url, { timeoutMs: 15_000 });

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Retries a step the way the store's pages do: on a network error, 5xx or 409 in flight, for up to 25 s. */
  async function withRetries(step, isDone) {
    const deadline = Date.now() + 25_000;
    let last;
    for (let attempt = 0; ; attempt += 1) {
      try {
        last = await step();
        if (isDone(last)) return last;
        if (last.status < 500 && last.status !== 409 && last.status !== 429) return last;
      } catch (error) {
        last = { status: 0, error: String(error) };
      }
      if (Date.now() > deadline) return last;
      await sleep(Math.min(2000, 200 * 2 ** attempt));
    }
  }

  const stats = { reads: 0, readErrors: 0, readErrorKinds: {}, checkouts: 0, failedCheckouts: 0, failures: [], acknowledgedLines: [] };
  let running = true;

  async function reader(i) {
    const call = newShopper();
    const paths = ['/', '/api/v2/categories/3101?page-size=15', '/api/v2/products/product/128012', '/api/me', '/api/v2/carts', '/catalog/3101'];
    for (let n = i; running; n += 1) {
      const path = paths[n % paths.length];
      stats.reads += 1;
      try {
        const { status } = await call('GET', path);
        if (status >= 500 || status === 0) {
          stats.readErrors += 1;
          stats.readErrorKinds[status] = (stats.readErrorKinds[status] ?? 0) + 1;
        }
      } catch (error) {
        stats.readErrors += 1;
        stats.readErrorKinds[error.name] = (stats.readErrorKinds[error.name] ?? 0) + 1;
      }
    }
  }

  async function buyer(i, productIds) {
    // Each buyer is its own shopper with its own e-mail. With one e-mail for all, the guests' first
    // orders raced for the first-frame offer (a guest's first order with an e-mail): a payment
    // priced before another buyer's first order committed was refused "Your cart changed", as it
    // should be, and the check counted a failed checkout that no failover caused.
    const address = { ...ADDRESS, email: `failover-buyer-${i}@example.com` };
    for (let n = 0; running; n += 1) {
      const call = newShopper();
      const productId = productIds[(i * 7 + n) % productIds.length];
      stats.checkouts += 1;
      const fail = (why) => {
        stats.failedCheckouts += 1;
        // When, next to the kills in `events`: a failure far from them is not the failover's.
        stats.failures.push(`${((Date.now() - started) / 1000).toFixed(1)} s: buyer ${i}: ${why}`);
      };
      const session = await withRetries(
        () => call('POST', '/api/v2/sessions'),
        (r) => r.status === 200,
      );
      if (session.status !== 200) {
        fail(`session ${session.status}`);
        continue;
      }
      // Each write carries an Idempotency-Key, one per action and the same on every retry, as the
      // store's client sends it: an add whose answer was lost is sent again and applied once.
      const addKey = `failover-add-${topology}-${i}-${n}-${Date.now()}`;
      const added = await withRetries(
        () => call('POST', '/api/v2/carts/items', { productId, powerType: 'SINGLE_VISION', powerLater: true }, { 'idempotency-key': addKey }),
        (r) => r.status === 200,
      );
      if (added.status !== 200) {
        fail(`add ${added.status} ${added.json?.message ?? added.error ?? ''}`);
        continue;
      }
      const cartId = added.json?.result?.cartId ?? added.json?.result?.id;
      const line = { productId, cartId };
      stats.acknowledgedLines.push(line);
      const addressKey = `failover-address-${topology}-${i}-${n}-${Date.now()}`;
      const addressed = await withRetries(
        () => call('POST', '/api/v2/carts/shippingAddress', address, { 'idempotency-key': addressKey }),
        (r) => r.status === 200,
      );
      if (addressed.status !== 200) {
        fail(`address ${addressed.status}`);
        continue;
      }
      const key = `failover-${topology}-${i}-${n}-${Date.now()}`;
      const paid = await withRetries(
        () => call('POST', '/api/v2/orders/payment', { paymentMethod: 'cc', card: CARD }, { 'idempotency-key': key }),
        (r) => r.status === 200,
      );
      if (paid.status !== 200) {
        fail(`pay ${paid.status} ${paid.json?.message ?? paid.error ?? ''}`);
        continue;
      }
      line.orderId = paid.json.result.order.id;
      line.key = key;
    }
  }

  const events = [];
  const at = (ms, what) =>
    sleep(ms).then(async () => {
      events.push(`${((Date.now() - started) / 1000).toFixed(1)} s: ${what.label}`);
      await what();
    });
  const label = (fn, text) => Object.assign(fn, { label: text });

  let started = Date.now();
  let chaosFailure = null;
  let result;
  try {
    const listing = await (await fetch(`${cluster.apiUrl}/v2/categories/3101?page-size=40`, { headers: { 'x-country-code': 'in' } })).json();
    const productIds = listing.result.product_list.filter((p) => p.inStock).map((p) => p.id);
    // The warehouse restocks what the buyers buy: the check is about failover, not stock running out.
    const restock = new pg.Client({ connectionString: cluster.databaseUrl });
    await restock.connect();
    await restock.query('update products set stock = 1000000 where id = any($1::int[])', [productIds]);
    await restock.end();
    console.log(
      `• ${SECONDS} s of reads (${READERS}) and checkouts (${BUYERS}); killing api0, pausing api1 for ${PAUSE_MS / 1000} s, killing edge0 on the way`,
    );
    started = Date.now();
    const load = [...Array.from({ length: READERS }, (_, i) => reader(i)), ...Array.from({ length: BUYERS }, (_, i) => buyer(i, productIds))];
    // The kills are crashes: the cluster's supervisor starts the process again (after 1 s), and
    // the check waits for it to answer; a process not back within a minute fails the check.
    const back = async (part) => {
      const t = Date.now();
      await part.ready(60);
      return ((Date.now() - t) / 1000).toFixed(1);
    };
    const chaos = Promise.all([
      at(
        SECONDS * 150,
        label(async () => {
          await cluster.apis[0].kill('SIGKILL');
          const after = await back(cluster.apis[0]);
          events.push(`${((Date.now() - started) / 1000).toFixed(1)} s: api0 started again by the supervisor and ready (${after} s after the kill)`);
        }, 'api0 killed (SIGKILL)'),
      ),
      at(
        SECONDS * 450,
        label(() => cluster.apis[1].pause(), `api1 paused (SIGSTOP) for ${PAUSE_MS / 1000} s`),
      ),
      at(
        SECONDS * 450 + PAUSE_MS,
        label(() => cluster.apis[1].resume(), 'api1 running again (SIGCONT)'),
      ),
      at(
        SECONDS * 700,
        label(async () => {
          await cluster.edges[0].kill('SIGKILL');
          const after = await back(cluster.edges[0]);
          events.push(`${((Date.now() - started) / 1000).toFixed(1)} s: edge0 started again by the supervisor and ready (${after} s after the kill)`);
        }, 'edge0 killed (SIGKILL)'),
      ),
    ]).catch((error) => {
      chaosFailure = String(error.message ?? error);
    });
    await sleep(SECONDS * 1000);
    running = false;
    await Promise.all([...load, chaos]);

    // Two API processes: a price changed through api1's admin listener is what api0 serves on its
    // next read (its read cache checks the shared write versions), and the other way round.
    const sellingOn = async (i) => {
      const answer = await fetch(`${cluster.apiUrls[i]}/v2/products/product/${productIds[0]}`, { headers: { 'x-country-code': 'in' } });
      return (await answer.json()).result.prices[1].price;
    };
    const priceChecks = [];
    for (const [writer, reader] of [
      [1, 0],
      [0, 1],
    ]) {
      const before = await sellingOn(reader);
      const wanted = before - 10;
      const changed = await fetch(`${cluster.adminUrls[writer]}/catalogue/products/${productIds[0]}/price`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ country: 'in', sellingPrice: wanted }),
      });
      priceChecks.push({ writer, reader, changed: changed.status, served: await sellingOn(reader), wanted });
    }
    const pricesSeen = priceChecks.every((c) => c.changed === 200 && c.served === c.wanted);

    // What the database says: every acknowledged line is in its order, one order per key.
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const orders = await db.query(`select idempotency_key as key, count(*)::int as n from orders where idempotency_key like $1 group by idempotency_key`, [
      `failover-${topology}-%`,
    ]);
    const duplicates = orders.rows.filter((r) => r.n > 1).length;
    // Each buyer added one unit of one product to a fresh cart: more than one unit (or line) of it
    // in the cart or the order is a write applied twice; none is a lost acknowledged write.
    let lostLines = 0;
    let duplicatedWrites = 0;
    for (const line of stats.acknowledgedLines) {
      const { rows } = line.orderId
        ? await db.query('select coalesce(sum(quantity), 0)::int as units from order_items where order_id = $1 and product_id = $2', [
            line.orderId,
            line.productId,
          ])
        : await db.query('select coalesce(sum(quantity), 0)::int as units from cart_items where cart_id = $1 and product_id = $2', [
            line.cartId,
            line.productId,
          ]);
      const units = rows[0]?.units ?? 0;
      if (units === 0) lostLines += 1;
      if (units > 1) duplicatedWrites += 1;
    }
    await db.end();
    const readErrorRate = stats.reads ? stats.readErrors / stats.reads : 0;
    const placed = stats.acknowledgedLines.filter((l) => l.orderId).length;
    const enoughLoad = stats.reads >= MIN_READS_PER_S * SECONDS && placed >= MIN_ORDERS_PER_S * SECONDS;
    // Each killed process was started again by the supervisor, once (and nothing else restarted).
    const restarts = Object.fromEntries(
      [cluster.pgbouncer, ...cluster.apis, ...cluster.workers, ...cluster.edges, cluster.lb, cluster.varnish]
        .filter(Boolean)
        .map((part) => [part.name, part.restarts]),
    );
    const restartedAsKilled =
      restarts.api0 === 1 && restarts.edge0 === 1 && Object.entries(restarts).every(([name, n]) => n === 0 || ['api0', 'edge0'].includes(name));
    result = {
      topology,
      seconds: SECONDS,
      reads: stats.reads,
      readErrors: stats.readErrors,
      readErrorKinds: stats.readErrorKinds,
      readErrorRate,
      checkouts: stats.checkouts,
      placed,
      failedCheckouts: stats.failedCheckouts,
      failures: stats.failures.slice(0, 10),
      duplicateOrders: duplicates,
      duplicatedWrites,
      lostCartLines: lostLines,
      enoughLoad,
      restarts,
      chaosFailure,
      priceChecks,
      events,
      passed:
        stats.failedCheckouts === 0 &&
        duplicates === 0 &&
        duplicatedWrites === 0 &&
        lostLines === 0 &&
        readErrorRate <= 0.001 &&
        pricesSeen &&
        enoughLoad &&
        restartedAsKilled &&
        !chaosFailure,
    };
    if (values.crawl && topology === TOPOLOGIES[0]) {
      crawled = await runCrawl({ url: cluster.url, apiUrl: cluster.apiUrl, adminUrl: cluster.adminUrls[0] }).catch((error) => ({
        passed: false,
        error: String(error.stack ?? error),
      }));
    }
  } finally {
    await cluster.stop();
    await rm(scratch, { recursive: true, force: true });
  }
  console.log(
    [
      '',
      `| failover, edges -> API by ${topology === 'tcp' ? 'a plain TCP balancer (the Kubernetes path)' : 'HAProxy (HTTP)'} (${SECONDS} s, ${READERS} readers, ${BUYERS} buyers) | figure | target |`,
      '|---|---|---|',
      `| reads | ${result.reads} | >= ${MIN_READS_PER_S * SECONDS} |`,
      `| read errors | ${result.readErrors} (${(result.readErrorRate * 100).toFixed(3)} %) | <= 0.1 % |`,
      `| checkouts started / placed | ${result.checkouts} / ${result.placed} | placed >= ${MIN_ORDERS_PER_S * SECONDS} |`,
      `| failed checkouts | ${result.failedCheckouts} | 0 |`,
      `| duplicate orders | ${result.duplicateOrders} | 0 |`,
      `| duplicated writes | ${result.duplicatedWrites} | 0 |`,
      `| lost cart lines | ${result.lostCartLines} | 0 |`,
      `| restarts by the supervisor | ${Object.entries(result.restarts)
        .filter(([, n]) => n > 0)
        .map(([name, n]) => `${name} ${n}`)
        .join(', ')} | api0 1, edge0 1 |`,
      ...result.priceChecks.map((c) => `| price changed through api${c.writer}, read through api${c.reader} | ${c.served} | ${c.wanted} |`),
      '',
      ...result.events.map((e) => `- ${e}`),
      ...(result.chaosFailure ? [`- the faults did not play out: ${result.chaosFailure}`] : []),
      ...(result.failures.length ? ['', 'failures:', ...result.failures.map((f) => `- ${f}`)] : []),
      Object.keys(result.readErrorKinds).length ? `read errors by kind: ${JSON.stringify(result.readErrorKinds)}` : '',
    ].join('\n'),
  );
  console.log(result.passed ? `✓ failover check passed (${topology})` : `✗ failover check failed (${topology})`);
  return result;
}
