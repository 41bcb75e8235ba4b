// The release signal, counted at the edge (docs/adr/024): what shoppers' browsers say about
// each build they loaded, as votes tied to an edge session (one per session, app, version and
// five-minute window), and the edge's own answers for each build's files. Kept in memory per
// window and written to `<root>/.signal/` for the release CLI; nothing of it is served.
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** A build's version as it may appear in a path or a vote (the rule of libs/federation's manifest). */
export const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;
export const WINDOW_MINUTES = 5;
const WINDOW_MS = WINDOW_MINUTES * 60_000;
export const FAILURE_KINDS = ['load', 'timeout', 'render'];
export const BEACON_KINDS = ['loaded', ...FAILURE_KINDS, 'pageerror', 'vitals'];
/** Histogram bucket upper bounds (ms) for LCP and the INP proxy; the last is open. */
export const HISTOGRAM_UPPERS = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 7500, 10000, Infinity];
/** Beacons a session may send per minute; past it the edge answers 429 and counts nothing. */
export const BEACONS_PER_SESSION_MINUTE = 60;
/** Votes kept per window (each a session, app and version); past it new votes are not counted. */
export const MAX_VOTES_PER_WINDOW = 200_000;
const MAX_ERRORS_PER_VOTE = 20;
const KEEP_FILES_MS = 8 * 24 * 60 * 60_000;

const windowStartOf = (ms) => Math.floor(ms / WINDOW_MS) * WINDOW_MS;
const fileNameOf = (start, instance) => `${new Date(start).toISOString().replaceAll(':', '-')}--${instance}.json`;

function histogram(values) {
  const hist = {};
  for (const value of values) {
    const upper = HISTOGRAM_UPPERS.find((bound) => value <= bound);
    const key = upper === Infinity ? 'inf' : String(upper);
    hist[key] = (hist[key] ?? 0) + 1;
  }
  return { n: values.length, hist };
}

const emptyRejected = () => ({ noSession: 0, notAssigned: 0, unknown: 0, rateLimited: 0, overflow: 0 });

/** Recorders made in this process (see `instance` below). */
let recordersMade = 0;

/**
 * @param {object} options
 * @param {string} options.root the deploy root (files go to `<root>/.signal/`)
 * @param {string} [options.instance] this edge's name in the file names
 * @param {() => number} [options.now]
 * @param {number} [options.maxVotes]
 */
