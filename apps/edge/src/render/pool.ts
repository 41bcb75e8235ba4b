// The render workers (docs/adr/046): one worker thread per shell build that pages are rendered
// for (the stable shell, its canary), each with one Module Federation instance in which every
// remote build it needs is registered side by side. A remote's canary, a promote and a
// rollback are new containers in the same instance: nothing restarts. A worker is retired (a
// new one takes the next pages, the old one ends when its renders have) when its shell build
// is no longer live or it has loaded more builds than `maxBuilds` (each keeps its modules).
import { Worker } from 'node:worker_threads';
import type { DocumentParts, RenderJob, RenderRefusal, RenderResult, WorkerAnswer, WorkerMessage, WorkerSetup } from './types';

export type PoolAnswer = { result: RenderResult } | { refused: RenderRefusal; message: string };
export type DocumentAnswer = { document: string } | { refused: RenderRefusal; message: string };
type Refused = { refused: RenderRefusal; message: string };

export interface RenderPoolOptions {
  /** The worker's script (the edge's build: render-worker.js beside main.js). */
  workerFile: string;
  /** How long a shell build that failed to load renders in the browser before it is tried again. */
  retryFailedMs: number;
  /** Remote builds one worker may load before it is retired. */
  maxBuilds?: number;
  /** A render that takes longer than this has a stuck worker: it is ended. */
  stuckMs: number;
  log: (line: string) => void;
  now?: () => number;
}

interface PoolWorker {
  setup: WorkerSetup;
  worker: Worker;
  pending: Map<number, (answer: WorkerAnswer | Refused) => void>;
  builds: number;
  failedUntil: number;
  failure: string;
  retired: boolean;
}

export type RenderPool = ReturnType<typeof createRenderPool>;

export function createRenderPool({ workerFile, retryFailedMs, maxBuilds = 24, stuckMs, log, now = Date.now }: RenderPoolOptions) {
  const workers = new Map<string, PoolWorker>();
  let nextId = 0;
  let closed = false;

  function end(entry: PoolWorker, why: string) {
    entry.retired = true;
    if (workers.get(entry.setup.shellVersion) === entry) workers.delete(entry.setup.shellVersion);
    for (const settle of entry.pending.values()) settle({ refused: 'worker-failed', message: why });
    entry.pending.clear();
    void entry.worker.terminate();
  }

  /** Ends a retired worker once its last render has answered. */
  function endWhenIdle(entry: PoolWorker) {
    if (entry.retired && entry.pending.size === 0) void entry.worker.terminate();
  }

  function start(setup: WorkerSetup): PoolWorker {
    const worker = new Worker(workerFile, { workerData: setup });
    worker.unref();
    const entry: PoolWorker = { setup, worker, pending: new Map(), builds: 0, failedUntil: 0, failure: '', retired: false };
    worker.on('message', (answer: WorkerAnswer & { builds?: number }) => {
      const settle = entry.pending.get(answer.id);
      entry.pending.delete(answer.id);
      if (typeof answer.builds === 'number') entry.builds = answer.builds;
      if ('refused' in answer && answer.refused === 'shell-failed') {
        // The shell's server build did not load (the origin down a moment, a broken build):
        // its pages go to the browser until retryFailedMs have passed, then a new worker tries.
        if (!entry.failedUntil) log(`the shell's server build ${setup.shellVersion} did not load: ${answer.message}`);
        entry.failedUntil = now() + retryFailedMs;
        entry.failure = answer.message;
      }
      settle?.(answer);
      if (entry.builds > maxBuilds && !entry.retired) {
        entry.retired = true;
        if (workers.get(setup.shellVersion) === entry) workers.delete(setup.shellVersion);
      }
      endWhenIdle(entry);
    });
    worker.on('error', (error) => {
      log(`the render worker of shell ${setup.shellVersion} failed: ${error.message}`);
      end(entry, error.message);
    });
    worker.on('exit', (code) => {
      if (!entry.retired && !closed) log(`the render worker of shell ${setup.shellVersion} exited (${code})`);
      end(entry, `the render worker exited (${code})`);
    });
    return entry;
  }

  function workerFor(setup: WorkerSetup): PoolWorker {
    let entry = workers.get(setup.shellVersion);
    if (entry && entry.setup.shell.name !== setup.shell.name) {
      end(entry, 'the shell build changed');
      entry = undefined;
    }
    if (entry && entry.failedUntil && now() >= entry.failedUntil) {
      end(entry, 'tried again');
      entry = undefined;
    }
    if (!entry) {
      entry = start(setup);
      workers.set(setup.shellVersion, entry);
    }
    return entry;
  }

  /** Asks its shell build's worker; a stuck worker is ended (its asks are answered as refused). */
  function ask(setup: WorkerSetup, what: string, message: (id: number) => WorkerMessage): Promise<WorkerAnswer | Refused> {
    if (closed) return Promise.resolve({ refused: 'worker-failed', message: 'the edge is stopping' });
    const entry = workerFor(setup);
    if (entry.failedUntil > now()) return Promise.resolve({ refused: 'shell-failed', message: entry.failure });
    const id = (nextId += 1);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        log(`the render worker of shell ${setup.shellVersion} did not answer ${what} within ${stuckMs} ms: ended`);
        end(entry, 'the render worker was stuck');
      }, stuckMs);
      timer.unref();
      entry.pending.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      entry.worker.postMessage(message(id));
    });
  }

  /** Renders a page in its shell build's worker. */
  async function render(setup: WorkerSetup, job: RenderJob): Promise<PoolAnswer> {
    const answer = await ask(setup, job.url, (id) => ({ type: 'render', id, job }));
    if ('result' in answer) return { result: answer.result };
    if ('refused' in answer) return answer;
    return { refused: 'worker-failed', message: 'the worker answered a render with a document' };
  }

  /** The document around a rendered page, made by its shell build (in that build's worker). */
  async function renderDocument(setup: WorkerSetup, parts: DocumentParts): Promise<DocumentAnswer> {
    const answer = await ask(setup, 'a document', (id) => ({ type: 'document', id, parts }));
    if ('document' in answer) return { document: answer.document };
    if ('refused' in answer) return answer;
    return { refused: 'worker-failed', message: 'the worker answered a document with a render' };
  }

  /** Retires the workers of shell builds no longer live (called as the edge reads shell.json). */
  function keepOnly(liveShellVersions: readonly string[]) {
    for (const [version, entry] of workers) {
      if (liveShellVersions.includes(version)) continue;
      workers.delete(version);
      entry.retired = true;
      endWhenIdle(entry);
    }
  }

  async function close() {
    closed = true;
    const all = [...workers.values()];
    workers.clear();
    await Promise.all(all.map((entry) => (end(entry, 'the edge is stopping'), undefined)));
  }

  const describe = () => [...workers.values()].map((entry) => ({ shell: entry.setup.shellVersion, builds: entry.builds, pending: entry.pending.size }));

  return { render, document: renderDocument, keepOnly, close, describe };
}
