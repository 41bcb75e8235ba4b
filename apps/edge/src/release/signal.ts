// The release signal, counted at the edge (docs/adr/024, 057): what shoppers' browsers say about
// each build they loaded, as votes tied to a page view the edge served (one per view, app and
// version, with its client network's key and its run), the edge's own server renders per build,
// and its answers for each build's files. Kept in memory per
// window and written to `<root>/.signal/` for the release CLI; nothing of it is served.
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { BEACONS_PER_SESSION_MINUTE, MAX_VOTES_PER_WINDOW, WINDOW_MINUTES, isFailureKind, type BeaconEvent } from './signal-beacon';
import { emptyRejected, type Judge, type Rejected, type WindowSummary } from './signal-format';

export type { EdgeCounts, Histogram, Judge, Judgement, Rejected, Verdict, VersionCounts, ViewEntry, ViewOutcome, WindowSummary } from './signal-format';
export {
  BEACONS_PER_SESSION_MINUTE,
  BEACON_KINDS,
  FAILURE_KINDS,
  HISTOGRAM_UPPERS,
  MAX_VOTES_PER_WINDOW,
  VERSION,
  WINDOW_MINUTES,
  parseBeacon,
  type BeaconEvent,
  type BeaconKind,
  type FailureKind,
} from './signal-beacon';

const WINDOW_MS = WINDOW_MINUTES * 60_000;
const MAX_ERRORS_PER_VOTE = 20;
const KEEP_FILES_MS = 8 * 24 * 60 * 60_000;

import { outcomeOf, summariseWindow, type SignalWindow, type Vote } from './signal-summary';

export interface SignalRecorderOptions {
  /** The deploy root (files go to `<root>/.signal/`). */
  root: string;
  /** This edge's name in the file names. */
  instance?: string;
  now?: () => number;
  maxVotes?: number;
  /**
   * Told of each page view's first report about a build, and of its vitals, once the view's
   * receipt and build were checked (the metrics: docs/adr/055, 057).
   */
  observer?: {
    pageViewReported(app: string, version: string, outcome: string): void;
    vital(app: string, version: string, name: 'lcp' | 'inp', ms: number): void;
  };
}

/** A page view as a vote is tied to it: the receipt's id and the client network's key. */
export interface PageView {
  id: string;
  addr: string;
}

const windowStartOf = (ms: number) => Math.floor(ms / WINDOW_MS) * WINDOW_MS;
const fileNameOf = (start: number, instance: string) => `${new Date(start).toISOString().replaceAll(':', '-')}--${instance}.json`;

/** Recorders made in this process (see `instance` below). */
let recordersMade = 0;

