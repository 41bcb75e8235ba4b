import { loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { takeEarlyManifest } from './preload';
import { chooseReleases, parseRemotesManifest, type ChosenRemote, type RemotesManifest } from './manifest';
import { applyOverrides, type Overrides } from './override';
import { containerName, isRemoteId, REMOTE_IDS, type RemoteId } from './remotes';
import { errorMessage, type FailureReporter } from './report';
import { yieldingLoadPlugin } from './yield';

/**
 * How long after a page load or route change began an area waits for its remote before it
 * shows the fallback. The shopper should see either the page or a way to retry within 3 s.
 */
export const DEFAULT_LOAD_TIMEOUT_MS = 2500;
/** However late an area starts loading, it gets at least this long. */
export const MIN_LOAD_TIMEOUT_MS = 1000;
/**
 * A canary gets the area's deadline minus this much: what is left is stable's, so a canary
 * that stalls still leaves time to load stable before the deadline (docs/adr/023).
 */
export const STABLE_RESERVE_MS = 1000;
/** A canary always gets at least this long, however little of the deadline is left. */
export const MIN_CANARY_BUDGET_MS = 500;
const MANIFEST_RETRY_DELAY_MS = 150;

/** How much of an area's deadline a canary gets before the area switches to stable. */
export function canaryBudget(timeoutMs: number): number {
  return Math.round(Math.max(MIN_CANARY_BUDGET_MS, timeoutMs - STABLE_RESERVE_MS, timeoutMs / 2));
}

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
  constructor(
    readonly remote: RemoteId,
    readonly expose: string,
    readonly kind: 'load' | 'timeout',
    message: string,
    /**
     * For a timeout: the load that is still running. The area shows its fallback at the
     * deadline, and can still swap the module in if it arrives later.
     */
    readonly arrival?: Promise<unknown>,
  ) {
    super(message);
  }
}

interface FederationState {
  manifest: RemotesManifest;
  cohort: number;
  chosen: Record<RemoteId, ChosenRemote>;
  rejectedOverrides: string[];
  report: FailureReporter;
  onLoaded: (chosen: ChosenRemote) => void;
  loaded: Set<RemoteId>;
  timeoutMs: number;
  attempts: Map<RemoteId, number>;
}

let state: FederationState | null = null;

/**
 * Canary versions that failed for this shopper in this page's life (`remote@version`): every
 * later load of that remote in the page uses stable, even if federation is started again.
 */
const failedVersions = new Set<string>();
/** Which release delivered a loaded module (so a render crash is charged to the right build). */
const deliveredBy = new WeakMap<object, ChosenRemote>();

const versionKey = (remote: RemoteId, version: string) => `${remote}@${version}`;

export async function fetchRemotesManifest(url = '/remotes.json', fetchImpl: typeof fetch = fetch): Promise<RemotesManifest> {
  // The entry point may have fetched it already to preload the first page (preload.ts).
  const early = takeEarlyManifest(url);
  if (early) return early;
  // No cache option: the edge server sends `no-store`, and a request that matches the
  // document's preload of remotes.json reuses that response.
  const response = await fetchImpl(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return parseRemotesManifest(await response.json());
}

/**
 * Retries a manifest fetch once, soon, when the network fails or the server answers 5xx.
 * (The retry plugin's own fetch retry waits a fixed second, too long for the 3 s budget;
 * it still retries scripts.)
 */
function manifestRetryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'eyewear-manifest-retry',
    async fetch(url, init) {
      const attempt = () => fetch(url, init);
      try {
        const response = await attempt();
        if (response.status < 500) return response;
      } catch {
        // fall through to the one retry
      }
      await new Promise((resolve) => setTimeout(resolve, MANIFEST_RETRY_DELAY_MS));
      const retried = await attempt();
      if (!retried.ok) throw new Error(`${url} answered ${retried.status}`);
      return retried;
    },
  };
}

/**
 * The runtime's plugins: the manifest's one retry, the load in steps (docs/adr/037) and the
 * retry plugin's script retry. The runtime calls every plugin's `fetch` hook in turn and keeps
 * the last answer, and the retry plugin's hook fetches again even with no `fetch` option: each
 * remote's manifest was fetched twice, one after the other (a round trip more on every first
 * load of a remote, a whole one on a phone). Its hook is left out; the manifest's retry is ours.
 */
