import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { takeEarlyManifest } from './preload';
import { chooseReleases, parseRemotesManifest, type ChosenRemote, type RemotesManifest } from './manifest';
import { applyOverrides, type Overrides } from './override';
import { containerName, isRemoteId, REMOTE_IDS, REMOTES, type RemoteId } from './remotes';
import { errorMessage, type FailureReporter } from './report';

/**
 * How long after a page load or route change began an area waits for its remote before it
 * shows the fallback. The shopper should see either the page or a way to retry within 3 s.
 */
export const DEFAULT_LOAD_TIMEOUT_MS = 2500;
/** However late an area starts loading, it gets at least this long. */
export const MIN_LOAD_TIMEOUT_MS = 1000;
const MANIFEST_RETRY_DELAY_MS = 150;

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
  /** Canaries that missed a deadline on this page view: a retry loads stable instead. */
  stalledCanaries: Set<RemoteId>;
}

let state: FederationState | null = null;

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

function containerToRemote(name: string): RemoteId | undefined {
  return REMOTE_IDS.find((id) => REMOTES[id].container === name);
}

/**
 * Reports a remote's load failure once, at the point the runtime gives up on it (after the
 * retry plugin's attempts). Returning nothing lets the failure reach the area's loader,
 * which shows the fallback.
 */
function reportingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'eyewear-report-load-failure',
    errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad' || !state) return undefined;
      const container = String(args.id).split('/')[0] ?? '';
      const remote = containerToRemote(container);
      if (!remote) return undefined;
      const chosen = state.chosen[remote];
      state.report({
        kind: 'load',
        remote,
        expose: args.expose ? `./${String(args.expose).replace(/^\.\//, '')}` : undefined,
        version: chosen.version,
        channel: chosen.channel,
        message: errorMessage(args.error),
      });
      return undefined;
    },
  };
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

/** The stable build a failed canary falls back to, for the rest of this page view. */
function demoteToStable(current: FederationState, remote: RemoteId): ChosenRemote {
  const { stable } = current.manifest.remotes[remote];
  const fallback: ChosenRemote = { remote, channel: 'stable', version: stable.version, entry: stable.entry, fellBack: true };
  current.chosen = { ...current.chosen, [remote]: fallback };
  return fallback;
}

/**
 * A canary whose manifest cannot be read falls back to stable for this page view: the
 * stable manifest is handed to the runtime in its place, with its publicPath rewritten to
 * the stable folder (the runtime would otherwise derive chunk URLs from the canary's
 * address, TOOLCHAIN.md trap 12). The canary's failure is reported with its version.
 */
function canaryFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'eyewear-canary-fallback',
    async errorLoadRemote(args) {
      if (args.lifecycle !== 'afterResolve' || !state) return undefined;
      const current = state;
      const remote = containerToRemote(String((args as { remote?: { name?: string } }).remote?.name ?? ''));
      if (!remote || current.chosen[remote].channel !== 'canary') return undefined;
      const canary = current.chosen[remote];
      const stable = demoteToStable(current, remote);
      const stableUrl = new URL(stable.entry, globalThis.location?.href ?? 'http://localhost/').href;
      const response = await fetch(stableUrl, { credentials: 'same-origin' });
      if (!response.ok) return undefined;
      const manifest = (await response.json()) as { metaData: { publicPath?: string } };
      manifest.metaData.publicPath = new URL('.', stableUrl).href;
      current.report({
        kind: 'load',
        remote,
        version: canary.version,
        channel: 'canary',
        message: `canary ${canary.version} did not load (${errorMessage(args.error)}); stable ${stable.version} loaded instead`,
      });
      return manifest as never;
    },
  };
}

function register(remotes: ChosenRemote[], force: boolean, attempt = 0) {
  registerRemotes(
    remotes.map((chosen) => ({
      name: containerName(chosen.remote),
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
 * loaded.
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
    stalledCanaries: new Set(),
  };
  registerPlugins([
    manifestRetryPlugin(),
    RetryPlugin({ script: { retryTimes: 1, retryDelay: 300 } }) as unknown as ModuleFederationRuntimePlugin,
    canaryFallbackPlugin(),
    reportingPlugin(),
  ]);
  register(Object.values(chosen), false);
  return chosen;
}

export function chosenReleases(): Readonly<Record<RemoteId, ChosenRemote>> | null {
  return state?.chosen ?? null;
}

/** What this page view chose, for the debug panel and telemetry. */
export function federationInfo(): { cohort: number; chosen: Record<RemoteId, ChosenRemote>; rejectedOverrides: string[] } | null {
  return state ? { cohort: state.cohort, chosen: state.chosen, rejectedOverrides: state.rejectedOverrides } : null;
}

/**
 * Loads an exposed module of a remote, giving up after the timeout so a stalled remote
 * shows its fallback instead of a blank area.
 */
export async function loadExposed<T>(remote: RemoteId, expose: string, options: { timeoutMs?: number } = {}): Promise<T> {
  if (!state) throw new RemoteLoadError(remote, expose, 'load', 'federation has not been started');
  const current = state;
  const timeoutMs = options.timeoutMs ?? current.timeoutMs;
  const id = `${containerName(remote)}/${expose.replace(/^\.\//, '')}`;
  const attempt = async (): Promise<T> => {
    const loaded = await loadRemote<T>(id);
    if (loaded === null || loaded === undefined) throw new RemoteLoadError(remote, expose, 'load', `${id} resolved to nothing`);
    return loaded;
  };
  const running = attempt().catch((error: unknown) => {
    // A canary that fails past its manifest (entry, chunks) falls back to stable once.
    if (current.chosen[remote].channel !== 'canary' || state !== current) throw error;
    reregister(current, demoteToStable(current, remote));
    return attempt();
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const chosen = current.chosen[remote];
      current.report({
        kind: 'timeout',
        remote,
        expose,
        version: chosen.version,
        channel: chosen.channel,
        message: `no answer within ${timeoutMs} ms`,
      });
      // The area shows its fallback now, and swaps the module in if it arrives later (a
      // canary whose files then fail still falls back to stable on the way). A retry after a
      // stalled canary loads stable.
      if (chosen.channel === 'canary') current.stalledCanaries.add(remote);
      const arrival = running.then((loaded) => {
        markLoaded(current, remote);
        return loaded;
      });
      arrival.catch(() => undefined);
      reject(new RemoteLoadError(remote, expose, 'timeout', `${remote} did not load within ${timeoutMs} ms`, arrival));
    }, timeoutMs);
  });
  running.catch(() => undefined);
  try {
    const loaded = await Promise.race([running, timeout]);
    markLoaded(current, remote);
    return loaded;
  } catch (error) {
    if (error instanceof RemoteLoadError) throw error;
    throw new RemoteLoadError(remote, expose, 'load', errorMessage(error));
  } finally {
    clearTimeout(timer);
  }
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

/** Forgets everything loaded or loading for a remote, so the next load starts afresh. */
export function resetRemote(remote: RemoteId): void {
  if (!state || !isRemoteId(remote)) return;
  if (state.stalledCanaries.delete(remote) && state.chosen[remote].channel === 'canary') {
    reregister(state, demoteToStable(state, remote));
    return;
  }
  reregister(state, state.chosen[remote]);
}
