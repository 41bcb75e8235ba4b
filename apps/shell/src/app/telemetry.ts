import { coreRoutes, type ApiClient, type TelemetryEvent } from '@eyewear/api-client';
import { remoteLoadFailed, type PageStore } from '@eyewear/event-bus';
import { chosenReleases, isRemoteId, matchRoute, pageViewReceipt, type ChosenRemote, type FailureReporter, type RemoteId } from '@eyewear/federation';
import { SERVER_STATE_ID } from './server-state';

/** Reports are sent in small batches: a failing remote can fail several areas at once. */
const FLUSH_AFTER_MS = 1000;
/** The edge's beacon intake (docs/adr/024): the release signal per build. */
export const BEACON_URL = '/_edge/beacon';
/** Where a page whose manifest came with the server's HTML gets its page view's receipt (docs/adr/057). */
export const VIEW_URL = '/_edge/view';
const EVENTS_PER_BEACON = 50;

type App = RemoteId | 'shell';

/** One outcome or measurement about one build, as the edge counts it. */
export interface Beacon {
  kind: 'loaded' | 'load' | 'timeout' | 'render' | 'pageerror' | 'vitals';
  app: App;
  version: string;
  lcp?: number;
  inp?: number;
}

/**
 * Reports a remote's failure: as a `remote/loadFailed` event on the page's bus, in the
 * console, to the edge as a beacon about the build that failed (what `release status` and
 * the guard read), and to the API's diagnostics log with its message.
 */
export interface Reporter extends FailureReporter {
  /** An uncaught error reached the page; `source` is its file and stack, to find whose it is. */
  pageError(message: string, source?: string): void;
  /** A remote's first module of this page view loaded: the denominator of failure rates. */
  loaded(chosen: ChosenRemote): void;
}

/** The shell build this document is, as the edge wrote it into the page. */
export function shellBuild(doc: Pick<Document, 'querySelector'> | undefined = typeof document === 'undefined' ? undefined : document) {
  const meta = doc?.querySelector('meta[name="eyewear-shell"]');
  const version = meta?.getAttribute('content') ?? '';
  return /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/.test(version) ? version : null;
}

/**
 * Whose build an error came from: the remote whose versioned folder (`/remotes/<app>/<version>/`)
 * appears in its file or stack, else the shell.
 */
export function attributeError(source: string, shellVersion: string | null): { app: App; version: string } | null {
  const match = /\/remotes\/([a-z-]+)\/([0-9A-Za-z][0-9A-Za-z.+_-]{0,63})\//.exec(source);
  if (match && isRemoteId(match[1]!)) return { app: match[1], version: match[2]! };
  return shellVersion ? { app: 'shell', version: shellVersion } : null;
}

/** The build of the remote that owns a path's page, when that remote has been chosen. */
function pageBuild(pathname: string): { app: RemoteId; version: string } | null {
  const route = matchRoute(pathname);
  const chosen = route ? chosenReleases()?.[route.remote] : undefined;
  return route && chosen ? { app: route.remote, version: chosen.version } : null;
}

/**
 * Web vitals of the page's own remote build: the largest contentful paint of the page the
 * visit began on, and an INP proxy (the longest interaction's event duration) per page build.
 */
function watchVitals(send: (beacon: Beacon) => void) {
  if (typeof PerformanceObserver === 'undefined' || typeof location === 'undefined') return () => undefined;
  const landing = location.pathname;
  let lcp: number | null = null;
  const inp = new Map<string, { app: RemoteId; version: string; inp: number }>();
  const observe = (type: string, callback: (entries: PerformanceEntryList) => void, options: Record<string, unknown> = {}) => {
    try {
      new PerformanceObserver((list) => callback(list.getEntries())).observe({ type, buffered: true, ...options } as PerformanceObserverInit);
    } catch {
      // not supported by this browser
    }
  };
  observe('largest-contentful-paint', (entries) => {
    const last = entries[entries.length - 1];
    if (last) lcp = last.startTime;
  });
  observe(
    'event',
    (entries) => {
      for (const entry of entries as Array<PerformanceEntry & { interactionId?: number }>) {
        if (!entry.interactionId) continue;
        const build = pageBuild(location.pathname);
        if (!build) continue;
        const key = `${build.app}@${build.version}`;
        const seen = inp.get(key);
        if (!seen || entry.duration > seen.inp) inp.set(key, { ...build, inp: entry.duration });
      }
    },
    { durationThreshold: 16 },
  );
  let sentLcp = false;
  return () => {
    const landingBuild = pageBuild(landing);
    if (!sentLcp && lcp !== null && landingBuild) {
      sentLcp = true;
      send({ kind: 'vitals', ...landingBuild, lcp: Math.round(lcp) });
    }
    for (const { app, version, inp: value } of inp.values()) send({ kind: 'vitals', app, version, inp: Math.round(value) });
    inp.clear();
  };
}