export function federationPlugins(): ModuleFederationRuntimePlugin[] {
  const { fetch: _secondFetch, ...scriptRetry } = RetryPlugin({ script: { retryTimes: 1, retryDelay: 300 } }) as unknown as ModuleFederationRuntimePlugin;
  return [manifestRetryPlugin(), yieldingLoadPlugin(), scriptRetry];
}

/** The stable build a failed canary falls back to, for the rest of this page view. */
function demoteToStable(current: FederationState, remote: RemoteId): ChosenRemote {
  const { stable } = current.manifest.remotes[remote];
  const { bucket, bucketFrom } = current.chosen[remote];
  const fallback: ChosenRemote = {
    remote,
    channel: 'stable',
    version: stable.version,
    entry: stable.entry,
    fellBack: true,
    ...(bucket === undefined ? {} : { bucket, bucketFrom }),
  };
  current.chosen = { ...current.chosen, [remote]: fallback };
  return fallback;
}

/**
 * Marks a canary version failed for this page's life and moves the remote to stable (not yet
 * re-registered: the caller re-registers, or forgets the remote, which does). Returns
 * whether the remote now uses stable because of it: false for a release that is not a
 * canary, true again (without a second demotion) for a canary that already failed.
 */
function failCanary(current: FederationState, release: ChosenRemote): boolean {
  if (release.channel !== 'canary') return false;
  failedVersions.add(versionKey(release.remote, release.version));
  const now = current.chosen[release.remote];
  if (now.channel === 'canary' && now.version === release.version) demoteToStable(current, release.remote);
  return true;
}

/**
 * The name a build is registered under in the Module Federation runtime: stable under its
 * container's name, a canary under a name of its own. The runtime keeps its caches (module,
 * entry loading, manifest snapshot) per name, so with two names nothing of a canary that
 * failed, or is still loading past its budget, can answer stable's load (docs/adr/023).
 */
export function registeredName(release: Pick<ChosenRemote, 'remote' | 'channel'>): string {
  return release.channel === 'canary' ? `${containerName(release.remote)}__canary` : containerName(release.remote);
}

/** Stable of every remote, and the canary of those that chose one (under its own name). */
function releasesToRegister(current: Pick<FederationState, 'manifest' | 'chosen'>): ChosenRemote[] {
  const list: ChosenRemote[] = [];
  for (const remote of REMOTE_IDS) {
    const chosen = current.chosen[remote];
    if (chosen.channel === 'canary') {
      const { stable } = current.manifest.remotes[remote];
      list.push({ remote, channel: 'stable', version: stable.version, entry: stable.entry }, chosen);
    } else list.push(chosen);
  }
  return list;
}

function register(remotes: ChosenRemote[], force: boolean, attempt = 0) {
  registerRemotes(
    remotes.map((chosen) => ({
      name: registeredName(chosen),
      // A retry asks for the manifest again under a new URL, so no stalled or failed
      // request of an earlier attempt is reused.
      entry: attempt > 0 ? `${chosen.entry}?attempt=${attempt}` : chosen.entry,
    })),
    { force },
  );
}

/**
 * Registers the five remotes for this page view from remotes.json and the shopper's cohort.
 * Nothing is downloaded here: a remote's files are fetched when one of its modules is first
 * loaded. A canary that already failed in this page's life is not chosen again.
 */
export function startFederation(options: {
  manifest: RemotesManifest;
  cohort: number;
  report: FailureReporter;
  /** Told once per remote per page view when its first module loaded (telemetry's denominator). */
  onLoaded?: (chosen: ChosenRemote) => void;
  overrides?: Overrides;
  timeoutMs?: number;
}): Record<RemoteId, ChosenRemote> {
  const { chosen, rejected } = applyOverrides(chooseReleases(options.manifest, options.cohort), options.manifest, options.overrides ?? {});
  state = {
    manifest: options.manifest,
    cohort: options.cohort,
    chosen,
    rejectedOverrides: rejected,
    report: options.report,
    onLoaded: options.onLoaded ?? (() => undefined),
    loaded: new Set(),
    timeoutMs: options.timeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS,
    attempts: new Map(),
  };
  for (const remote of REMOTE_IDS) {
    const release = chosen[remote];
    if (release.channel === 'canary' && failedVersions.has(versionKey(remote, release.version))) demoteToStable(state, remote);
  }
  registerPlugins(federationPlugins());
  register(releasesToRegister(state), false);
  return state.chosen;
}

/** Forgets this page's federation state and failed canaries (for tests). */
export function resetFederationForTests(): void {
  state = null;
  failedVersions.clear();
}

