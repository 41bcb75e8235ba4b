// The release CLI in an incident (issue 41): it runs without a build, rollback and repair
// work on broken files, the lock is taken over only from a dead holder, gc's deletions are in
// the audit log, the guard's exit codes and alerts say what it did, and a promoted stable
// that fails its bake is rolled back. Real files, real child processes, a real HTTP server;
// time is injected (`now`), never waited for.
/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI's results are untyped JSON */
import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { alertBody, sendAlerts } from './alerts.mjs';
import { judgeBake, runningBakes } from './bake.mjs';
import { canary, deploy, gc, promote, rollback } from './commands.mjs';
import { GUARD_EXIT, alertsOf, exitCodeOf, guardTick, watchGuardTicks } from './guard-run.mjs';
import { LOCK_EXPIRY_MS, lockIsStale } from './manifest-store.mjs';
import { repair } from './repair.mjs';

const run = promisify(execFile);
const APPS = ['shell', 'catalog', 'product', 'cart-checkout', 'account', 'appointments'];

let workspace: string;
let root: string;

async function fakeBuild(app: string, content: string) {
  const dir = join(workspace, 'dist/apps', app);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'build.json'), JSON.stringify({ name: app, container: app.replace('-', '_'), version: '0.1.0', mode: 'production' }));
  await writeFile(join(dir, 'mf-manifest.json'), JSON.stringify({ name: app, content }));
  await writeFile(join(dir, 'index.html'), `<html>${content}</html>`);
}

async function ship(app: string, content: string) {
  await fakeBuild(app, content);
  return (await deploy({ root, workspace, app })).version as string;
}

async function deployAll() {
  const versions: Record<string, string> = {};
  for (const app of APPS) versions[app] = await ship(app, `${app}-v1`);
  return versions;
}

const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8'));
const manifest = () => readJson(join(root, 'remotes.json'));
const history = async () => (await readJson(join(root, 'history.json'))).entries as any[];
const stamp = (at: number) => new Date(at).toISOString().replace(/:/g, '-');

let viewIds = 0;
/**
 * A signal file as the edge writes it (apps/edge/src/release/signal.ts, docs/adr/057): per app and
 * version a 5-minute window's page views of stable builds, each from a client network of its own.
 */
async function signalFile(windowStart: number, apps: Record<string, Record<string, { sessions: number; failed: number }>>, edge = 'edge-1') {
  await mkdir(join(root, '.signal'), { recursive: true });
  const views = (key: string, { sessions, failed }: { sessions: number; failed: number }, failure: string) =>
    Object.fromEntries(
      Array.from({ length: sessions }, (_, i) => [
        `v${String((viewIds += 1)).padStart(11, '0')}`,
        [`n${key.length}x${i}`, i < failed ? failure : 'ok', 'stable'],
      ]),
    );
  const full = Object.fromEntries(
    Object.entries(apps).map(([app, versions]) => [
      app,
      Object.fromEntries(
        Object.entries(versions).map(([v, c]) => [
          v,
          {
            ...c,
            ok: c.sessions - c.failed,
            load: c.failed,
            errorSessions: app === 'shell' ? c.failed : 0,
            views: views(`${windowStart.toString(36)}${edge}${v}`.replace(/[^A-Za-z0-9]/g, ''), c, app === 'shell' ? 'error' : 'load'),
          },
        ]),
      ),
    ]),
  );
  await writeFile(
    join(root, '.signal', `${stamp(windowStart)}--${edge}.json`),
    JSON.stringify({ schemaVersion: 2, windowStart: new Date(windowStart).toISOString(), windowMinutes: 5, apps: full }),
  );
}

beforeEach(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'release-incident-'));
  root = join(workspace, '.deploy');
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