export function createReporter(
  pageStore: PageStore,
  api: Pick<ApiClient, 'call'>,
  options: {
    sendBeacon?: (url: string, body: Blob) => boolean;
    /** The receipt of remotes.json, when the page read it (a browser-rendered page). */
    receipt?: () => string | null;
    /** How the receipt is asked of the edge otherwise (a server-rendered page). */
    fetchView?: () => Promise<string | null>;
  } = {},
): Reporter {
  const fromManifest = options.receipt ?? pageViewReceipt;
  const fetchView =
    options.fetchView ??
    (() =>
      fetch(VIEW_URL, { credentials: 'same-origin', cache: 'no-store' })
        .then((answer) => (answer.ok ? (answer.json() as Promise<{ view?: unknown }>) : null))
        .then((body) => (typeof body?.view === 'string' ? body.view : null)));
  let asked: Promise<void> | null = null;
  let fetched: string | null = null;
  /** This page view's receipt: remotes.json's, else asked of the edge once (the first time a beacon is due). */
  function receipt(): string | null {
    const known = fromManifest() ?? fetched;
    if (known || asked) return known;
    asked = fetchView()
      .then((view) => {
        fetched = view;
      })
      .catch(() => undefined)
      .finally(() => {
        // With or without it: what waited goes now (uncounted without a receipt).
        gaveUp = fetched === null;
        flush();
      });
    return null;
  }
  let gaveUp = false;
  const shellVersion = shellBuild();
  let diagnostics: TelemetryEvent[] = [];
  let beacons: Beacon[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const sendBeacon =
    options.sendBeacon ?? (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' ? navigator.sendBeacon.bind(navigator) : null);

  /** `leaving`: the page is being hidden, so what waits for the page view's receipt goes now (uncounted without it). */
  function flush(leaving = false) {
    timer = null;
    const events = diagnostics.slice(0, 50);
    diagnostics = [];
    if (events.length > 0) {
      api.call(coreRoutes.telemetry, { body: { events } }).catch(() => {
        // Telemetry must never hurt the page; a lost report is acceptable.
      });
    }
    // Beacons count only with this page view's receipt (docs/adr/057), which comes with remotes.json:
    // until it is here they wait (the shell's own "loaded" is queued before it is asked for).
    const view = receipt();
    if (!view && !leaving && !gaveUp && beacons.length > 0) {
      schedule();
      return;
    }
    const outgoing = beacons;
    beacons = [];
    for (let i = 0; sendBeacon && i < outgoing.length; i += EVENTS_PER_BEACON) {
      const body = new Blob([JSON.stringify({ ...(view ? { view } : {}), events: outgoing.slice(i, i + EVENTS_PER_BEACON) })], { type: 'application/json' });
      try {
        sendBeacon(BEACON_URL, body);
      } catch {
        // A lost beacon is one vote less, never a broken page.
      }
    }
  }

  function schedule() {
    timer ??= setTimeout(flush, FLUSH_AFTER_MS);
  }

  function beacon(event: Beacon) {
    beacons.push(event);
    schedule();
  }

  const vitals = watchVitals(beacon);
  if (typeof window !== 'undefined') {
    const leave = () => {
      vitals();
      flush(true);
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') leave();
    });
  }
  if (shellVersion) beacon({ kind: 'loaded', app: 'shell', version: shellVersion });
  // A server-rendered page (its manifest came inline, so remotes.json brings no receipt) asks for
  // its receipt as the shell starts, not when the first beacon is due: a shopper who leaves within
  // a second still has it for the beacons sent as the page hides. A page the browser renders gets
  // it with remotes.json, and asks only if that has not come when a beacon is due.
  if (typeof document !== 'undefined' && document.getElementById(SERVER_STATE_ID)) setTimeout(receipt, 0);

  const report: Reporter = Object.assign(
    (failure: Parameters<FailureReporter>[0]) => {
      pageStore.store.dispatch(remoteLoadFailed(failure));
      console.warn(`[remote ${failure.kind}] ${failure.remote}${failure.expose ? ` ${failure.expose}` : ''}: ${failure.message}`);
      diagnostics.push({ ...failure, message: failure.message.slice(0, 500), path: location.pathname.slice(0, 300) });
      // A failure is charged to the build that failed (a canary's, when a canary failed).
      if (failure.version) beacon({ kind: failure.kind, app: failure.remote, version: failure.version });
      else schedule();
    },
    {
      pageError(message: string, source = '') {
        diagnostics.push({ kind: 'pageerror', remote: 'shell', message: message.slice(0, 500), path: location.pathname.slice(0, 300) });
        const owner = attributeError(source, shellVersion);
        if (owner) beacon({ kind: 'pageerror', ...owner });
        else schedule();
      },
      loaded(chosen: ChosenRemote) {
        beacon({ kind: 'loaded', app: chosen.remote, version: chosen.version });
      },
    },
  );
  return report;
}
