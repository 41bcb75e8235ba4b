// A render worker (docs/adr/046): renders the pages of one shell build, with every remote build
// its pages ask for, in a thread of its own. The edge starts one per live shell build (stable,
// canary) and retires it when its build is no longer live or it has loaded too many builds.
import '../../react-env';
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerAnswer, WorkerMessage, WorkerSetup } from '../types';
import { gatherCacheKeys, withCacheKeys } from './cache-keys';
import { createWorkerFederation } from './federation';
import { renderDocument } from './render-document';
import { renderPage, RenderRefused } from './render-page';

const setup = workerData as WorkerSetup;
const port = parentPort;
if (!port) throw new Error('the render worker runs in a worker thread');

// Before any build is loaded: their API calls go through the fetch that gathers cache keys.
gatherCacheKeys();
const federation = createWorkerFederation(setup.shell, `eyewear_edge_${setup.shellVersion.replace(/\W/g, '_')}`);
const log = (line: string) => console.error(`[edge] ${line}`);

port.on('message', (message: WorkerMessage) => {
  if (message.type === 'document') {
    renderDocument(federation, message.parts, message.id).then(
      (answer) => port.postMessage(answer),
      (error: unknown) =>
        port.postMessage({ id: message.id, refused: 'shell-error', message: error instanceof Error ? error.message : String(error) } satisfies WorkerAnswer),
    );
    return;
  }
  withCacheKeys(() => renderPage(federation, message.job, log)).then(
    ({ value, keys }) =>
      port.postMessage({ id: message.id, result: { ...value, cacheKeys: keys }, builds: federation.builds() } satisfies WorkerAnswer & { builds: number }),
    (error: unknown) => {
      const answer: WorkerAnswer =
        error instanceof RenderRefused
          ? { id: message.id, refused: error.refusal, message: error.message }
          : { id: message.id, refused: 'worker-failed', message: error instanceof Error ? error.message : String(error) };
      port.postMessage(answer);
    },
  );
});
