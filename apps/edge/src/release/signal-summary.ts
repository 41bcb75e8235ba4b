// A window of the release signal as its file is written (docs/adr/024, 057): the votes of each page
// view summed per app and version, each view listed once by id, the edge's own renders by run.
import { histogram, type EdgeCounts, type Rejected, type VersionCounts, type ViewEntry, type ViewOutcome, type WindowSummary } from './signal-format';
import { WINDOW_MINUTES, type FailureKind } from './signal-beacon';

/** One page view's vote about one build (docs/adr/057). */
export interface Vote {
  app: string;
  version: string;
  run: string;
  /** The client network's key (receipt.ts addressKey). */
  addr: string;
  loaded: boolean;
  failure: FailureKind | null;
  lcp: number | null;
  inp: number | null;
  errors: number;
}

export interface SignalWindow {
  votes: Map<string, Vote>;
  files: Map<string, EdgeCounts>;
  /** `app\0version\0run` -> [rendered, failed] */
  renders: Map<string, [number, number]>;
  /** `app\0version\0run` -> page views served */
  served: Map<string, number>;
  rejected: Rejected;
  dirty: boolean;
}

/** A version's counts while a window is summarised: the measures' values before their histograms. */
type Tally = Omit<VersionCounts, 'lcp' | 'inp'> & { lcpValues: number[]; inpValues: number[] };

/** What a vote says, for the files: its failure, else JS errors, else loaded, else only served. */
export function outcomeOf(vote: Vote): ViewOutcome {
  if (vote.failure) return vote.failure;
  if (vote.errors > 0) return 'error';
  return vote.loaded ? 'ok' : 's';
}

/** A window's counts in the file format the release CLI reads (tools/release/signal.mjs). */
export function summariseWindow(start: number, window: SignalWindow, instance: string): WindowSummary {
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
      views: {},
      renders: {},
      served: {},
    });
  };
  for (const [key, vote] of window.votes) {
    const counts = slot(vote.app, vote.version);
    counts.views[key.slice(key.lastIndexOf('\u0000') + 1)] = [vote.addr, outcomeOf(vote), vote.run] satisfies ViewEntry;
    if (!vote.loaded && !vote.failure && vote.lcp === null && vote.inp === null && vote.errors === 0) continue;
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
  for (const [key, count] of window.served) {
    const [app = '', version = '', run = ''] = key.split('\u0000');
    slot(app, version).served[run] = count;
  }
  for (const [key, counts] of window.renders) {
    const [app = '', version = '', run = ''] = key.split('\u0000');
    slot(app, version).renders[run] = [...counts];
  }
  const apps: WindowSummary['apps'] = {};
  for (const [app, versions] of Object.entries(tallies)) {
    const summarised: Record<string, VersionCounts> = (apps[app] = {});
    // The keys in the order the files have always had: the counts, then the histograms.
    for (const [version, { lcpValues, inpValues, views, renders, served, ...counts }] of Object.entries(versions)) {
      summarised[version] = { ...counts, lcp: histogram(lcpValues), inp: histogram(inpValues), views, renders, served };
    }
  }
  return {
    schemaVersion: 2,
    instance,
    windowStart: new Date(start).toISOString(),
    windowMinutes: WINDOW_MINUTES,
    apps,
    rejected: { ...window.rejected },
  };
}
