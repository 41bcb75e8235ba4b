import { remoteLoadFailed, type PageStore } from '@eyewear/event-bus';
import { type FailureReporter } from '@eyewear/federation';

/**
 * Reports a remote's failure: as a `remote/loadFailed` event on the page's bus (sagas and
 * the release tooling listen there) and in the console. The API's telemetry endpoint does
 * not exist yet; when it does, a saga forwards these events to it.
 */
export function createReporter(pageStore: PageStore): FailureReporter {
  return (failure) => {
    pageStore.store.dispatch(remoteLoadFailed(failure));
    console.warn(`[remote ${failure.kind}] ${failure.remote}${failure.expose ? ` ${failure.expose}` : ''}: ${failure.message}`);
  };
}
