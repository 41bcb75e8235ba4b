#!/usr/bin/env node
// `npm run bench`: builds production, starts the site (API on a fresh seeded database, edge
// server), measures every page type in Debian's Chromium (Lighthouse; Playwright + CDP
// under 4x CPU throttling), loads the API, times the builds, and compares the figures with
// bench/budgets.json. Writes bench/results/<date>-<time>-<full|quick>.md and .json; exits 1
// when a budget breaks. `--try-on` measures the live try-on alone (try-on.mjs); `--cluster` the API cluster alone.
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureChromium, ensureDependencies, nxEnv, workspace } from '../scripts/ensure.mjs';
import { launch, measureFirstView, measureInteraction, measureLoad, measureRouteChanges } from './browser.mjs';
import { TEST_ADDRESS, TEST_CARD } from './buyer.mjs';
import { benchCluster, clusterTable } from './cluster.mjs';
import { measureCanaryFaults } from './faults.mjs';
import { median, runLighthouse } from './lighthouse.mjs';
import { loadTest } from './load.mjs';
import { measurePhone, PHONE } from './phone.mjs';
import { startSite } from './site.mjs';
import { measureTryOn, tryOnTable } from './try-on.mjs';
import { measureSizes } from './size.mjs';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '10' },
    'load-seconds': { type: 'string', default: '10' },
    'skip-build-figures': { type: 'boolean', default: false },
    'fault-repeats': { type: 'string', default: '20' },
    quick: { type: 'boolean', default: false },
    cluster: { type: 'boolean', default: false },
    'try-on': { type: 'boolean', default: false },
  },
});
const runs = opts.quick ? 1 : Number(opts.runs);
const rounds = opts.quick ? 3 : Number(opts.rounds);
const loadSeconds = opts.quick ? 3 : Number(opts['load-seconds']);
const faultRepeats = opts.quick ? 3 : Number(opts['fault-repeats']);

const PAGES = [
  { name: 'home', path: '/', owner: 'catalog', testId: 'catalog-HomePage' },
  // `shown`: the page's content (its data rendered), what a route change is timed to; the test
  // id is on the page's frame, there while its data is still loading.
  {
    name: 'listing',
    path: '/catalog/3101',
    owner: 'catalog',
    testId: 'catalog-ListingPage',
    shown: '[data-testid="catalog-ListingPage"] .catalog-card .catalog-price',
  },
  { name: 'search', path: '/search?q=round', owner: 'catalog', testId: 'catalog-SearchPage' },
  { name: 'product', path: '/product/128001', owner: 'product', testId: 'product-ProductPage', shown: '[data-testid="product-price"]' },
  {
    name: 'cart',
    path: '/cart',
    owner: 'cart-checkout',
    testId: 'cart-checkout-CartPage',
    shown: '[data-testid="cart-empty"], [data-testid="cart-totals"]',
    prepare: addTwoItems,
  },
  { name: 'checkout', path: '/checkout/onepage/', owner: 'cart-checkout', testId: 'cart-checkout-CheckoutPage', prepare: addTwoItems },
  { name: 'account orders', path: '/sales/order/history', owner: 'account', testId: 'account-OrdersPage', prepare: customerWithOrders },
];

/**
 * The cookies of a shopper made by `prepare` (in a context of its own): Lighthouse then measures
 * the page as that shopper gets it (ADR 033), not as a first visit. None without `prepare`.
 */
async function shopperCookies(browser, origin, prepare) {
  if (!prepare) return [];
  const context = await browser.newContext();
  try {
    await prepare(context, origin);
    return await context.cookies(origin);
  } finally {
    await context.close();
  }
}

/**
 * Puts the first two frames in stock of a listing into the context's cart, through the API,
 * from a page of the site (so the browser keeps the session cookie as it would for a shopper).
 */
async function addTwoItems(context, origin) {
  const page = await context.newPage();
  await page.goto(`${origin}/healthz`);
  const added = await page.evaluate(async () => {
    const headers = { 'x-country-code': 'in', 'content-type': 'application/json' };
    await fetch('/api/v2/sessions', { method: 'POST', headers: { 'x-country-code': 'in' } });
    const listing = await (await fetch('/api/v2/categories/3101?page-size=15', { headers })).json();
    let count = 0;
    for (const product of listing.result.product_list) {
      if (count === 2) break;
      if (!product.inStock) continue;
      const answer = await fetch('/api/v2/carts/items', {
        method: 'POST',
        headers,
        body: JSON.stringify({ productId: product.id, powerType: 'SINGLE_VISION', powerLater: true }),
      });
      if (answer.ok) count += 1;
    }
    return count;
  });
  await page.close();
  if (added < 2) throw new Error(`bench: could not put two items in the cart (${added})`);
}