export function chosenReleases(): Readonly<Record<RemoteId, ChosenRemote>> | null {
  return state?.chosen ?? null;
}

/** This page view's receipt from the edge (docs/adr/057), which its release beacons carry; null before remotes.json or from an older edge. */
export function pageViewReceipt(): string | null {
  return state?.manifest.view ?? null;
}

/** What this page view chose, for the debug panel and telemetry. */
export function federationInfo(): { cohort: number; chosen: Record<RemoteId, ChosenRemote>; rejectedOverrides: string[] } | null {
  return state ? { cohort: state.cohort, chosen: state.chosen, rejectedOverrides: state.rejectedOverrides } : null;
}

/** The release whose build delivered a module loadExposed returned (or its default export). */
export function releaseOf(loaded: unknown): ChosenRemote | undefined {
  return (typeof loaded === 'object' || typeof loaded === 'function') && loaded !== null ? deliveredBy.get(loaded) : undefined;
}

type Settled<T> = { outcome: 'loaded'; value: T } | { outcome: 'failed'; error: unknown } | { outcome: 'late' };

function settleWithin<T>(running: Promise<T>, ms: number): Promise<Settled<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Settled<T>>((resolve) => {
    timer = setTimeout(() => resolve({ outcome: 'late' }), ms);
  });
  return Promise.race([
    running.then(
      (value): Settled<T> => ({ outcome: 'loaded', value }),
      (error: unknown): Settled<T> => ({ outcome: 'failed', error }),
    ),
    late,
  ]).finally(() => clearTimeout(timer));
}

/**
 * Loads an exposed module of a remote within a deadline (`timeoutMs` from now).
 *
 * A canary gets part of the deadline (canaryBudget). If its manifest, entry or a chunk fails,
 * its shared negotiation refuses it, or it is not there in time, the failure is reported with
 * the canary's version and channel, the version is never tried again in this page, and
 * stable is loaded in what is left of the deadline. Stable (or a remote without a canary)
 * that is still not there at the deadline gives a timeout error carrying the running load, so
 * the area shows "taking longer" and can swap the module in when it arrives.
 */
