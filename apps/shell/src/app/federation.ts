import {
  RemoteLoadError,
  ensureCohort,
  errorMessage,
  fetchRemotesManifest,
  loadExposed,
  resetRemote,
  startFederation,
  type FailureReporter,
  type RemoteId,
} from '@eyewear/federation';

/**
 * Starts federation once per page view: reads /remotes.json and registers the remotes for
 * the shopper's cohort. A failed start is forgotten, so the next area retry reads the
 * manifest again.
 */
let starting: Promise<void> | null = null;

export function ensureFederation(report: FailureReporter): Promise<void> {
  if (!starting) {
    starting = fetchRemotesManifest('/remotes.json').then((manifest) => {
      startFederation({ manifest, cohort: ensureCohort(), report });
    });
    starting.catch(() => {
      starting = null;
    });
  }
  return starting;
}

/** The modules areas are loading or have loaded, by `remote/expose`. */
const modules = new Map<string, Promise<unknown>>();
let pending = 0;
const listeners = new Set<() => void>();

function setPending(delta: number) {
  pending += delta;
  listeners.forEach((listener) => listener());
}

export const pendingLoads = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  count: () => pending,
};

/** The default export of an exposed module, loaded once and shared by every area showing it. */
export function loadModule<T>(remote: RemoteId, expose: string, report: FailureReporter): Promise<T> {
  const key = `${remote}/${expose}`;
  let loading = modules.get(key) as Promise<T> | undefined;
  if (!loading) {
    setPending(1);
    loading = ensureFederation(report)
      .then(() => loadExposed<{ default: T }>(remote, expose))
      .then((module) => {
        if (!module.default) throw new RemoteLoadError(remote, expose, 'load', `${key} has no default export`);
        return module.default;
      })
      .catch((error: unknown) => {
        if (error instanceof RemoteLoadError) throw error;
        // The runtime reports what fails inside it; what fails before it (remotes.json
        // unreadable) is reported here.
        report({ kind: 'load', remote, expose, message: errorMessage(error) });
        throw new RemoteLoadError(remote, expose, 'load', errorMessage(error));
      })
      .finally(() => setPending(-1));
    // Rejections are handled by the area that renders the module; this keeps a failed
    // load from also surfacing as an unhandled rejection.
    loading.catch(() => undefined);
    modules.set(key, loading);
  }
  return loading;
}

/** Forgets a remote's modules and the runtime's record of it, so a retry loads afresh. */
export function forgetRemote(remote: RemoteId) {
  for (const key of [...modules.keys()]) {
    if (key.startsWith(`${remote}/`)) modules.delete(key);
  }
  resetRemote(remote);
}