/**
 * A newly registered customer who has paid for three orders by card, signed in in this
 * context (the API's own routes, from a page of the site): what "My orders" shows first.
 */
async function customerWithOrders(context, origin) {
  const page = await context.newPage();
  await page.goto(`${origin}/healthz`);
  const placed = await page.evaluate(
    async ({ card, address }) => {
      const headers = { 'x-country-code': 'in', 'content-type': 'application/json' };
      const post = (path, body, extra = {}) => fetch(`/api${path}`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
      await fetch('/api/v2/sessions', { method: 'POST', headers: { 'x-country-code': 'in' } });
      const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const registered = await post('/v2/customers', { firstName: 'Bench', lastName: 'Customer', email, password: 'bench-pass-1' });
      if (!registered.ok) return `register ${registered.status}`;
      const listing = await (await fetch('/api/v2/categories/3101?page-size=15', { headers })).json();
      const inStock = listing.result.product_list.filter((p) => p.inStock);
      let count = 0;
      for (const product of inStock.slice(0, 3)) {
        if (!(await post('/v2/carts/items', { productId: product.id, powerType: 'SINGLE_VISION', powerLater: true })).ok) continue;
        if (!(await post('/v2/carts/shippingAddress', { ...address, email })).ok) return 'address';
        const paid = await post('/v2/orders/payment', { paymentMethod: 'cc', card }, { 'idempotency-key': `bench-${crypto.randomUUID()}` });
        if (paid.ok) count += 1;
      }
      return count;
    },
    { card: TEST_CARD, address: TEST_ADDRESS },
  );
  await page.close();
  if (placed !== 3) throw new Error(`bench: could not place three orders for a customer (${placed})`);
}

const started = Date.now();
const nx = (args) => {
  const t = Date.now();
  const result = spawnSync('npx', ['nx', ...args, '--outputStyle=static'], { cwd: workspace, stdio: 'ignore', env: { ...process.env, ...nxEnv } });
  if (result.status !== 0) throw new Error(`nx ${args.join(' ')} failed`);
  return (Date.now() - t) / 1000;
};

ensureDependencies();

// `--cluster` (issue 21): the API on PGlite vs PostgreSQL with 1 and 2 instances, and (issue 38)
// orders a second and the cart add's p99 with the job queue's worker running, nothing else.
if (opts.cluster) {
  nx(['run-many', '-t', 'build', '--projects=tag:type:app', '--parallel=2']);
  const seconds = opts.quick ? 3 : Number(opts['load-seconds']);
  const cluster = await benchCluster({ workspace, seconds });
  const budgets = JSON.parse(await readFile(join(workspace, 'bench/budgets.json'), 'utf8'));
  const broken = [];
  for (const [setup, calls] of Object.entries(cluster.setups)) {
    if (!setup.startsWith('PostgreSQL')) continue;
    for (const call of ['cart', 'me'])
      if (calls[call].p99 > budgets.api.p99Ms) broken.push(`${setup}: ${call} p99 ${calls[call].p99} ms (budget ≤ ${budgets.api.p99Ms})`);
    for (const [call, r] of Object.entries(calls)) if (r.errors > 0) broken.push(`${setup}: ${call} ${r.errors} errors`);
  }
  for (const [setup, w] of Object.entries(cluster.writes ?? {})) if (w.errors > 0) broken.push(`${setup}: ${w.errors} failed orders`);
  const date = new Date().toISOString();
  const markdown = [
    `# Cluster bench ${date.slice(0, 10)}`,
    '',
    `${process.platform} ${process.arch}, node ${process.version}; autocannon on this machine (2 cores shared by the load, the API instances, PostgreSQL and HAProxy).`,
    '',
    ...clusterTable(cluster, seconds, budgets.api.p99Ms),
    '',
    broken.length ? `**${broken.length} budget(s) broken:**\n\n${broken.map((b) => `- ${b}`).join('\n')}` : 'All budgets met.',
    '',
  ].join('\n');
  const stamp = `${date.slice(0, 10)}-${date.slice(11, 16).replace(':', '')}-cluster${opts.quick ? '-quick' : ''}`;
  await mkdir(join(workspace, 'bench/results'), { recursive: true });
  await writeFile(join(workspace, `bench/results/${stamp}.md`), markdown);
  await writeFile(join(workspace, `bench/results/${stamp}.json`), `${JSON.stringify({ date, seconds, ...cluster, broken }, null, 2)}\n`);
  console.log(`\n${markdown}`);
  process.exit(broken.length ? 1 : 0);
}

// `--try-on` (issue 43): the live try-on's figures alone (try-on.mjs), on the builds as Nx has them.
if (opts['try-on']) {
  nx(['run-many', '-t', 'build', '--projects=tag:type:app', '--parallel=2']);
  const site = await startSite({ workspace, port: 4610, apiPort: 4620 });
  let tryOn;
  try {
    tryOn = await measureTryOn(ensureChromium(), site.url, opts.quick ? 1 : 3);
  } finally {
    await site.stop();
  }
  const budgets = JSON.parse(await readFile(join(workspace, 'bench/budgets.json'), 'utf8'));
  const broken = Object.entries(tryOn.offRouteModelBytes)
    .filter(([, bytes]) => bytes > budgets.browser.faceModelOffRouteBytes)
    .map(([page, bytes]) => `${page}: face model bytes without the live try-on: ${bytes} (budget ≤ ${budgets.browser.faceModelOffRouteBytes})`);
  const date = new Date().toISOString();
  const markdown = [
    `# Bench ${date.slice(0, 10)}: live try-on`,
    ...tryOnTable(tryOn, PHONE),
    '',
    broken.length ? broken.map((b) => `- ${b}`).join('\n') : 'All budgets met.',
    '',
  ].join('\n');
  const stamp = `${date.slice(0, 10)}-${date.slice(11, 16).replace(':', '')}-try-on${opts.quick ? '-quick' : ''}`;
  await mkdir(join(workspace, 'bench/results'), { recursive: true });
  await writeFile(join(workspace, `bench/results/${stamp}.md`), markdown);
  await writeFile(join(workspace, `bench/results/${stamp}.json`), `${JSON.stringify({ date, ...tryOn, broken }, null, 2)}\n`);
  console.log(markdown);
  process.exit(broken.length ? 1 : 0);
}

const chromePath = ensureChromium();

// 1. Build figures (cold: no Nx cache), then the builds the bench measures.
const builds = {};
if (!opts['skip-build-figures']) {
  console.log('• timing builds');
  for (const app of ['shell', 'catalog', 'product', 'cart-checkout', 'account', 'appointments', 'api'])
    builds[app] = nx(['run', `${app}:build`, '--skip-nx-cache']);
  builds.all = nx(['run-many', '-t', 'build', '--projects=tag:type:app', '--skip-nx-cache', '--parallel=2']);
}
// A run with --skip-nx-cache does not fill the cache: build once to fill it, then time a hit.
nx(['run-many', '-t', 'build', '--projects=tag:type:app', '--parallel=2']);
builds.cacheHit = nx(['run-many', '-t', 'build', '--projects=tag:type:app', '--parallel=2']);

console.log('• starting the site');
const site = await startSite({ workspace, port: 4610, apiPort: 4620 });
const results = {
  date: new Date().toISOString(),
  machine: `${process.platform} ${process.arch}, node ${process.version}`,
  pages: {},
  routeChanges: {},
  interactions: {},
  phone: {},
  api: {},
  builds,
  sizes: await measureSizes(),
};
try {
  // 2. Page loads under 4x CPU throttling, and Lighthouse.
  const browser = await launch(chromePath);
  for (const page of PAGES) {
    console.log(`• ${page.name}`);
    const load = await measureLoad(browser, `${site.url}${page.path}`, page.owner, page.testId, page.prepare);
    const lh = await runLighthouse(chromePath, `${site.url}${page.path}`, runs, { cookies: await shopperCookies(browser, site.url, page.prepare) });
    results.pages[page.name] = { path: page.path, ...load, lighthouse: lh };
  }
  // The same pages rendered in the browser only (EDGE_SSR=0), side by side (issue 19).
  const clientOnly = await site.edge(4612, { ssr: false });
  for (const page of PAGES) {
    console.log(`• ${page.name}, client-rendered`);
    const load = await measureLoad(browser, `${clientOnly}${page.path}`, page.owner, page.testId, page.prepare);
    const lh = await runLighthouse(chromePath, `${clientOnly}${page.path}`, runs, { cookies: await shopperCookies(browser, clientOnly, page.prepare) });
    results.pages[page.name].clientRendered = { ...load, lighthouse: lh };
  }
  // "My orders" first view: a signed-in customer with three orders, cold, until the first order is on screen.
  console.log('• my orders first view');
  const views = [];
  for (let i = 0; i < Math.max(runs, 3); i += 1)
    views.push(await measureFirstView(browser, `${site.url}/sales/order/history`, 'account-order', customerWithOrders));
  results.firstViews = { 'my orders (signed in, 3 orders)': { median: median(views.filter((v) => v !== null)), samples: views } };
  // 3. Route changes between remotes.
  console.log('• route changes');
  const steps = [PAGES[0], PAGES[1], PAGES[3], PAGES[4]];
  const cold = await measureRouteChanges(browser, site.url, steps, rounds);
  const inView = await measureRouteChanges(browser, site.url, steps, rounds, { dwellMs: 1000 });
  const preloaded = await measureRouteChanges(browser, site.url, steps, rounds, { preload: true });
  for (const [name, list] of Object.entries(cold)) {
    results.routeChanges[name] = { median: median(list), inView: median(inView[name]), preloaded: median(preloaded[name]), samples: list.length };
  }
  // 4. Interaction delay (INP proxies), median of the rounds.
  console.log('• interactions');
  const interactions = {
    'listing filter click': {
      page: PAGES[1],
      act: (page) => page.getByTestId('catalog-ListingPage').getByRole('checkbox', { name: 'Round', exact: true }).click(),
    },
    'product package choice': {
      page: PAGES[3],
      prepare: async (page) => {
        await page.getByRole('button', { name: 'Select Lenses' }).click();
        const flow = page.getByRole('dialog', { name: 'Select lenses' });
        await flow.getByRole('button', { name: 'Continue' }).click();
        await flow.getByRole('group', { name: 'Choose a lens package' }).getByRole('radio').first().waitFor();
      },
      act: (page) =>
        page.getByRole('dialog', { name: 'Select lenses' }).getByRole('group', { name: 'Choose a lens package' }).getByRole('radio').nth(1).click(),
    },
  };
  for (const [name, { page, prepare, act }] of Object.entries(interactions)) {
    const samples = [];
    for (let i = 0; i < Math.min(rounds, 5); i += 1) samples.push(await measureInteraction(browser, `${site.url}${page.path}`, page.testId, { prepare, act }));
    results.interactions[name] = { median: median(samples), samples };
  }
  // The phone profile (issue 39): when a thumb tapping the header's cart first gets an answer,
  // and the largest paint, median of the runs (at least 5), each a cold load.
  console.log('• phone: first working tap and LCP');
  results.phone = await measurePhone(browser, site.url, [PAGES[0], PAGES[1], PAGES[3], PAGES[4]], Math.max(runs, 5));
  // The live try-on (issue 43): the face model's bytes and time to the frame on the face on the
  // phone profile, its frame rate at 4x CPU (fake camera), none of the model elsewhere.
  console.log('• live try-on');
  results.tryOn = await measureTryOn(chromePath, site.url, Math.min(runs, 3));
  await browser.close();

  // 5. The API under load.
  console.log('• API load');
  const session = await fetch(`${site.apiUrl}/v2/sessions`, { method: 'POST' });
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { cookie, 'x-country-code': 'in', 'content-type': 'application/json' };
  for (const productId of [128012, 128026, 128040, 128054]) {
    await fetch(`${site.apiUrl}/v2/carts/items`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ productId, powerType: 'SINGLE_VISION', powerLater: true }),
    });
  }
  const targets = {
    listing: `${site.apiUrl}/v2/categories/3101?page-size=15`,
    'listing, filtered and sorted': `${site.apiUrl}/v2/categories/3101?page-size=15&frame_shape=round&sort=price&dir=asc`,
    search: `${site.apiUrl}/v2/search/products/round`,
    product: `${site.apiUrl}/v2/products/product/128012`,
    cart: `${site.apiUrl}/v2/carts`,
    'routing lookup': `${site.apiUrl}/v3/utility/routing?url=%2Feyeglasses%2Fround.html`,
    me: `${site.apiUrl}/me`,
    'product image': `${site.apiUrl}/v2/images/product/128001/front.svg`,
    'country data': `${site.apiUrl}/v2/utility/country/in`,
  };
  for (const [name, url] of Object.entries(targets))
    results.api[name] = await loadTest(url, { duration: loadSeconds, headers: { cookie, 'x-country-code': 'in' } });

  // 6. Server rendering under load (issue 19): documents of home, listing and product at 20 and
  // 50 connections, warm (the HTML cache) and cold (every request rendered), and the time and
  // CPU time of one render (the edge's Server-Timing, sequential cold requests).
  console.log('• server render load');
  const uncached = await site.edge(4613, { ssrCache: false });
  results.render = {};
  for (const page of [PAGES[0], PAGES[1], PAGES[3]]) {
    const figures = { renderMs: [], cpuMs: [] };
    for (let i = 0; i < Math.max(5, rounds); i += 1) {
      const answer = await fetch(`${uncached}${page.path}`);
      await answer.text();
      const timing = answer.headers.get('server-timing') ?? '';
      const render = /render;dur=([\d.]+)/.exec(timing);
      const cpu = /cpu;dur=([\d.]+)/.exec(timing);
      if (render) figures.renderMs.push(Number(render[1]));
      if (cpu) figures.cpuMs.push(Number(cpu[1]));
    }
    results.render[page.name] = { renderMs: median(figures.renderMs), cpuMs: median(figures.cpuMs), load: {} };
    // As a browser asks: the edge compresses every document for it (brotli), which is part of the cost.
    const browserHeaders = { 'accept-encoding': 'gzip, deflate, br' };
    for (const connections of [20, 50]) {
      results.render[page.name].load[`warm ${connections}`] = await loadTest(`${site.url}${page.path}`, {
        connections,
        duration: loadSeconds,
        headers: browserHeaders,
      });
      results.render[page.name].load[`cold ${connections}`] = await loadTest(`${uncached}${page.path}`, {
        connections,
        duration: loadSeconds,
        headers: browserHeaders,
      });
    }
  }
} finally {
  await site.stop();
}
// 7. A broken canary: time to stable content, per failure kind, over the repeats (the e2e
// fault suite on real rebuilt canaries, its own site on the e2e ports).
console.log(`• canary faults (${faultRepeats} visits per kind)`);
results.canaryFaults = await measureCanaryFaults({ workspace, repeats: faultRepeats, env: { CHROME_PATH: chromePath } });
results.seconds = Math.round((Date.now() - started) / 1000);

