import { CLIENT_AREA_DIGEST } from '@eyewear/event-bus';
import {
  DEFAULT_LOAD_TIMEOUT_MS,
  MIN_LOAD_TIMEOUT_MS,
  RemoteLoadError,
  ensureCohort,
  errorMessage,
  fetchRemotesManifest,
  loadExposed,
  readOverrides,
  releaseOf,
  resetRemote,
  startFederation,
  type ChosenRemote,
  type FailureReporter,
  type RemoteId,
  HYDRATING_ATTRIBUTE,
} from '@eyewear/federation';

/**
 * What the page's remote areas load through: federation started once per page view, each
 * exposed module loaded once and shared by every area that shows it, and a count of loads
 * in flight for the progress bar.
 */
export interface AreaLoader {
  /** Reads /remotes.json and registers the remotes; a failed start is retried next time. */
  ensureFederation(): Promise<void>;
  /** The default export of an exposed module; `background` loads (preloads) without the progress bar. */
  loadModule<T>(remote: RemoteId, expose: string, options?: { background?: boolean }): Promise<T>;
  /** Forgets a remote's modules and the runtime's record of it, so a retry loads afresh. */
  forgetRemote(remote: RemoteId): void;
  /** Forgets a module whose load failed, so an area opened later tries again. */
  forgetIfFailed(remote: RemoteId, expose: string): void;
  /** Forgets one module whose load failed (not the remote), so the next ask loads it afresh. */
  forgetModuleIfFailed(remote: RemoteId, expose: string): void;
  /**
   * Which build (version, stable or canary) delivered a loaded module, so a crash while it
   * renders is charged to that build; undefined while it has not loaded.
   */
  releaseOf(remote: RemoteId, expose: string): ChosenRemote | undefined;
  pending: { subscribe(listener: () => void): () => void; count(): number };
  report: FailureReporter;
}

/**
 * An area's deadline counts from when the shopper asked for the page: on the first page of
 * a visit that is the navigation itself (the shell's own start-up is part of the wait), on
 * later route changes it is the moment the area starts loading. A first load that starts
 * after a route change (the visit began on a page of the shell's own, such as not-found)
 * belongs to a later page, so it gets the whole deadline too.
 */
const now = () => (typeof performance === 'undefined' ? Date.now() : performance.now());

const currentUrl = () => (typeof location === 'undefined' ? '' : `${location.pathname}${location.search}`);

function timeoutFor(firstPageOfVisit: boolean): number {
  if (!firstPageOfVisit || typeof performance === 'undefined') return DEFAULT_LOAD_TIMEOUT_MS;
  return Math.max(MIN_LOAD_TIMEOUT_MS, Math.round(DEFAULT_LOAD_TIMEOUT_MS - performance.now()));
}

export interface AreaLoaderOptions {
  manifestUrl?: string;
  onLoaded?: (chosen: ChosenRemote) => void;
  /** What reads remotes.json: the browser's `fetch` by default; a test's answer, so none patches the global. */
  fetch?: typeof fetch;
}

