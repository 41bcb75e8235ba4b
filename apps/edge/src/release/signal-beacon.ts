// What a release beacon may say (docs/adr/024): the kinds of events a page sends about a build
// it loaded, the limits the edge keeps to, and the check of a beacon's body.

/** A build's version as it may appear in a path or a vote (the rule of libs/federation's manifest). */
export const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;
export const WINDOW_MINUTES = 5;
export const FAILURE_KINDS = ['load', 'timeout', 'render'] as const;
export const BEACON_KINDS = ['loaded', ...FAILURE_KINDS, 'pageerror', 'vitals'] as const;
/** Histogram bucket upper bounds (ms) for LCP and the INP proxy; the last is open. */
export const HISTOGRAM_UPPERS: readonly number[] = [
  100,
  200,
  300,
  400,
  500,
  600,
  700,
  800,
  900,
  1000,
  1500,
  2000,
  2500,
  3000,
  4000,
  5000,
  7500,
  10000,
  Infinity,
];
/** Beacons a session may send per minute; past it the edge answers 429 and counts nothing. */
export const BEACONS_PER_SESSION_MINUTE = 60;
/** Votes kept per window (each a session, app and version); past it new votes are not counted. */
export const MAX_VOTES_PER_WINDOW = 200_000;

export type FailureKind = (typeof FAILURE_KINDS)[number];
export type BeaconKind = (typeof BEACON_KINDS)[number];

/** One event of a beacon: what happened to a build of an app, and its measures (vitals). */
export interface BeaconEvent {
  kind: BeaconKind;
  app: string;
  version: string;
  /** Largest Contentful Paint (ms). */
  lcp?: number | undefined;
  /** The Interaction to Next Paint proxy (ms). */
  inp?: number | undefined;
  /** Page errors seen. */
  errors?: number | undefined;
}

export const isFailureKind = (kind: unknown): kind is FailureKind => (FAILURE_KINDS as readonly unknown[]).includes(kind);
export const isBeaconKind = (kind: unknown): kind is BeaconKind => (BEACON_KINDS as readonly unknown[]).includes(kind);

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object';

/** A measure as counted: a whole number of 0 to 600,000 (ms, or errors), else none. */
const metric = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 600_000 ? Math.round(value) : undefined;

/**
 * Checks a beacon body: `{ events: [{ kind, app, version, lcp?, inp?, errors? }] }`, at most
 * 50 events. Returns the events, or null when the body is not one.
 */
export function parseBeacon(body: unknown, apps: readonly string[]): BeaconEvent[] | null {
  if (!isRecord(body) || !Array.isArray(body.events) || body.events.length === 0 || body.events.length > 50) return null;
  const events: BeaconEvent[] = [];
  for (const event of body.events as unknown[]) {
    if (!isRecord(event)) return null;
    const { kind, app, version } = event;
    if (!isBeaconKind(kind) || typeof app !== 'string' || !apps.includes(app) || typeof version !== 'string' || !VERSION.test(version)) return null;
    events.push({ kind, app, version, lcp: metric(event.lcp), inp: metric(event.inp), errors: metric(event.errors) });
  }
  return events;
}