const round = (v) => (v === null || v === undefined ? null : Math.round(v));
const show = (v, digits = 0) => (v === null || v === undefined ? 'n/a' : digits ? v.toFixed(digits) : String(Math.round(v)));

// 8. Budgets.
const budgets = JSON.parse(await readFile(join(workspace, 'bench/budgets.json'), 'utf8'));
const broken = [];
const check = (what, value, limit, atMost = true) => {
  if (value === null || value === undefined) return;
  if (atMost ? value > limit : value < limit) broken.push(`${what}: ${value} (budget ${atMost ? '≤' : '≥'} ${limit})`);
};
for (const [name, p] of Object.entries(results.pages)) {
  check(`${name} Lighthouse`, p.lighthouse.score, budgets.lighthouse.scoreByPage?.[name] ?? budgets.lighthouse.score, false);
  if (p.lighthouse.score === null) broken.push(`${name} Lighthouse: no score (${p.lighthouse.errors.join('; ') || 'unknown error'})`);
  check(`${name} LCP ms`, round(p.lighthouse.lcp), budgets.lighthouse.lcpMs);
  check(`${name} TBT ms`, round(p.lighthouse.tbt), budgets.lighthouse.tbtMs);
  check(`${name} CLS`, p.lighthouse.cls === null ? null : Number(p.lighthouse.cls.toFixed(3)), budgets.lighthouse.cls);
  check(`${name} first-load JS KiB`, Math.round(p.jsBytes / 1024), budgets.browser.firstLoadJsKiB);
  check(`${name} JS requests`, p.jsRequests, budgets.browser.jsRequests);
  check(`${name} off-route remote bytes`, p.offRouteBytes, budgets.browser.offRouteRemoteBytes);
  check(`${name} React copies`, p.reactCopies, budgets.browser.reactCopies);
}
for (const [name, r] of Object.entries(results.routeChanges)) {
  check(`route change to ${name} ms`, round(r.median), budgets.browser.routeChangeMs);
  check(
    `route change to ${name} ms, after 1 s in view`,
    round(r.inView),
    name === 'product' ? budgets.browser.productRouteChangeMs : budgets.browser.routeChangeMs,
  );
  check(`route change to ${name} ms, preloaded`, round(r.preloaded), budgets.browser.routeChangeMs);
}
for (const [name, r] of Object.entries(results.firstViews)) check(`${name} first view ms`, round(r.median), budgets.browser.firstViewMs);
for (const [name, r] of Object.entries(results.interactions)) check(`${name} interaction ms`, round(r.median), budgets.browser.interactionMs);
for (const [name, r] of Object.entries(results.phone)) check(`${name} first working tap on the phone ms`, r.firstTapMs, budgets.browser.firstTapMs);
for (const [page, bytes] of Object.entries(results.tryOn.offRouteModelBytes))
  check(`${page}: face model bytes without the live try-on`, bytes, budgets.browser.faceModelOffRouteBytes);
