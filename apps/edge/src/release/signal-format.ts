// The files the release signal is written to (`<root>/.signal/`, one per edge instance and
// five-minute window), as the release CLI reads them (tools/release/signal.mjs): do not change
// this format without it.
import { HISTOGRAM_UPPERS } from './signal-beacon';

/** Whether a session was given a build: yes, a canary outside its bucket, or a build it was not given. */
export type Verdict = 'yes' | 'not-assigned' | 'unknown';
/**
 * A vote's judgement: whether the session was given the build, and the run it belongs to
 * ('stable', or the canary's salt: a version canaried again after a rollback is a new run, and
 * nothing of the earlier one counts for it).
 */
export interface Judgement {
  verdict: Verdict;
  run: string;
}
export type Judge = (app: string, version: string) => Judgement;

/** Beacon events not counted, per reason. */
export interface Rejected {
  noSession: number;
  notAssigned: number;
  unknown: number;
  rateLimited: number;
  overflow: number;
  /** A beacon without a valid page-view receipt of its session and network (docs/adr/057). */
  noView: number;
  /** A shell event from a session's first page view (its shell was stable whatever its bucket). */
  firstView: number;
}

export interface EdgeCounts {
  requests: number;
  s4xx: number;
  s5xx: number;
}

/** How many values fell at or under each of HISTOGRAM_UPPERS (`inf`: the open last one). */
export interface Histogram {
  n: number;
  hist: Record<string, number>;
}

/**
 * What one page view said about a build (docs/adr/057): 's' nothing that decides (vitals only), 'ok' it loaded, a failure kind, or 'error' (JS errors only).
 */
export type ViewOutcome = 's' | 'ok' | 'load' | 'timeout' | 'render' | 'error';
/** A page view as the files keep it: its client network's key, what it said, its run. */
export type ViewEntry = [addr: string, outcome: ViewOutcome, run: string];

/** One app version's counts in a window file. */
export interface VersionCounts {
  sessions: number;
  ok: number;
  failed: number;
  load: number;
  timeout: number;
  render: number;
  errorSessions: number;
  errors: number;
  edge: EdgeCounts;
  lcp: Histogram;
  inp: Histogram;
  /** Per page view id: its network, outcome and run (read once across edges by the CLI). */
  views: Record<string, ViewEntry>;
  /** The edge's own server renders of the build per run: [rendered, failed]. */
  renders: Record<string, [number, number]>;
  /** Page views the edge served (receipts minted) with this build, per run. */
  served: Record<string, number>;
}

/** A window file of `<root>/.signal/` (read by tools/release/signal.mjs). */
export interface WindowSummary {
  /** 2 since page-view votes (docs/adr/057); the CLI reads 1 too. */
  schemaVersion: 2;
  instance: string;
  windowStart: string;
  windowMinutes: number;
  apps: Record<string, Record<string, VersionCounts>>;
  rejected: Rejected;
}

/** The histogram of a window's values of a measure (LCP, INP) for one version. */
export function histogram(values: readonly number[]): Histogram {
  const hist: Record<string, number> = {};
  for (const value of values) {
    const upper = HISTOGRAM_UPPERS.find((bound) => value <= bound);
    const key = upper === Infinity ? 'inf' : String(upper);
    hist[key] = (hist[key] ?? 0) + 1;
  }
  return { n: values.length, hist };
}

export const emptyRejected = (): Rejected => ({ noSession: 0, notAssigned: 0, unknown: 0, rateLimited: 0, overflow: 0, noView: 0, firstView: 0 });
