// The files the release signal is written to (`<root>/.signal/`, one per edge instance and
// five-minute window), as the release CLI reads them (tools/release/signal.mjs): do not change
// this format without it.
import { HISTOGRAM_UPPERS } from './signal-beacon';

/** Whether a session was given a build: yes, a canary outside its bucket, or a build it was not given. */
export type Verdict = 'yes' | 'not-assigned' | 'unknown';
export type Judge = (app: string, version: string) => Verdict;

/** Beacon events not counted, per reason. */
export interface Rejected {
  noSession: number;
  notAssigned: number;
  unknown: number;
  rateLimited: number;
  overflow: number;
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
}

/** A window file of `<root>/.signal/` (read by tools/release/signal.mjs). */
export interface WindowSummary {
  schemaVersion: 1;
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

export const emptyRejected = (): Rejected => ({ noSession: 0, notAssigned: 0, unknown: 0, rateLimited: 0, overflow: 0 });
