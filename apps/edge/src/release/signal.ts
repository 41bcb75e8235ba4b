// The release signal, counted at the edge (docs/adr/024): what shoppers' browsers say about
// each build they loaded, as votes tied to an edge session (one per session, app, version and
// five-minute window), and the edge's own answers for each build's files. Kept in memory per
// window and written to `<root>/.signal/` for the release CLI; nothing of it is served.
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { BEACONS_PER_SESSION_MINUTE, MAX_VOTES_PER_WINDOW, WINDOW_MINUTES, isFailureKind, type BeaconEvent, type FailureKind } from './signal-beacon';
import { emptyRejected, histogram, type EdgeCounts, type Judge, type Rejected, type VersionCounts, type WindowSummary } from './signal-format';

export type { EdgeCounts, Histogram, Judge, Rejected, Verdict, VersionCounts, WindowSummary } from './signal-format';
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

interface Vote {
  app: string;
  version: string;
  loaded: boolean;
  failure: FailureKind | null;
  lcp: number | null;
  inp: number | null;
  errors: number;
}

interface SignalWindow {
  votes: Map<string, Vote>;
  files: Map<string, EdgeCounts>;
  rejected: Rejected;
  dirty: boolean;
}

/** A version's counts while a window is summarised: the measures' values before their histograms. */
type Tally = Omit<VersionCounts, 'lcp' | 'inp'> & { lcpValues: number[]; inpValues: number[] };

export interface SignalRecorderOptions {
  /** The deploy root (files go to `<root>/.signal/`). */
  root: string;
  /** This edge's name in the file names. */
  instance?: string;
  now?: () => number;
  maxVotes?: number;
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
      window = { votes: new Map(), files: new Map(), rejected: emptyRejected(), dirty: false };
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

  /**
   * Counts a beacon's events for a session. `judge(app, version)` says whether the session
   * was given that build: 'yes', 'not-assigned' (a canary outside its bucket) or 'unknown'.
   */
  function record(sessionId: string, events: readonly BeaconEvent[], judge: Judge): void {
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
      const { kind, lcp, inp, errors } = event;
      if (kind === 'loaded') vote.loaded = true;
      else if (isFailureKind(kind)) vote.failure ??= kind;
      else if (kind === 'pageerror') vote.errors = Math.min(MAX_ERRORS_PER_VOTE, vote.errors + 1);
      else if (kind === 'vitals') {
        if (typeof lcp === 'number' && Number.isFinite(lcp)) vote.lcp = Math.max(vote.lcp ?? 0, lcp);
        if (typeof inp === 'number' && Number.isFinite(inp)) vote.inp = Math.max(vote.inp ?? 0, inp);
        if (typeof errors === 'number' && Number.isFinite(errors)) vote.errors = Math.min(MAX_ERRORS_PER_VOTE, vote.errors + errors);
      }
    }
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

  /** A window's counts in the file format the release CLI reads (tools/release/signal.mjs). */
  function summarise(start: number, window: SignalWindow): WindowSummary {
    const tallies: Record<string, Record<string, Tally>> = {};
    const slot = (app: string, version: string): Tally => {
      const versions = (tallies[app] ??= {});
      return (versions[version] ??= {
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
      });
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
      const [app = '', version = ''] = key.split('\u0000');
      slot(app, version).edge = { ...edge };
    }
    const apps: WindowSummary['apps'] = {};
    for (const [app, versions] of Object.entries(tallies)) {
      const summarised: Record<string, VersionCounts> = (apps[app] = {});
      // The keys in the order the files have always had: the counts, then the histograms.
      for (const [version, { lcpValues, inpValues, ...counts }] of Object.entries(versions)) {
        summarised[version] = { ...counts, lcp: histogram(lcpValues), inp: histogram(inpValues) };
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

  async function writeWindow(start: number, window: SignalWindow): Promise<void> {
    await mkdir(dir, { recursive: true });
    const file = join(dir, fileNameOf(start, safeInstance));
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify(summarise(start, window))}\n`);
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

  return { allow, reject, record, recordFile, flush, summarise: (): WindowSummary[] => [...windows].map(([start, window]) => summarise(start, window)) };
}

export type SignalRecorder = ReturnType<typeof createSignalRecorder>;