for (const [name, a] of Object.entries(results.api)) {
  check(`API ${name} p99 ms`, a.p99, budgets.api.p99Ms);
  check(`API ${name} errors`, a.errors, budgets.api.errors);
}
for (const [app, s] of Object.entries(results.sizes)) check(`${app} size bytes`, s.bytes, budgets.sizes[app]);
if (!results.canaryFaults.suitePassed) broken.push(`canary fault suite: not every visit passed\n\n\`\`\`\n${results.canaryFaults.output}\n\`\`\``);
for (const [kind, f] of Object.entries(results.canaryFaults.kinds)) {
  check(`canary ${kind}: visits that got stable content`, f.passed, f.of, false);
  check(`canary ${kind}: stable content p95 ms`, round(f.p95), budgets.browser.canaryFallbackP95Ms);
}
results.broken = broken;

// 9. Report.
const kib = (b) => (b / 1024).toFixed(1);
const lines = [
  `# Bench ${results.date.slice(0, 10)}`,
  '',
  `${results.machine}; Lighthouse mobile profile, ${runs} run(s) per page, medians; loads under 4x CPU throttling (CDP); ${results.seconds} s in all.`,
  '',
  "Cart and checkout are measured with two items in the cart, account orders as a signed-in customer with three orders (Lighthouse too: the shopper's cookies are set in its Chrome); the other pages as a first visit.",
  '',
  "| page | LH score | LCP ms | TBT ms | CLS | FCP ms | SI ms | JS KiB (gzip) | JS by app KiB | JS req | all req | React | off-route bytes | next page's code in view, at idle (bytes) |",
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...Object.entries(results.pages).map(
    ([name, p]) =>
      `| ${name} | ${show(p.lighthouse.score)} | ${show(p.lighthouse.lcp)} | ${show(p.lighthouse.tbt)} | ${show(p.lighthouse.cls, 3)} | ${show(p.lighthouse.fcp)} | ${show(p.lighthouse.si)} | ${kib(p.jsBytes)} | ${Object.entries(
        p.jsByApp,
      )
        .map(([a, b]) => `${a} ${kib(b)}`)
        .join(', ')} | ${p.jsRequests} | ${p.requests} | ${p.reactCopies} | ${p.offRouteBytes} | ${p.inViewIntentBytes ?? 0} |`,
  ),
  '',
  'Side by side, the same run: server-rendered (the default) and rendered in the browser only (`EDGE_SSR=0`).',
  '',
  '| page | LH server / client | LCP ms server / client | TBT ms server / client | CLS server / client | JS KiB server / client | JS req server / client |',
  '|---|---|---|---|---|---|---|',
  ...Object.entries(results.pages)
    .filter(([, p]) => p.clientRendered)
    .map(([name, p]) => {
      const c = p.clientRendered;
      return `| ${name} | ${show(p.lighthouse.score)} / ${show(c.lighthouse.score)} | ${show(p.lighthouse.lcp)} / ${show(c.lighthouse.lcp)} | ${show(p.lighthouse.tbt)} / ${show(c.lighthouse.tbt)} | ${show(p.lighthouse.cls, 3)} / ${show(c.lighthouse.cls, 3)} | ${kib(p.jsBytes)} / ${kib(c.jsBytes)} | ${p.jsRequests} / ${c.jsRequests} |`;
    }),
  '',
  `| server render (document, ${loadSeconds} s per figure) | one render ms | CPU ms | warm 20: req/s, p50, p99 | warm 50 | cold 20 | cold 50 |`,
  '|---|---|---|---|---|---|---|',
  ...Object.entries(results.render ?? {}).map(([name, r]) => {
    const cell = (a) => (a ? `${a.requestsPerSecond}, ${a.p50}, ${a.p99}${a.errors ? ` (${a.errors} errors)` : ''}` : 'n/a');
    return `| ${name} | ${show(r.renderMs, 1)} | ${show(r.cpuMs, 1)} | ${cell(r.load['warm 20'])} | ${cell(r.load['warm 50'])} | ${cell(r.load['cold 20'])} | ${cell(r.load['cold 50'])} |`;
  }),
  '',
  `| route change (median of ${rounds}) | ms, cold (moved on the moment the content showed) | ms, after 1 s on the page (cards in view) | ms, link pointed at 1 s before |`,
  '|---|---|---|',
  ...Object.entries(results.routeChanges).map(([name, r]) => `| -> ${name} | ${show(r.median)} | ${show(r.inView)} | ${show(r.preloaded)} |`),
  '',
  `| first view (cold, 4x CPU throttling, median of ${Math.max(runs, 3)}) | ms | deadline |`,
  '|---|---|---|',
  ...Object.entries(results.firstViews).map(([name, r]) => `| ${name} | ${show(r.median)} | ${budgets.browser.firstViewMs} |`),
  '',
  `| interaction (INP proxy, median of ${Math.min(rounds, 5)}, 4x CPU throttling) | ms |`,
  '|---|---|',
  ...Object.entries(results.interactions).map(([name, r]) => `| ${name} | ${show(r.median)} |`),
  '',
  `| phone (${PHONE.latencyMs} ms RTT, ${PHONE.downloadBitsPerSecond / 1e6} Mbps, ${PHONE.cpuSlowdown}x CPU, ${PHONE.viewport.width} px; median of ${Math.max(runs, 5)}) | first working tap on the cart, ms | the tap did | first tap the page's scripts answer (the menu), ms | LCP ms |`,
  '|---|---|---|---|---|',
  ...Object.entries(results.phone).map(
    ([name, r]) =>
      `| ${name} | ${show(r.firstTapMs)} (≤ ${budgets.browser.firstTapMs}) | ${r.tapDid.join(', ') || 'nothing'} | ${show(r.menuTapMs)} | ${show(r.lcpMs)} |`,
  ),
  ...tryOnTable(results.tryOn, PHONE),
  '',
  `| API call (50 connections, ${loadSeconds} s) | req/s | p50 ms | p99 ms | errors |`,
  '|---|---|---|---|---|',
  ...Object.entries(results.api).map(([name, a]) => `| ${name} | ${a.requestsPerSecond} | ${a.p50} | ${a.p99} | ${a.errors} |`),
  '',

  `| canary fault (real rebuilt canary at 100 %) | visits with stable content | median ms to stable content | p95 ms (budget ${budgets.browser.canaryFallbackP95Ms}) |`,
  '|---|---|---|---|',
  ...Object.entries(results.canaryFaults.kinds).map(([kind, f]) => `| ${kind} | ${f.passed}/${f.of} | ${show(f.median)} | ${show(f.p95)} |`),
  '',
  '| build | seconds |',
  '|---|---|',
  ...Object.entries(results.builds).map(
    ([name, s]) => `| ${name === 'all' ? 'all apps, cold' : name === 'cacheHit' ? 'all apps, cache hit' : `${name} alone, cold`} | ${s.toFixed(1)} |`,
  ),
  '',
  '| app | first-sent JS gzip bytes | budget |',
  '|---|---|---|',
  ...Object.entries(results.sizes).map(([app, s]) => `| ${app} | ${s.bytes} | ${budgets.sizes[app]} |`),
  '',
  broken.length ? `**${broken.length} budget(s) broken:**\n\n${broken.map((b) => `- ${b}`).join('\n')}` : 'All budgets met.',
  '',
];
const markdown = lines.join('\n');
await mkdir(join(workspace, 'bench/results'), { recursive: true });
// One file per run: date, time (UTC) and whether it was a quick run.
const stamp = `${results.date.slice(0, 10)}-${results.date.slice(11, 16).replace(':', '')}${opts.quick ? '-quick' : '-full'}`;
await writeFile(join(workspace, `bench/results/${stamp}.md`), markdown);
await writeFile(join(workspace, `bench/results/${stamp}.json`), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${markdown}`);
process.exit(broken.length ? 1 : 0);