export function createSignalRecorder({
  root,
  // Two edges in one process (the bench's server-rendered and browser-only edges, tests) would
  // write one file name and replace each other's votes: the second and later get a suffix.
  instance = `${process.env.EDGE_INSTANCE || `${hostname()}-${process.pid}`}${++recordersMade > 1 ? `-${recordersMade}` : ''}`,
  now = Date.now,
  maxVotes = MAX_VOTES_PER_WINDOW,
}) {
  const dir = join(root, '.signal');
  const safeInstance = String(instance)
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .slice(0, 80);
  /** @type {Map<number, { votes: Map<string, any>, files: Map<string, any>, rejected: ReturnType<typeof emptyRejected>, dirty: boolean }>} */
  const windows = new Map();
  const rates = new Map();
  let flushing = null;
  let lastPrune = 0;

  function current() {
    const start = windowStartOf(now());
    let window = windows.get(start);
    if (!window) {
      window = { votes: new Map(), files: new Map(), rejected: emptyRejected(), dirty: false };
      windows.set(start, window);
    }
    return window;
  }

  /** Whether the session may send one more beacon this minute (counted). */
  function allow(sessionId) {
    const minute = Math.floor(now() / 60_000);
    if (rates.size > 100_000) rates.clear();
    const seen = rates.get(sessionId);
    const count = seen && seen.minute === minute ? seen.count + 1 : 1;
    rates.set(sessionId, { minute, count });
    return count <= BEACONS_PER_SESSION_MINUTE;
  }

  function reject(reason, count = 1) {
    const window = current();
    window.rejected[reason] += count;
    window.dirty = true;
  }

  /**
   * Counts a beacon's events for a session. `judge(app, version)` says whether the session
   * was given that build: 'yes', 'not-assigned' (a canary outside its bucket) or 'unknown'.
   */
  function record(sessionId, events, judge) {
    const window = current();
    window.dirty = true;
    for (const event of events) {
      const verdict = judge(event.app, event.version);
      if (verdict !== 'yes') {
        window.rejected[verdict === 'not-assigned' ? 'notAssigned' : 'unknown'] += 1;
        continue;
      }
      const key = `${event.app}\u0000${event.version}\u0000${sessionId}`;
      let vote = window.votes.get(key);
      if (!vote) {
        if (window.votes.size >= maxVotes) {
          window.rejected.overflow += 1;
          continue;
        }
        vote = { app: event.app, version: event.version, loaded: false, failure: null, lcp: null, inp: null, errors: 0 };
        window.votes.set(key, vote);
      }
      if (event.kind === 'loaded') vote.loaded = true;
      else if (FAILURE_KINDS.includes(event.kind)) vote.failure ??= event.kind;
      else if (event.kind === 'pageerror') vote.errors = Math.min(MAX_ERRORS_PER_VOTE, vote.errors + 1);
      else if (event.kind === 'vitals') {
        if (Number.isFinite(event.lcp)) vote.lcp = Math.max(vote.lcp ?? 0, event.lcp);
        if (Number.isFinite(event.inp)) vote.inp = Math.max(vote.inp ?? 0, event.inp);
        if (Number.isFinite(event.errors)) vote.errors = Math.min(MAX_ERRORS_PER_VOTE, vote.errors + event.errors);
      }
    }
  }

  /** The edge's own answer for a file of a build (a remote's or the shell's). */
  function recordFile(app, version, status) {
    const window = current();
    const key = `${app}\u0000${version}`;
    let counts = window.files.get(key);
    if (!counts) {
      if (window.files.size > 10_000) return;
      counts = { requests: 0, s4xx: 0, s5xx: 0 };
      window.files.set(key, counts);
    }
    counts.requests += 1;
    if (status >= 500) counts.s5xx += 1;
    else if (status >= 400) counts.s4xx += 1;
    window.dirty = true;
  }

  /** A window's counts in the file format the release CLI reads (tools/release/signal.mjs). */
  function summarise(start, window) {
    const apps = {};
    const slot = (app, version) => {
      apps[app] ??= {};
      apps[app][version] ??= {
        sessions: 0,
        ok: 0,
        failed: 0,
        load: 0,
        timeout: 0,
        render: 0,
        lcpValues: [],
        inpValues: [],
        errorSessions: 0,
        errors: 0,
        edge: { requests: 0, s4xx: 0, s5xx: 0 },
      };
      return apps[app][version];
    };
    for (const vote of window.votes.values()) {
      if (!vote.loaded && !vote.failure && vote.lcp === null && vote.inp === null && vote.errors === 0) continue;
      const counts = slot(vote.app, vote.version);
      if (vote.failure) {
        counts.failed += 1;
        counts[vote.failure] += 1;
      } else if (vote.loaded) counts.ok += 1;
      if (vote.failure || vote.loaded) counts.sessions += 1;
      if (vote.lcp !== null) counts.lcpValues.push(vote.lcp);
      if (vote.inp !== null) counts.inpValues.push(vote.inp);
      if (vote.errors > 0) {
        counts.errorSessions += 1;
        counts.errors += vote.errors;
      }
    }
    for (const [key, edge] of window.files) {
      const [app, version] = key.split('\u0000');
      slot(app, version).edge = { ...edge };
    }
    for (const versions of Object.values(apps)) {
      for (const counts of Object.values(versions)) {
        counts.lcp = histogram(counts.lcpValues);
        counts.inp = histogram(counts.inpValues);
        delete counts.lcpValues;
        delete counts.inpValues;
      }
    }
    return {
      schemaVersion: 1,
      instance: safeInstance,
      windowStart: new Date(start).toISOString(),
      windowMinutes: WINDOW_MINUTES,
      apps,
      rejected: { ...window.rejected },
    };
  }

  async function writeWindow(start, window) {
    await mkdir(dir, { recursive: true });
    const file = join(dir, fileNameOf(start, safeInstance));
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify(summarise(start, window))}\n`);
    await rename(temp, file);
  }

  async function prune() {
    if (now() - lastPrune < 60 * 60_000) return;
    lastPrune = now();
    for (const name of await readdir(dir).catch(() => [])) {
      const file = join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && now() - info.mtimeMs > KEEP_FILES_MS) await rm(file, { force: true });
    }
  }

  /** Writes every window that changed; closed windows are then forgotten. */
  async function flush() {
    if (flushing) return flushing;
    flushing = (async () => {
      const open = windowStartOf(now());
      for (const [start, window] of [...windows]) {
        if (window.dirty) {
          window.dirty = false;
          await writeWindow(start, window);
        }
        if (start < open) windows.delete(start);
      }
      await prune();
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  return { allow, reject, record, recordFile, flush, summarise: () => [...windows].map(([start, window]) => summarise(start, window)) };
}

/**
 * Checks a beacon body: `{ events: [{ kind, app, version, lcp?, inp?, errors? }] }`, at most
 * 50 events. Returns the events, or null when the body is not one.
 */
export function parseBeacon(body, apps) {
  if (!body || typeof body !== 'object' || !Array.isArray(body.events) || body.events.length === 0 || body.events.length > 50) return null;
  const events = [];
  for (const event of body.events) {
    if (!event || typeof event !== 'object') return null;
    const { kind, app, version } = event;
    if (!BEACON_KINDS.includes(kind) || !apps.includes(app) || typeof version !== 'string' || !VERSION.test(version)) return null;
    const metric = (value) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 600_000 ? Math.round(value) : undefined);
    events.push({ kind, app, version, lcp: metric(event.lcp), inp: metric(event.inp), errors: metric(event.errors) });
  }
  return events;
}