export function createSignalRecorder({
  root,
  // Two edges in one process (the bench's server-rendered and browser-only edges, tests) would
  // write one file name and replace each other's votes: the second and later get a suffix.
  instance = `${process.env.EDGE_INSTANCE || `${hostname()}-${process.pid}`}${++recordersMade > 1 ? `-${recordersMade}` : ''}`,
  now = Date.now,
  maxVotes = MAX_VOTES_PER_WINDOW,
  observer,
}: SignalRecorderOptions) {
  const dir = join(root, '.signal');
  const safeInstance = String(instance)
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .slice(0, 80);
  const windows = new Map<number, SignalWindow>();
  const rates = new Map<string, { minute: number; count: number }>();
  let flushing: Promise<void> | null = null;
  let lastPrune = 0;

  function current(): SignalWindow {
    const start = windowStartOf(now());
    let window = windows.get(start);
    if (!window) {
      window = { votes: new Map(), files: new Map(), renders: new Map(), served: new Map(), rejected: emptyRejected(), dirty: false };
      windows.set(start, window);
    }
    return window;
  }

  /** Whether the session may send one more beacon this minute (counted). */
  function allow(sessionId: string): boolean {
    const minute = Math.floor(now() / 60_000);
    if (rates.size > 100_000) rates.clear();
    const seen = rates.get(sessionId);
    const count = seen && seen.minute === minute ? seen.count + 1 : 1;
    rates.set(sessionId, { minute, count });
    return count <= BEACONS_PER_SESSION_MINUTE;
  }

  function reject(reason: keyof Rejected, count = 1): void {
    const window = current();
    window.rejected[reason] += count;
    window.dirty = true;
  }

  function voteOf(window: SignalWindow, view: PageView, app: string, version: string, run: string): Vote | null {
    const key = `${app}\u0000${version}\u0000${view.id}`;
    let vote = window.votes.get(key);
    if (!vote) {
      if (window.votes.size >= maxVotes) {
        window.rejected.overflow += 1;
        return null;
      }
      vote = { app, version, run, addr: view.addr, loaded: false, failure: null, lcp: null, inp: null, errors: 0 };
      window.votes.set(key, vote);
    }
    return vote;
  }

  /**
   * A page view the edge served (a receipt minted), counted for each build the session was given
   * and its run: how many views each build was served (shown by `status`; the judgement reads the
   * views that reported). A count, not an entry per view, so a busy window stays small.
   */
  function viewStarted(builds: ReadonlyArray<{ app: string; version: string; run: string }>): void {
    const window = current();
    window.dirty = true;
    for (const { app, version, run } of builds) {
      const key = `${app}\u0000${version}\u0000${run}`;
      if (window.served.size > 10_000 && !window.served.has(key)) continue;
      window.served.set(key, (window.served.get(key) ?? 0) + 1);
    }
  }

  /**
   * Counts a beacon's events for one page view (its receipt verified). `judge(app, version)` says
   * whether the view's session was given that build ('yes'), a canary outside its bucket
   * ('not-assigned') or a build it was not given ('unknown'), and the run of the build.
   */
  function record(view: PageView, events: readonly BeaconEvent[], judge: Judge): void {
    const window = current();
    window.dirty = true;
    for (const event of events) {
      const { verdict, run } = judge(event.app, event.version);
      if (verdict !== 'yes') {
        window.rejected[verdict === 'not-assigned' ? 'notAssigned' : 'unknown'] += 1;
        continue;
      }
      const vote = voteOf(window, view, event.app, event.version, run);
      if (!vote) continue;
      const { kind, lcp, inp, errors } = event;
      const before = outcomeOf(vote);
      if (kind === 'loaded') vote.loaded = true;
      else if (isFailureKind(kind)) vote.failure ??= kind;
      else if (kind === 'pageerror') vote.errors = Math.min(MAX_ERRORS_PER_VOTE, vote.errors + 1);
      else if (kind === 'vitals') {
        if (typeof lcp === 'number' && Number.isFinite(lcp)) {
          if (vote.lcp === null) observer?.vital(vote.app, vote.version, 'lcp', lcp);
          vote.lcp = Math.max(vote.lcp ?? 0, lcp);
        }
        if (typeof inp === 'number' && Number.isFinite(inp)) {
          if (vote.inp === null) observer?.vital(vote.app, vote.version, 'inp', inp);
          vote.inp = Math.max(vote.inp ?? 0, inp);
        }
        if (typeof errors === 'number' && Number.isFinite(errors)) vote.errors = Math.min(MAX_ERRORS_PER_VOTE, vote.errors + errors);
      }
      const after = outcomeOf(vote);
      // Once per page view and build: its first report (a failure after a load is counted too).
      if (after !== before && after !== 's' && (before === 's' || (after !== 'ok' && after !== 'error')))
        observer?.pageViewReported(vote.app, vote.version, after);
    }
  }

  /** A server render of a page by the edge itself, per build it used (docs/adr/057): what no browser can claim. */
  function recordRender(app: string, version: string, run: string, ok: boolean): void {
    const window = current();
    const key = `${app}\u0000${version}\u0000${run}`;
    let counts = window.renders.get(key);
    if (!counts) {
      if (window.renders.size > 10_000) return;
      window.renders.set(key, (counts = [0, 0]));
    }
    counts[0] += 1;
    if (!ok) counts[1] += 1;
    window.dirty = true;
  }

  /** The edge's own answer for a file of a build (a remote's or the shell's). */
  function recordFile(app: string, version: string, status: number): void {
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

  async function writeWindow(start: number, window: SignalWindow): Promise<void> {
    await mkdir(dir, { recursive: true });
    const file = join(dir, fileNameOf(start, safeInstance));
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify(summariseWindow(start, window, safeInstance))}\n`);
    await rename(temp, file);
  }

  async function prune(): Promise<void> {
    if (now() - lastPrune < 60 * 60_000) return;
    lastPrune = now();
    for (const name of await readdir(dir).catch((): string[] => [])) {
      const file = join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && now() - info.mtimeMs > KEEP_FILES_MS) await rm(file, { force: true });
    }
  }

  /** Writes every window that changed; closed windows are then forgotten. */
  async function flush(): Promise<void> {
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

  return {
    allow,
    reject,
    record,
    viewStarted,
    recordRender,
    recordFile,
    flush,
    summarise: (): WindowSummary[] => [...windows].map(([start, window]) => summariseWindow(start, window, safeInstance)),
  };
}

export type SignalRecorder = ReturnType<typeof createSignalRecorder>;