export async function loadExposed<T>(remote: RemoteId, expose: string, options: { timeoutMs?: number } = {}): Promise<T> {
  if (!state) throw new RemoteLoadError(remote, expose, 'load', 'federation has not been started');
  const current = state;
  const timeoutMs = options.timeoutMs ?? current.timeoutMs;
  const deadline = Date.now() + timeoutMs;
  const exposed = expose.replace(/^\.\//, '');
  const attempt = async (release: ChosenRemote): Promise<T> => {
    const id = `${registeredName(release)}/${exposed}`;
    const loaded = await loadRemote<T>(id);
    if (loaded === null || loaded === undefined) throw new RemoteLoadError(remote, expose, 'load', `${id} resolved to nothing`);
    // A load that began before the remote fell back to stable delivers stable instead.
    const now = current.chosen[remote];
    if (now.version !== release.version && state === current) return attempt(now);
    if (typeof loaded === 'object' || typeof loaded === 'function') {
      deliveredBy.set(loaded as object, release);
      const value = (loaded as { default?: unknown }).default;
      if ((typeof value === 'object' || typeof value === 'function') && value !== null) deliveredBy.set(value, release);
    }
    return loaded;
  };

  let release = current.chosen[remote];
  let afterCanary = false;
  // A canary QA forced (?remote-override) is what QA came to see: it gets the whole deadline,
  // and a slow one shows "taking longer" and arrives, as stable would. One that fails still
  // falls back to stable, and the debug panel says so.
  if (release.channel === 'canary' && !release.overridden) {
    const budget = canaryBudget(timeoutMs);
    const canary = release;
    const running = attempt(canary);
    running.catch(() => undefined);
    const settled = await settleWithin(running, budget);
    if (settled.outcome === 'loaded') {
      markLoaded(current, remote);
      return settled.value;
    }
    const stable = current.manifest.remotes[remote].stable;
    const why = settled.outcome === 'late' ? `no answer within ${budget} ms` : errorMessage(settled.error);
    const firstFailure = current.chosen[remote].version === canary.version;
    failCanary(current, canary);
    if (firstFailure && settled.outcome === 'late') {
      // The shopper gets stable now; the canary is judged by stable's measure (docs/adr/057):
      // charged a timeout only if it is still not there at the whole deadline, as stable would be.
      void settleWithin(running, Math.max(0, deadline - Date.now())).then((own) => {
        if (own.outcome === 'loaded') current.onLoaded(canary);
        else
          current.report({
            kind: own.outcome === 'late' ? 'timeout' : 'load',
            remote,
            expose,
            version: canary.version,
            channel: 'canary',
            message:
              own.outcome === 'late'
                ? `canary ${canary.version} did not load within ${timeoutMs} ms; stable ${stable.version} was loaded from ${budget} ms`
                : `canary ${canary.version} failed (${errorMessage(own.error)}) after ${budget} ms; stable ${stable.version} was loaded instead`,
          });
      });
    } else if (firstFailure) {
      current.report({
        kind: 'load',
        remote,
        expose,
        version: canary.version,
        channel: 'canary',
        message: `canary ${canary.version} failed (${why}); loading stable ${stable.version} instead`,
      });
      // Stable is registered under its own name already: nothing of the canary is in its way.
    }
    release = current.chosen[remote];
    afterCanary = true;
  }

  const stableStarted = Date.now();
  const remaining = Math.max(0, deadline - stableStarted);
  const running = attempt(release);
  running.catch(() => undefined);
  const settled = await settleWithin(running, remaining);
  if (settled.outcome === 'loaded') {
    markLoaded(current, remote);
    return settled.value;
  }
  if (settled.outcome === 'failed' && release.channel === 'canary' && failCanary(current, release)) {
    // The forced canary failed: stable, in whatever is left of the deadline (the next load
    // of the area gets a whole one).
    current.report({
      kind: 'load',
      remote,
      expose,
      version: release.version,
      channel: 'canary',
      message: `canary ${release.version} failed (${errorMessage(settled.error)}); loading stable instead`,
    });
    return loadExposed<T>(remote, expose, { timeoutMs: Math.max(MIN_CANARY_BUDGET_MS, deadline - Date.now()) });
  }
  if (settled.outcome === 'late') {
    const late = release;
    if (afterCanary) {
      // Stable started late because the canary failed first: what is left of the area's
      // deadline is not stable's fault. It is charged only if it is late by its own measure
      // (the whole deadline from its own start), or fails.
      void settleWithin(running, Math.max(0, stableStarted + timeoutMs - Date.now())).then((own) => {
        if (own.outcome === 'late')
          current.report({
            kind: 'timeout',
            remote,
            expose,
            version: late.version,
            channel: late.channel,
            message: `no answer within ${timeoutMs} ms of its own start, after the canary failed`,
          });
        if (own.outcome === 'failed')
          current.report({ kind: 'load', remote, expose, version: late.version, channel: late.channel, message: errorMessage(own.error) });
      });
    } else {
      current.report({ kind: 'timeout', remote, expose, version: release.version, channel: release.channel, message: `no answer within ${timeoutMs} ms` });
    }
    // The area shows its fallback now, and swaps the module in if it arrives later.
    const arrival = running.then((loaded) => {
      markLoaded(current, remote);
      return loaded;
    });
    arrival.catch(() => undefined);
    throw new RemoteLoadError(remote, expose, 'timeout', `${remote} did not load within ${timeoutMs} ms`, arrival);
  }
  const message = errorMessage(settled.error);
  current.report({ kind: 'load', remote, expose, version: release.version, channel: release.channel, message });
  throw settled.error instanceof RemoteLoadError ? settled.error : new RemoteLoadError(remote, expose, 'load', message);
}

function markLoaded(current: FederationState, remote: RemoteId) {
  if (current.loaded.has(remote)) return;
  current.loaded.add(remote);
  current.onLoaded(current.chosen[remote]);
}

function reregister(current: FederationState, chosen: ChosenRemote) {
  const attempt = (current.attempts.get(chosen.remote) ?? 0) + 1;
  current.attempts.set(chosen.remote, attempt);
  register([chosen], true, attempt);
}

/**
 * A canary build that crashed while rendering (the area's error boundary saw it): the
 * version is never tried again in this page, and the remote uses stable from its next load
 * (the area forgets the remote and loads again). Returns false when the release is not a
 * canary: a stable crash shows the area's crash fallback.
 */
export function abandonCanary(release: ChosenRemote): boolean {
  if (!state || !isRemoteId(release.remote)) return false;
  return failCanary(state, release);
}

/** Forgets everything loaded or loading for a remote, so the next load starts afresh. */
export function resetRemote(remote: RemoteId): void {
  if (!state || !isRemoteId(remote)) return;
  reregister(state, state.chosen[remote]);
}