describe('the CLI without a build', () => {
  it('rolls back from a copy of tools/release with no dist/ and no Nx (only the semver package)', async () => {
    const versions = await deployAll();
    const v2 = await ship('catalog', 'catalog-v2');
    await canary({ root, remote: 'catalog', version: v2, percent: 5 });
    const copy = join(workspace, 'copy');
    await mkdir(join(copy, 'tools/release'), { recursive: true });
    for (const name of await readdir(__dirname)) if (name.endsWith('.mjs')) await copyFile(join(__dirname, name), join(copy, 'tools/release', name));
    await mkdir(join(copy, 'node_modules'), { recursive: true });
    await symlink(join(__dirname, '../../node_modules/semver'), join(copy, 'node_modules/semver'));
    const { stdout } = await run(process.execPath, [join(copy, 'tools/release/cli.mjs'), 'rollback', 'catalog', '--root', root], { cwd: copy });
    expect(stdout).toContain(`catalog: canary ${v2} removed; everyone gets stable ${versions.catalog}`);
    expect((await manifest()).remotes.catalog.canary).toBeUndefined();
  });

  it('is the package bin, and npm run release runs it without building', async () => {
    const pkg = await readJson(join(__dirname, '../../package.json'));
    expect(pkg.bin).toEqual({ 'eyewear-release': 'tools/release/cli.mjs' });
    expect(pkg.scripts.release).toBe('node tools/release/cli.mjs');
    expect((await readFile(join(__dirname, 'cli.mjs'), 'utf8')).startsWith('#!/usr/bin/env node\n')).toBe(true);
  });
});

describe('broken files', () => {
  it('rollback of a canary works with an unparsable remotes.json (from its last good copy), and says so', async () => {
    const versions = await deployAll();
    const v2 = await ship('catalog', 'catalog-v2');
    await canary({ root, remote: 'catalog', version: v2, percent: 5 });
    await writeFile(join(root, 'remotes.json'), '{ "schemaVersion": 1, "remo');
    const done = await rollback({ root, remote: 'catalog' });
    expect(done).toMatchObject({ channel: 'canary', from: v2, to: versions.catalog });
    expect(done.repaired.changes).toEqual([
      expect.objectContaining({ file: 'remotes.json', problem: expect.stringMatching(/not valid JSON/), action: 'restored from remotes.json.last-good' }),
    ]);
    expect((await manifest()).remotes.catalog).toEqual({
      stable: { version: versions.catalog, entry: `/remotes/catalog/${versions.catalog}/mf-manifest.json` },
    });
    expect((await readdir(root)).filter((name) => name.startsWith('remotes.json.broken-'))).toHaveLength(1);
    expect((await history()).slice(-2).map((e) => e.action)).toEqual(['repair', 'rollback']);
  });

  it('rollback of a canary works without any good copy: the manifest is rebuilt from the history, the canary dropped', async () => {
    const versions = await deployAll();
    const v2 = await ship('product', 'product-v2');
    await canary({ root, remote: 'product', version: v2, percent: 50 });
    await rm(join(root, 'remotes.json.last-good'));
    const broken = await manifest();
    broken.remotes.product.canary.percent = 500;
    await writeFile(join(root, 'remotes.json'), JSON.stringify(broken));
    const done = await rollback({ root, remote: 'product' });
    expect(done).toMatchObject({ channel: 'canary', from: v2, to: versions.product, repaired: { droppedCanaries: { product: v2 } } });
    for (const remote of APPS.filter((a) => a !== 'shell')) expect((await manifest()).remotes[remote].stable.version).toBe(versions[remote]);
    expect((await history()).at(-1)).toMatchObject({ action: 'repair', files: ['remotes.json'], droppedCanaries: { product: v2 } });
  });

  it('rollback works with a broken history.json (restored from its last good copy, the broken one kept)', async () => {
    const versions = await deployAll();
    const v2 = await ship('account', 'account-v2');
    await canary({ root, remote: 'account', version: v2, percent: 10 });
    const before = (await history()).length;
    await writeFile(join(root, 'history.json'), '{"entries": 12}');
    expect(await rollback({ root, remote: 'account' })).toMatchObject({ channel: 'canary', from: v2, to: versions.account });
    const entries = await history();
    expect(entries).toHaveLength(before + 2);
    expect(entries.at(-2)).toMatchObject({ action: 'repair', files: ['history.json'] });
    expect(entries.at(-1)).toMatchObject({ action: 'rollback', app: 'account', from: v2 });
  });

  it('repair rebuilds a broken shell.json and history.json from the folders when nothing else is left, and does nothing on a sound root', async () => {
    const versions = await deployAll();
    expect((await repair({ root })).changes).toEqual([]);
    for (const name of ['shell.json', 'shell.json.last-good', 'history.json.last-good']) await rm(join(root, name));
    await writeFile(join(root, 'shell.json'), '{"version": 42}');
    await writeFile(join(root, 'history.json'), 'not json');
    const done = await repair({ root });
    expect(done.changes.map((c: any) => [c.file, c.action])).toEqual([
      ['history.json', 'started afresh (no valid last-good copy)'],
      ['shell.json', `rebuilt: shell ${versions.shell} (the most recently deployed folder)`],
    ]);
    expect(await readJson(join(root, 'shell.json'))).toEqual({ version: versions.shell });
    expect(await history()).toEqual([expect.objectContaining({ action: 'repair', files: ['history.json', 'shell.json'] })]);
  });

  it('the CLI repairs and prints what it changed', async () => {
    await deployAll();
    await writeFile(join(root, 'remotes.json'), '[]');
    const { stdout } = await run(process.execPath, [join(__dirname, 'cli.mjs'), 'repair', '--root', root]);
    expect(stdout).toMatch(
      /Repaired .*:\n {2}remotes\.json: remotes\.json in .* is invalid: remotes\.json must be an object\n {4}restored from remotes\.json\.last-good; the broken file is kept as .*remotes\.json\.broken-/,
    );
  });
});

