import { coreRoutes, type ApiClient, type TelemetryEvent } from '@eyewear/api-client';
import { remoteLoadFailed, type PageStore } from '@eyewear/event-bus';
import { type ChosenRemote, type FailureReporter } from '@eyewear/federation';

/** Reports are sent in small batches: a failing remote can fail several areas at once. */
const FLUSH_AFTER_MS = 1000;

/**
 * Reports a remote's failure: as a `remote/loadFailed` event on the page's bus, in the
 * console, and to the API's telemetry intake (what the release CLI's `status` reads).
 */
export interface Reporter extends FailureReporter {
  /** An uncaught error reached the page. */
  pageError(message: string): void;
  /** A remote's first module of this page view loaded: the denominator of failure rates. */
  loaded(chosen: ChosenRemote): void;
}

export function createReporter(pageStore: PageStore, api: Pick<ApiClient, 'call'>): Reporter {
  let queue: TelemetryEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  function flush() {
    timer = null;
    const events = queue.slice(0, 50);
    queue = [];
    if (events.length === 0) return;
    api.call(coreRoutes.telemetry, { body: { events } }).catch(() => {
      // Telemetry must never hurt the page; a lost report is acceptable.
    });
  }

  function enqueue(event: TelemetryEvent) {
    queue.push(event);
    timer ??= setTimeout(flush, FLUSH_AFTER_MS);
  }

  if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);

  const report: Reporter = Object.assign(
    (failure: Parameters<FailureReporter>[0]) => {
      pageStore.store.dispatch(remoteLoadFailed(failure));
      console.warn(`[remote ${failure.kind}] ${failure.remote}${failure.expose ? ` ${failure.expose}` : ''}: ${failure.message}`);
      enqueue({ ...failure, message: failure.message.slice(0, 500), path: location.pathname.slice(0, 300) });
    },
    {
      pageError(message: string) {
        enqueue({ kind: 'pageerror', remote: 'shell', message: message.slice(0, 500), path: location.pathname.slice(0, 300) });
      },
      loaded(chosen: ChosenRemote) {
        enqueue({ kind: 'loaded', remote: chosen.remote, version: chosen.version, channel: chosen.channel, message: '' });
      },
    },
  );
  return report;
}
