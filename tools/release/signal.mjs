// Reading the release signal the edge servers write to `<root>/.signal/` (apps/edge/src/release/signal.ts,
// docs/adr/024, 057): votes per page view about each build, summed over every edge instance and
// every five-minute window that overlaps the period asked for, each page view once however many
// edges heard from it. Nothing here talks to the network.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const FILE = /^(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z)--[A-Za-z0-9._-]+\.json$/;
const COUNTS = ['sessions', 'ok', 'failed', 'load', 'timeout', 'render', 'errorSessions', 'errors'];

export const emptyCounts = () => ({
  sessions: 0,
  ok: 0,
  failed: 0,
  load: 0,
  timeout: 0,
  render: 0,
  errorSessions: 0,
  errors: 0,
  lcp: { n: 0, hist: {} },
  inp: { n: 0, hist: {} },
  edge: { requests: 0, s4xx: 0, s5xx: 0 },
  /** @type {Map<string, { addr: string, outcome: string, run: string }>} page views by id (schema 2) */
  views: new Map(),
  /** @type {Record<string, [number, number]>} the edge's own renders per run: [rendered, failed] */
  renders: {},
  /** @type {Record<string, number>} page views the edge served with the build, per run */
  served: {},
});

/** Which of two reports of one page view stands: a failure, then JS errors, then a load, then nothing heard. */
const RANK = { s: 0, ok: 1, error: 2, load: 3, timeout: 3, render: 3 };
const ADDR = /^[A-Za-z0-9_-]{1,32}$/;

const whole = (value) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

function addInto(total, counts) {
  for (const key of COUNTS) total[key] += whole(counts[key]);
  for (const metric of ['lcp', 'inp']) {
    total[metric].n += whole(counts[metric]?.n);
    for (const [bound, count] of Object.entries(counts[metric]?.hist ?? {})) total[metric].hist[bound] = (total[metric].hist[bound] ?? 0) + whole(count);
  }
  for (const key of ['requests', 's4xx', 's5xx']) total.edge[key] += whole(counts.edge?.[key]);
  for (const [id, entry] of Object.entries(counts.views ?? {})) {
    if (!Array.isArray(entry)) continue;
    const [addr, outcome, run] = entry;
    if (typeof addr !== 'string' || !ADDR.test(addr) || !Object.hasOwn(RANK, outcome) || typeof run !== 'string') continue;
    const seen = total.views.get(id);
    if (!seen || RANK[outcome] > RANK[seen.outcome]) total.views.set(id, { addr, outcome, run });
  }
  for (const [run, count] of Object.entries(counts.served ?? {})) total.served[run] = (total.served[run] ?? 0) + whole(count);
  for (const [run, pair] of Object.entries(counts.renders ?? {})) {
    if (!Array.isArray(pair)) continue;
    const sum = (total.renders[run] ??= [0, 0]);
    sum[0] += whole(pair[0]);
    sum[1] += Math.min(whole(pair[1]), whole(pair[0]));
  }
}

/**
 * The signal of `[since, until]`: per app and version the summed counts, the rejected beacons,
 * how many files were read and which could not be (skipped, named).
 * @param {string} root
 * @param {{ since: number, until?: number }} period epoch ms
 */
export async function readSignal(root, { since, until = Date.now() }) {
  const dir = join(root, '.signal');
  let names;
  try {
    names = await readdir(dir);
  } catch (error) {
    if (error.code === 'ENOENT') return { present: false, files: 0, unreadable: [], apps: {}, rejected: {} };
    throw error;
  }
  const apps = {};
  const rejected = {};
  const unreadable = [];
  let files = 0;
  for (const name of names.sort()) {
    const match = FILE.exec(name);
    if (!match) continue;
    let data;
    try {
      data = JSON.parse(await readFile(join(dir, name), 'utf8'));
    } catch {
      unreadable.push(name);
      continue;
    }
    const start = Date.parse(data?.windowStart);
    const minutes = Number(data?.windowMinutes) || 5;
    if ((data?.schemaVersion !== 1 && data?.schemaVersion !== 2) || Number.isNaN(start) || typeof data.apps !== 'object' || data.apps === null) {
      unreadable.push(name);
      continue;
    }
    if (start + minutes * 60_000 <= since || start > until) continue;
    files += 1;
    for (const [app, versions] of Object.entries(data.apps)) {
      for (const [version, counts] of Object.entries(versions ?? {})) {
        apps[app] ??= {};
        apps[app][version] ??= emptyCounts();
        addInto(apps[app][version], counts ?? {});
      }
    }
    for (const [reason, count] of Object.entries(data.rejected ?? {})) rejected[reason] = (rejected[reason] ?? 0) + whole(count);
  }
  return { present: true, files, unreadable, apps, rejected };
}