describe('the lock', () => {
  /** A real release process holding the lock until it is killed; resolves once it holds it. */
  function holder() {
    const store = join(__dirname, 'manifest-store.mjs');
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { withLock } from ${JSON.stringify(store)}; await withLock(${JSON.stringify(root)}, () => { console.log('held'); return new Promise(() => setInterval(() => {}, 1e6)); });`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const held = new Promise<void>((resolve) => child.stdout.on('data', (chunk) => String(chunk).includes('held') && resolve()));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    return { child, held, exited };
  }

  it('is never taken from a live holder, however old; is taken over once its holder is dead', async () => {
    await deployAll();
    const v2 = await ship('catalog', 'catalog-v2');
    const { child, held, exited } = holder();
    try {
      await held;
      const lock = join(root, '.release.lock');
      // An hour old: a long-running command, still alive.
      const old = new Date(Date.now() - 3_600_000);
      await utimes(lock, old, old);
      await expect(canary({ root, remote: 'catalog', version: v2, percent: 5 })).rejects.toThrow(
        new RegExp(`another release command is running .*held by pid ${child.pid} on `),
      );
      child.kill('SIGKILL');
      await exited;
      // Its lock file is still there: the holder died without releasing it.
      expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: child.pid });
      await canary({ root, remote: 'catalog', version: v2, percent: 5 });
      expect((await manifest()).remotes.catalog.canary.version).toBe(v2);
      await expect(readFile(lock)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      child.kill('SIGKILL');
    }
  });

  it("of another host (or naming no holder) is taken over only when untouched far beyond any command's runtime", async () => {
    await mkdir(root, { recursive: true });
    const lock = join(root, '.release.lock');
    await writeFile(lock, JSON.stringify({ pid: 1, host: `not-${hostname()}`, token: 'x', at: new Date().toISOString() }));
    expect(await lockIsStale(lock)).toBe(false);
    expect(await lockIsStale(lock, { now: Date.now() + LOCK_EXPIRY_MS - 60_000 })).toBe(false);
    expect(await lockIsStale(lock, { now: Date.now() + LOCK_EXPIRY_MS + 1000 })).toBe(true);
    await writeFile(lock, 'garbage');
    expect(await lockIsStale(lock)).toBe(false);
    expect(await lockIsStale(lock, { now: Date.now() + LOCK_EXPIRY_MS + 1000 })).toBe(true);
    // A holder on this host whose pid is gone: dead at once, even a second old.
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    await writeFile(lock, JSON.stringify({ pid: gone.pid, host: hostname(), token: 'y', at: new Date().toISOString() }));
    expect(await lockIsStale(lock)).toBe(true);
  });
});

describe('gc', () => {
  it('writes each deleted build in the audit log, with why, before deleting it', async () => {
    await deployAll();
    const old = [await ship('catalog', 'catalog-v2'), await ship('catalog', 'catalog-v3')];
    const result = await gc({ root, keep: 0, grace: '1s', now: () => Date.now() + 3_600_000 });
    expect(result.removed.map((r: any) => r.version).sort()).toEqual([...old].sort());
    const entries = (await history()).filter((e) => e.action === 'gc');
    expect(entries.map((e) => [e.app, e.version]).sort()).toEqual(old.map((v) => ['catalog', v]).sort());
    expect(entries[0]).toMatchObject({
      why: expect.stringMatching(/^not stable, canary or a rollback target/),
      keep: 0,
      grace: '1s',
      actor: expect.any(String),
    });
    // A dry run deletes nothing and logs nothing.
    const before = (await history()).length;
    await gc({ root, keep: 0, dryRun: true });
    expect(await history()).toHaveLength(before);
  });
});

/** A local webhook receiver: answers each POST with the next status of `statuses` (then 200). */
async function receiver(statuses: number[] = []) {
  const bodies: any[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      bodies.push({ contentType: request.headers['content-type'], body: JSON.parse(text) });
      response.statusCode = statuses.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/hook`, bodies, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('alerts', () => {
  it('are Slack-compatible JSON with our own fields', () => {
    const body = alertBody({ event: 'rollback', app: 'catalog', version: '2.0.0', previous: '1.0.0', reason: 'bake failed', at: '2026-01-01T00:00:00.000Z' });
    expect(body).toEqual({
      text: '[release] Rolled back: catalog 2.0.0 (was 1.0.0). bake failed',
      blocks: [expect.objectContaining({ type: 'section', text: expect.objectContaining({ type: 'mrkdwn' }) }), expect.objectContaining({ type: 'context' })],
      event: 'rollback',
      app: 'catalog',
      version: '2.0.0',
      previous: '1.0.0',
      reason: 'bake failed',
      at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('are posted once, retried once after a failure, and a failure twice is reported, never thrown', async () => {
    const hook = await receiver([500, 503, 502]);
    const lines: string[] = [];
    try {
      const alert = { event: 'promote' as const, app: 'product', version: '2', previous: '1', reason: 'rollout complete' };
      const first = await sendAlerts(hook.url, [alert], { report: (line) => lines.push(line) });
      expect(first).toEqual({ sent: [], failed: [{ event: 'promote', app: 'product', error: 'HTTP 503' }] });
      expect(lines).toEqual(['release: the promote alert for product was not delivered to the webhook (HTTP 503, tried twice)']);
      const second = await sendAlerts(hook.url, [alert], { report: (line) => lines.push(line) });
      expect(second.sent).toEqual([{ event: 'promote', app: 'product' }]);
      expect(hook.bodies).toHaveLength(4);
      expect(hook.bodies[3]).toMatchObject({ contentType: 'application/json', body: { event: 'promote', app: 'product', text: expect.any(String) } });
      // Nobody listening: reported, not thrown.
      await hook.close();
      const dead = await sendAlerts(hook.url, [alert], { report: (line) => lines.push(line) });
      expect(dead.failed).toHaveLength(1);
    } finally {
      await hook.close().catch(() => {});
    }
  });
});

describe('the guard', () => {
  it('exits 0 with nothing to do, and 13 (alerting once) while a canary runs without a fresh signal', async () => {
    await deployAll();
    await signalFile(Date.now() - 60_000, {});
    const hook = await receiver();
    try {
      expect((await guardTick({ root, webhook: hook.url })).exitCode).toBe(GUARD_EXIT.ok);
      const v2 = await ship('catalog', 'catalog-v2');
      await canary({ root, remote: 'catalog', version: v2, percent: 50 });
      // The edge stopped writing 20 minutes ago.
      const later = () => Date.now() + 20 * 60_000;
      const held = await guardTick({ root, webhook: hook.url, now: later });
      expect(held).toMatchObject({ exitCode: GUARD_EXIT.stale, stale: { why: expect.stringMatching(/no release signal file .* for the last 10m/) } });
      expect((await guardTick({ root, webhook: hook.url, now: later })).exitCode).toBe(GUARD_EXIT.stale);
      expect(hook.bodies.map((b) => b.body)).toEqual([
        expect.objectContaining({ event: 'stale-signal', reason: expect.stringMatching(new RegExp(`while catalog canary ${v2} runs; the guard holds`)) }),
      ]);
      expect((await manifest()).remotes.catalog.canary.version).toBe(v2);
      // Fresh again: judged (nothing to act on yet), and a later stale episode alerts again.
      expect((await guardTick({ root, webhook: hook.url })).exitCode).toBe(GUARD_EXIT.ok);
      await guardTick({ root, webhook: hook.url, now: later });
      expect(hook.bodies.map((b) => b.body.event)).toEqual(['stale-signal', 'stale-signal']);
    } finally {
      await hook.close();
    }
  });

  it('exits with the most serious thing it did, and alerts each: abort, rollback, promote', () => {
    const none = { rolledBack: [], advanced: [], promoted: [], held: [], skipped: [], stale: null, bake: { rolledBack: [] } };
    expect(exitCodeOf(none)).toBe(0);
    expect(exitCodeOf({ ...none, held: [{}] })).toBe(0);
    expect(exitCodeOf({ ...none, advanced: [{}] })).toBe(10);
    expect(exitCodeOf({ ...none, advanced: [{}], promoted: [{}] })).toBe(11);
    expect(exitCodeOf({ ...none, promoted: [{}], rolledBack: [{}] })).toBe(12);
    expect(exitCodeOf({ ...none, bake: { rolledBack: [{}] } })).toBe(12);
    expect(exitCodeOf({ ...none, stale: { why: 'x' } })).toBe(13);
    const report = {
      ...none,
      remotes: [
        { app: 'catalog', canary: { rollout: { step: 1 } } },
        { app: 'product', canary: { rollout: null } },
      ],
      rolledBack: [
        { remote: 'catalog', version: 'c2', stable: 'c1', reason: 'guard: worse' },
        { remote: 'product', version: 'p2', stable: 'p1', reason: 'guard: worse' },
      ],
      promoted: [{ remote: 'account', version: 'a2', previous: 'a1' }],
    };
    const alerts = alertsOf(report, { root: '/r', newlyStale: false, at: 0 });
    expect(alerts.map((a: any) => [a.event, a.app, a.version, a.previous])).toEqual([
      ['abort', 'catalog', 'c2', 'c1'],
      ['rollback', 'product', 'p2', 'p1'],
      ['promote', 'account', 'a2', 'a1'],
    ]);
  });

  it('--watch prints each tick until stopped', async () => {
    await deployAll();
    await signalFile(Date.now() - 60_000, {});
    const stop = new AbortController();
    const printed: any[] = [];
    const result = await watchGuardTicks(
      { root },
      {
        every: 60_000,
        signal: stop.signal,
        print: (tick: any, error: any) => {
          printed.push(error ?? tick.exitCode);
          stop.abort();
        },
      },
    );
    expect(result).toEqual({ stopped: true, ticks: 1 });
    expect(printed).toEqual([0]);
  });

  it('the CLI exits with the code of what the guard did, and documents the table', async () => {
    await deployAll();
    const v2 = await ship('catalog', 'catalog-v2');
    await canary({ root, remote: 'catalog', version: v2, percent: 5 });
    const failure = await run(process.execPath, [join(__dirname, 'cli.mjs'), 'guard', '--root', root]).catch((error) => error);
    expect(failure.code).toBe(13);
    expect(failure.stdout).toMatch(/^HELD: no release signal at all in [^\n]+\n {2}catalog canary [^\n]+\nExit 13 \(stale\)\n$/);
    const { stdout } = await run(process.execPath, [join(__dirname, 'cli.mjs'), '--help']);
    for (const code of ['0 ', '10', '11', '12', '13', '2 ']) expect(stdout).toMatch(new RegExp(`^\\s+${code} `, 'm'));
  });
});

describe('the bake watch', () => {
  /** Promotes `version` of catalog as if `minutesAgo` minutes ago, with the given bake. */
  async function promotedAgo(minutesAgo: number, bake = '15m') {
    const versions = await deployAll();
    const v2 = await ship('catalog', 'catalog-v2');
    await canary({ root, remote: 'catalog', version: v2, percent: 50 });
    const at = Date.now() - minutesAgo * 60_000;
    await promote({ root, remote: 'catalog', force: true, reason: 'test: no traffic', bake, now: () => at });
    return { versions, v2, at };
  }

  it('rolls a failing new stable back to the previous one, alerts, and exits 12', async () => {
    const { versions, v2, at } = await promotedAgo(20);
    // Before the promote the previous stable failed 1 in 200; after it, the new one 50 in 200.
    await signalFile(at - 10 * 60_000, { catalog: { [versions.catalog]: { sessions: 200, failed: 1 } } });
    await signalFile(at + 5 * 60_000, { catalog: { [v2]: { sessions: 200, failed: 50 } } });
    await signalFile(Date.now() - 60_000, {}, 'edge-2');
    const hook = await receiver();
    try {
      const tick = await guardTick({ root, webhook: hook.url, minSessions: '100' });
      expect(tick.exitCode).toBe(GUARD_EXIT.rolledBack);
      expect(tick.bake.rolledBack).toEqual([expect.objectContaining({ app: 'catalog', version: v2, previous: versions.catalog })]);
      expect((await manifest()).remotes.catalog.stable.version).toBe(versions.catalog);
      expect((await history()).at(-1)).toMatchObject({ action: 'rollback', channel: 'stable', from: v2, to: versions.catalog, by: 'guard', bake: 'failed' });
      expect(hook.bodies.map((b) => b.body)).toEqual([expect.objectContaining({ event: 'rollback', app: 'catalog', version: v2, previous: versions.catalog })]);
      // Done: the next tick has nothing to bake.
      expect((await guardTick({ root, minSessions: '100' })).exitCode).toBe(GUARD_EXIT.ok);
    } finally {
      await hook.close();
    }
  });

  it('holds while baking, then records a passed bake', async () => {
    const { versions, v2, at } = await promotedAgo(10);
    await signalFile(at - 8 * 60_000, { catalog: { [versions.catalog]: { sessions: 200, failed: 2 } } });
    await signalFile(at + 60_000, { catalog: { [v2]: { sessions: 200, failed: 2 } } });
    const baking = await guardTick({ root, minSessions: '100' });
    expect(baking.exitCode).toBe(GUARD_EXIT.ok);
    expect(baking.bake.baking).toEqual([expect.objectContaining({ app: 'catalog', version: v2, verdict: 'pass' })]);
    const done = await guardTick({ root, minSessions: '100', now: () => at + 16 * 60_000, stale: '1h' });
    expect(done.bake.passed).toEqual([expect.objectContaining({ app: 'catalog', version: v2 })]);
    expect((await history()).at(-1)).toMatchObject({ action: 'bake', app: 'catalog', version: v2, result: 'passed' });
    expect(runningBakes(await history(), { catalog: v2 })).toEqual([]);
    expect((await manifest()).remotes.catalog.stable.version).toBe(v2);
  });

  it('compares equal windows: the new stable since the promote, the previous stable just before it', async () => {
    await mkdir(root, { recursive: true });
    const since = Date.parse('2026-03-01T12:00:00Z');
    await signalFile(since - 30 * 60_000, { catalog: { old: { sessions: 500, failed: 400 } } }); // outside the baseline window
    await signalFile(since - 10 * 60_000, { catalog: { old: { sessions: 100, failed: 1 } } });
    await signalFile(since + 5 * 60_000, { catalog: { new: { sessions: 100, failed: 30 } } });
    const judged = await judgeBake(
      root,
      { app: 'catalog', version: 'new', previous: 'old', since: new Date(since).toISOString(), until: new Date(since + 15 * 60_000).toISOString() },
      // Every view here from a network of its own, none set aside: the counts as written.
      { now: since + 15 * 60_000, minSessions: 100, distrust: 0 },
    );
    expect(judged).toMatchObject({ verdict: 'fail', stable: { sessions: 100, failed: 30 }, baseline: { sessions: 100, failed: 1 } });
    expect(judged.baselineWindow).toEqual({ from: '2026-03-01T11:45:00.000Z', to: '2026-03-01T12:00:00.000Z' });
  });
});
