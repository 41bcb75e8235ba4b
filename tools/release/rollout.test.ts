import { type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { edgeBuild } from './edge-build';

const { createEdgeServer } = edgeBuild;
import { canary, guard, promote, status } from './commands.mjs';
import { readJson } from './deploy.mjs';
import { analysisFor } from './health.mjs';
import { readSignal } from './signal.mjs';

/**
 * The staged flow end to end on this machine, with the real edge (in process) and synthetic
 * shoppers: each asks the edge for remotes.json (getting a signed session and its buckets),
 * loads the build its bucket says, and reports by beacon as the shell does. The guard reads
 * what the edge wrote.
 */
const REMOTES = ['catalog', 'product', 'cart-checkout', 'account', 'appointments'];
let root: string;
let edge: Server & { flushSignal: () => Promise<void> };
let url: string;

async function makeRoot() {
  root = await mkdtemp(join(tmpdir(), 'rollout-'));
  const remotes: Record<string, unknown> = {};
  for (const remote of REMOTES) {
    for (const version of ['1.0.0', '2.0.0']) {
      await mkdir(join(root, 'remotes', remote, version), { recursive: true });
      await writeFile(join(root, 'remotes', remote, version, 'mf-manifest.json'), '{}');
      await writeFile(
        join(root, 'remotes', remote, version, 'build.json'),
        JSON.stringify({ name: remote, buildId: `b-${version}`, commit: { sha: 'a'.repeat(40), dirty: false } }),
      );
    }
    remotes[remote] = { stable: { version: '1.0.0', entry: `/remotes/${remote}/1.0.0/mf-manifest.json` } };
  }
  await mkdir(join(root, 'shell', 's1'), { recursive: true });
  await writeFile(join(root, 'shell', 's1', 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  await writeFile(join(root, 'shell.json'), JSON.stringify({ version: 's1' }));
  await writeFile(join(root, 'remotes.json'), JSON.stringify({ schemaVersion: 1, remotes }));
}

// Every synthetic shopper here comes from 127.0.0.1, one client network: the analysis sets none
// aside and weighs it without a cap (docs/adr/057). evidence.test.ts runs shoppers and strangers
// from many addresses with the defaults.
beforeAll(() => {
  process.env.RELEASE_DISTRUST = '0';
  process.env.RELEASE_PER_NETWORK = '1000000';
});
afterAll(() => {
  delete process.env.RELEASE_DISTRUST;
  delete process.env.RELEASE_PER_NETWORK;
});

beforeEach(async () => {
  await makeRoot();
  // Every simulated shopper comes from 127.0.0.1: no per-address limit on new sessions here.
  edge = createEdgeServer({ root, apiUrl: 'http://127.0.0.1:9', instance: 'test-edge', mintsPerAddressMinute: 1_000_000 }) as typeof edge;
  await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(edge.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise((resolve) => edge.close(resolve));
  await rm(root, { recursive: true, force: true });
});

/** A page view's beacon: its session's cookie, the receipt its remotes.json carried, its events. */
const beacon = (cookie: string | null, events: unknown[], view?: string) =>
  fetch(`${url}/_edge/beacon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ view, events }),
  });

/** `count` shoppers visit; a canary session fails with probability `canaryFails` (deterministically spread). */
async function shoppers(count: number, { canaryFails = 0, stableFails = 0 } = {}) {
  const seen = { canary: 0, stable: 0 };
  for (let i = 0; i < count; i += 1) {
    const answer = await fetch(`${url}/remotes.json`);
    const cookie = answer.headers.get('set-cookie')!.split(';')[0]!;
    const manifest = await answer.json();
    const channels = manifest.remotes.catalog;
    const onCanary = channels.canary && manifest.cohorts.catalog < channels.canary.percent;
    const version = onCanary ? channels.canary.version : channels.stable.version;
    const side = onCanary ? 'canary' : 'stable';
    seen[side] += 1;
    const rate = onCanary ? canaryFails : stableFails;
    const fails = Math.floor(seen[side] * rate) > Math.floor((seen[side] - 1) * rate);
    // A failing canary falls back to stable, as the shell does: the failure is the canary's, the load stable's.
    const events =
      fails && onCanary
        ? [
            { kind: 'load', app: 'catalog', version },
            { kind: 'loaded', app: 'catalog', version: channels.stable.version },
          ]
        : [{ kind: fails ? 'render' : 'loaded', app: 'catalog', version }];
    expect((await beacon(cookie, events, manifest.view)).status).toBe(204);
  }
  await edge.flushSignal();
  return seen;
}

it('counts nothing for forged beacons: no session, a tampered one, or a canary the session was not given', async () => {
  await canary({ root, remote: 'catalog', version: '2.0.0', percent: 1 });
  const vote = [{ kind: 'load', app: 'catalog', version: '2.0.0' }];
  expect((await beacon(null, vote)).status).toBe(204);
  const real = (await fetch(`${url}/remotes.json`)).headers.get('set-cookie')!.split(';')[0]!;
  const tampered = real.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
  expect((await beacon(tampered, vote)).status).toBe(204);
  // A session outside the 1 % canary voting for it (find one: 99 in 100 are).
  let outside = real;
  let outsideView: string | undefined;
  for (let i = 0; i < 20; i += 1) {
    const answer = await fetch(`${url}/remotes.json`);
    const served = await answer.json();
    if (served.cohorts.catalog >= 1) {
      outside = answer.headers.get('set-cookie')!.split(';')[0]!;
      outsideView = served.view;
      break;
    }
  }
  expect((await beacon(outside, vote, outsideView)).status).toBe(204);
  // A real session's beacon without its page view's receipt (docs/adr/057).
  expect((await beacon(real, vote)).status).toBe(204);
  await edge.flushSignal();
  const signal = await readSignal(root, { since: Date.now() - 600_000 });
  expect(signal.apps.catalog?.['2.0.0']?.sessions ?? 0).toBe(0);
  expect(signal.rejected).toMatchObject({ noSession: 2, notAssigned: 1, noView: 1 });
});

it('limits beacons per session, not per address, and never lets one page view vote twice', async () => {
  const first = await fetch(`${url}/remotes.json`);
  const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
  const { view } = await first.json();
  const statuses: number[] = [];
  for (let i = 0; i < 65; i += 1) statuses.push((await beacon(cookie, [{ kind: 'load', app: 'catalog', version: '1.0.0' }], view)).status);
  expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  // Another session from the same address still counts.
  const second = await fetch(`${url}/remotes.json`);
  const other = second.headers.get('set-cookie')!.split(';')[0]!;
  expect((await beacon(other, [{ kind: 'loaded', app: 'catalog', version: '1.0.0' }], (await second.json()).view)).status).toBe(204);
  await edge.flushSignal();
  const counts = (await readSignal(root, { since: Date.now() - 600_000 })).apps.catalog!['1.0.0']!;
  expect(counts).toMatchObject({ sessions: 2, failed: 1, ok: 1, load: 1 });
});

it('advances a healthy staged rollout step by step and promotes it at 100 %', async () => {
  let clock = Date.now();
  const now = () => clock;
  await canary({ root, remote: 'catalog', version: '2.0.0', steps: '50,100', interval: '1m', now });
  expect((await readJson(join(root, 'remotes.json'))).remotes.catalog.canary).toMatchObject({ percent: 50, rollout: { steps: [50, 100], step: 0 } });
  const options = { root, minSessions: '30', now };
  await shoppers(100);
  // Passing, but the step has not been held for its interval yet.
  let tick = await guard(options);
  expect(tick.held[0]).toMatchObject({ remote: 'catalog', why: expect.stringMatching(/held/) });
  clock += 61_000;
  tick = await guard(options);
  expect(tick.advanced).toEqual([expect.objectContaining({ remote: 'catalog', from: 50, to: 100 })]);
  // At 100 % everyone has the canary; stable's side is what was counted before.
  clock += 61_000;
  tick = await guard(options);
  expect(tick.promoted).toEqual([expect.objectContaining({ remote: 'catalog', version: '2.0.0', previous: '1.0.0' })]);
  const manifest = await readJson(join(root, 'remotes.json'));
  expect(manifest.remotes.catalog).toEqual({ stable: { version: '2.0.0', entry: '/remotes/catalog/2.0.0/mf-manifest.json' } });
  const log = (await readJson(join(root, 'history.json'))).entries;
  expect(log.map((e: { action: string }) => e.action)).toEqual(['canary', 'advance', 'promote']);
  expect(log[2]).toMatchObject({ by: 'guard', actor: expect.any(String), commit: { sha: 'a'.repeat(40) }, buildId: 'b-2.0.0', verdict: { verdict: 'pass' } });
});

it('aborts a failing staged rollout and refuses to promote it by hand without --force', async () => {
  await canary({ root, remote: 'catalog', version: '2.0.0', steps: '50,100', interval: '1m' });
  await shoppers(160, { canaryFails: 0.4 });
  const health = await analysisFor(root, 'catalog', { minSessions: '30' });
  expect(health.verdict).toBe('fail');
  await expect(promote({ root, remote: 'catalog' })).rejects.toThrow(/analysis is "(fail|pending)", not "pass"/);
  await expect(promote({ root, remote: 'catalog', force: true })).rejects.toThrow(/--reason/);
  const report = await status({ root, minSessions: '30' });
  expect(report.remotes[0]).toMatchObject({ verdict: 'fail', flagged: true });
  expect(report.remotes[0].canary.rate).toBeLessThanOrEqual(1);
  const tick = await guard({ root, minSessions: '30' });
  expect(tick.rolledBack).toEqual([
    expect.objectContaining({ remote: 'catalog', version: '2.0.0', reason: expect.stringMatching(/^guard: page views: canary \d+\/\d+ sessions failed/) }),
  ]);
  expect((await readJson(join(root, 'remotes.json'))).remotes.catalog.canary).toBeUndefined();
});

it("judges a canary started again afresh: an earlier canary's looks of the same version do not carry over", async () => {
  await canary({ root, remote: 'catalog', version: '2.0.0', percent: 50 });
  const { salt } = (await readJson(join(root, 'remotes.json'))).remotes.catalog.canary;
  // Looks an earlier canary of 2.0.0 (another salt, and the key without one) ended with: a fail
  // at 150 canary sessions, whose next look would be due only at 188.
  const stale = { looks: 1, lastLookSessions: 150, result: { verdict: 'fail', reason: 'an earlier canary failed' }, at: new Date().toISOString() };
  await mkdir(join(root, '.release'), { recursive: true });
  await writeFile(join(root, '.release', 'analysis.json'), JSON.stringify({ 'catalog@2.0.0': stale, 'catalog@2.0.0#0000000000000000': stale }));
  await shoppers(120);
  const health = await analysisFor(root, 'catalog', { minSessions: '30' });
  expect(salt).not.toBe('0000000000000000');
  expect(health.verdict).toBe('pass');
  expect(health.reason).not.toMatch(/earlier canary/);
});

it('promote judges with the options it is given, as the guard does, and marks forced only what did not pass', async () => {
  await canary({ root, remote: 'catalog', version: '2.0.0', percent: 50 });
  await shoppers(120);
  // 60-odd sessions a side: pending under the default minimum of 100, a pass with 30.
  await expect(promote({ root, remote: 'catalog' })).rejects.toThrow(/"pending"/);
  const done = await promote({ root, remote: 'catalog', force: true, reason: 'belt and braces', judge: { minSessions: '30' } });
  expect(done).toMatchObject({ forced: false, verdict: 'pass' });
  const entry = (await readJson(join(root, 'history.json'))).entries.at(-1);
  expect(entry).toMatchObject({ action: 'promote', reason: 'belt and braces', verdict: { verdict: 'pass' } });
  expect(entry.forced).toBeUndefined();
});

it('promotes by hand with --force and a reason, which the log keeps', async () => {
  await canary({ root, remote: 'catalog', version: '2.0.0', percent: 5 });
  const done = await promote({ root, remote: 'catalog', force: true, reason: 'hotfix for a checkout outage' });
  expect(done).toMatchObject({ forced: true, verdict: 'pending' });
  expect((await readJson(join(root, 'history.json'))).entries.at(-1)).toMatchObject({
    action: 'promote',
    forced: true,
    reason: 'hotfix for a checkout outage',
  });
});

/** `count` shoppers open the site; a session on the canary shell has a page error with probability `canaryFails`. */
async function shellShoppers(count: number, { canaryFails = 0 } = {}) {
  const seen: Record<string, number> = {};
  let failed = 0;
  for (let i = 0; i < count; i += 1) {
    // A shopper's session comes with remotes.json (or the API call that starts the API's session), never with a page (docs/adr/048).
    const cookie = (await fetch(`${url}/remotes.json`)).headers.get('set-cookie')!.split(';')[0]!;
    const page = await fetch(`${url}/`, { headers: { cookie } });
    // The page's own remotes.json: a view of a session that came with its document (a first
    // view ran the stable shell whatever the bucket, and does not vote on the shell).
    const { view } = await (await fetch(`${url}/remotes.json`, { headers: { cookie } })).json();
    const [, version, channel] = /<meta name="eyewear-shell" content="([^"]+)" data-channel="([^"]+)">/.exec(await page.text())!;
    seen[version!] = (seen[version!] ?? 0) + 1;
    const events: unknown[] = [{ kind: 'loaded', app: 'shell', version }];
    if (channel === 'canary' && Math.floor(seen[version!]! * canaryFails) > Math.floor((seen[version!]! - 1) * canaryFails)) {
      events.push({ kind: 'pageerror', app: 'shell', version });
      failed += 1;
    }
    expect((await beacon(cookie, events, view)).status).toBe(204);
  }
  await edge.flushSignal();
  return { seen, failed };
}

async function deployShell(version: string) {
  await mkdir(join(root, 'shell', version), { recursive: true });
  await writeFile(join(root, 'shell', version, 'index.html'), `<!doctype html><html><head></head><body>${version}</body></html>`);
}

it('serves a shell canary to its share of sessions, advances a healthy staged shell rollout and promotes it', async () => {
  await deployShell('s2');
  let clock = Date.now();
  const now = () => clock;
  await canary({ root, remote: 'shell', version: 's2', steps: '50,100', interval: '1m', now });
  const { seen } = await shellShoppers(100);
  // The edge draws the session's shell with the canary's salt: about half get s2.
  expect(seen.s2).toBeGreaterThan(25);
  expect(seen.s1).toBeGreaterThan(25);
  const options = { root, minSessions: '30', now };
  let tick = await guard(options);
  expect(tick.shell).toMatchObject({ version: 's1', canary: { version: 's2', percent: 50 }, verdict: 'pass' });
  expect(tick.held).toEqual([expect.objectContaining({ remote: 'shell', version: 's2', why: expect.stringMatching(/held/) })]);
  clock += 61_000;
  tick = await guard(options);
  expect(tick.advanced).toEqual([expect.objectContaining({ remote: 'shell', from: 50, to: 100 })]);
  expect((await readJson(join(root, 'shell.json'))).canary).toMatchObject({ version: 's2', percent: 100 });
  clock += 61_000;
  tick = await guard(options);
  expect(tick.promoted).toEqual([expect.objectContaining({ remote: 'shell', version: 's2', previous: 's1' })]);
  expect(await readJson(join(root, 'shell.json'))).toEqual({ version: 's2' });
  // Every session now gets s2.
  expect((await shellShoppers(5)).seen).toEqual({ s2: 5 });
  const log = (await readJson(join(root, 'history.json'))).entries;
  expect(log.map((e: { action: string; app: string }) => `${e.action} ${e.app}`)).toEqual(['canary shell', 'advance shell', 'promote shell']);
});

it('judges a shell canary by its sessions with a page error: status flags it, promote refuses, the guard rolls it back', async () => {
  await deployShell('s2');
  await canary({ root, remote: 'shell', version: 's2', percent: 50 });
  const { failed } = await shellShoppers(160, { canaryFails: 0.4 });
  expect(failed).toBeGreaterThan(20);
  const report = await status({ root, minSessions: '30' });
  expect(report.shell).toMatchObject({ canary: { version: 's2' }, verdict: 'fail', flagged: true });
  expect(report.flagged).toEqual(['shell']);
  await expect(promote({ root, remote: 'shell' })).rejects.toThrow(/shell: the canary's analysis is "(fail|pending)", not "pass"/);
  const tick = await guard({ root, minSessions: '30' });
  expect(tick.rolledBack).toEqual([expect.objectContaining({ remote: 'shell', version: 's2', stable: 's1' })]);
  expect(await readJson(join(root, 'shell.json'))).toEqual({ version: 's1' });
  expect((await shellShoppers(5)).seen).toEqual({ s1: 5 });
});

it('serves what the edge decides: a salt per canary, the rollout state never shown to shoppers', async () => {
  await canary({ root, remote: 'catalog', version: '2.0.0', steps: '10,100', interval: '10m' });
  await canary({ root, remote: 'product', version: '2.0.0', percent: 10 });
  const stored = await readJson(join(root, 'remotes.json'));
  expect(stored.remotes.catalog.canary.salt).not.toBe(stored.remotes.product.canary.salt);
  const served = await (await fetch(`${url}/remotes.json`)).json();
  // Neither the rollout state nor a canary's salt, whichever builds the session was given (docs/adr/048).
  expect(JSON.stringify(served)).not.toContain('rollout');
  expect(JSON.stringify(served)).not.toContain(stored.remotes.catalog.canary.salt);
  expect(Object.keys(served.cohorts).sort()).toEqual([...REMOTES].sort());
  // Raising the same canary keeps its salt (the shoppers who had it keep it).
  await canary({ root, remote: 'product', version: '2.0.0', percent: 50 });
  expect((await readJson(join(root, 'remotes.json'))).remotes.product.canary.salt).toBe(stored.remotes.product.canary.salt);
  // The signal is not served.
  expect((await fetch(`${url}/.signal/x.json`)).headers.get('content-type')).toMatch(/html/);
});