export function createAreaLoader(report: FailureReporter, options: AreaLoaderOptions = {}): AreaLoader {
  const manifestUrl = options.manifestUrl ?? '/remotes.json';
  let firstLoad = true;
  const visitUrl = currentUrl();
  let starting: Promise<void> | null = null;
  const modules = new Map<string, Promise<unknown>>();
  const failed = new Set<string>();
  const releases = new Map<string, ChosenRemote>();
  /** Modules a page waited for (counted in the progress bar once), and those whose load ended. */
  const waitedFor = new Set<string>();
  const settled = new Set<string>();
  const listeners = new Set<() => void>();
  let pending = 0;

  function setPending(delta: number) {
    pending += delta;
    listeners.forEach((listener) => listener());
  }

  function ensureFederation(): Promise<void> {
    if (!starting) {
      const attempt = fetchRemotesManifest(manifestUrl, options.fetch).then((manifest) => {
        startFederation({
          manifest,
          cohort: ensureCohort(),
          overrides: typeof location === 'undefined' ? {} : readOverrides(location.search),
          report,
          onLoaded: options.onLoaded,
        });
      });
      starting = attempt;
      attempt.catch(() => {
        if (starting === attempt) starting = null;
      });
    }
    return starting;
  }

  function loadModule<T>(remote: RemoteId, expose: string, { background = false }: { background?: boolean } = {}): Promise<T> {
    const key = `${remote}/${expose}`;
    let loading = modules.get(key) as Promise<T> | undefined;
    if (loading && !background && !waitedFor.has(key) && !settled.has(key)) {
      // A page now waits for a module that started loading in the background (a preload on
      // intent): from here on the load shows in the progress bar.
      waitedFor.add(key);
      setPending(1);
      loading.then(
        () => setPending(-1),
        () => setPending(-1),
      );
    }
    if (!loading) {
      const counted = background ? 0 : 1;
      if (!background) waitedFor.add(key);
      setPending(counted);
      // One deadline for the whole load, remotes.json included.
      const deadline = now() + timeoutFor(firstLoad && currentUrl() === visitUrl);
      firstLoad = false;
      loading = ensureFederation()
        .then(() => loadExposed<{ default: T }>(remote, expose, { timeoutMs: Math.max(0, deadline - now()) }))
        .then((module) => {
          if (!module.default) throw new RemoteLoadError(remote, expose, 'load', `${key} has no default export`);
          const release = releaseOf(module);
          if (release) releases.set(key, release);
          return module.default;
        })
        .catch((error: unknown) => {
          if (error instanceof RemoteLoadError) throw error;
          // The runtime reports what fails inside it; what fails before it (remotes.json
          // unreadable) is reported here.
          report({ kind: 'load', remote, expose, message: errorMessage(error) });
          throw new RemoteLoadError(remote, expose, 'load', errorMessage(error));
        })
        .finally(() => {
          settled.add(key);
          setPending(-counted);
        });
      // The area rendering the module handles a rejection; this keeps a failed load from
      // also surfacing as an unhandled rejection.
      const current = loading;
      loading.catch((error: unknown) => {
        failed.add(key);
        // A module that missed its deadline and arrives after all is kept as loaded, before
        // the area showing the timeout fallback hears of it (it waits on the same `arrival`,
        // attached later, so its callback runs after this one) and renders again.
        if (error instanceof RemoteLoadError && error.arrival) {
          error.arrival.then(
            (module) => {
              const value = (module as { default?: T }).default;
              // Forgotten (the shopper retried or left) or replaced since: nothing to swap in.
              if (!value || modules.get(key) !== current) return;
              const release = releaseOf(module);
              if (release) releases.set(key, release);
              modules.set(key, Object.assign(Promise.resolve(value), { status: 'fulfilled', value }));
              failed.delete(key);
            },
            () => undefined,
          );
        }
      });
      // Marks the promise settled the way React's `use` reads it, so a module preloaded on
      // hover renders at once on click instead of suspending for a tick.
      // (A failure is left to React's own tracking, which hands it to the area's boundary.)
      const tracked = loading as Promise<T> & { status?: string; value?: T };
      loading.then(
        (value) => Object.assign(tracked, { status: 'fulfilled', value }),
        () => undefined,
      );
      modules.set(key, loading);
    }
    return loading;
  }

  function forgetRemote(remote: RemoteId) {
    for (const key of [...modules.keys()]) {
      if (key.startsWith(`${remote}/`)) {
        modules.delete(key);
        waitedFor.delete(key);
        settled.delete(key);
        failed.delete(key);
        releases.delete(key);
      }
    }
    resetRemote(remote);
  }

  /**
   * Forgets one module whose load failed, so the next ask loads it afresh (the runtime's record
   * of the remote is kept). A fragment opened after its preload on hover failed asks again: the
   * old, already rejected load would leave the fragment suspended with nothing on screen.
   */
  function forgetModuleIfFailed(remote: RemoteId, expose: string) {
    const key = `${remote}/${expose}`;
    if (!failed.has(key)) return;
    for (const set of [failed, settled, waitedFor]) set.delete(key);
    modules.delete(key);
  }

  function forgetIfFailed(remote: RemoteId, expose: string) {
    if (failed.has(`${remote}/${expose}`)) forgetRemote(remote);
  }

  return {
    ensureFederation,
    loadModule,
    forgetRemote,
    forgetIfFailed,
    forgetModuleIfFailed,
    releaseOf: (remote, expose) => releases.get(`${remote}/${expose}`),
    report,
    pending: {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      count: () => pending,
    },
  };
}

/**
 * React's handler for errors it recovered from. When a module arrives just after its
 * deadline, React may catch the timeout in a concurrent render and then render the arrived
 * module on its synchronous retry: the timeout was reported already and the page is whole,
 * so that recovery is not an error of the page. Anything else is reported as React would.
 */
export function onRecoverableError(error: unknown, info?: { componentStack?: string }): void {
  if (error instanceof Error && error.cause instanceof RemoteLoadError && error.cause.kind === 'timeout') return;
  // A remote that did not load while its server-rendered area hydrated: the area's own fallback
  // shows it and the loader reported it (issue 19); React recovered by rendering the area here.
  if (error instanceof Error && error.cause instanceof RemoteLoadError && isHydrating()) return;
  // An area the server left to the browser (its module did not load there in time, or it is
  // not rendered on the server): rendering it here is the plan, not an error (issue 19).
  if (isClientArea(error) || (error instanceof Error && isClientArea(error.cause))) return;
  // Where it happened (a hydration mismatch names no component in a production build).
  if (info?.componentStack) console.warn(`[recoverable] ${error instanceof Error ? error.message : String(error)}${info.componentStack}`);
  if (typeof reportError === 'function') reportError(error);
  else console.error(error);
}

function isClientArea(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { digest?: unknown }).digest === CLIENT_AREA_DIGEST;
}

/** Whether the page is still hydrating the server's HTML (its root is marked until then). */
function isHydrating(): boolean {
  return typeof document !== 'undefined' && document.getElementById('root')?.hasAttribute(HYDRATING_ATTRIBUTE) === true;
}
