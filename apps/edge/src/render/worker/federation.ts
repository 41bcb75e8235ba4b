// The Module Federation runtime of one render worker (docs/adr/046): one instance for the one
// shell build the worker renders for, and every remote build its pages ask for registered in
// it by its own container name (a build's name carries its build id, so stable and a canary of
// a remote are two containers side by side). One instance per worker, one worker per shell
// build: a container is initialised once per process with one share scope, so the shell and
// the remotes it renders with must share that scope from the start. Two instances in one
// process (the edge before issue 39) left a remote build loaded after the first with its own
// copy of the shared libs: "useApiClient: no ApiClientProvider above", and the page went to
// the browser.
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as jsxRuntime from 'react/jsx-runtime';
import { createInstance } from '@module-federation/runtime';
import type { ServerContainer } from '../types';

/** The error digest React hands the browser for an area it renders itself (libs/event-bus CLIENT_AREA_DIGEST). */
export const CLIENT_AREA_DIGEST = 'eyewear-client-area';

export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(`${what} did not load within ${ms} ms`), { digest: CLIENT_AREA_DIGEST })), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The packages the edge provides to every container: the one React of this process. */
function sharedReact() {
  const { version } = React;
  const provide = (lib: unknown) => ({ version, lib: () => lib, shareConfig: { singleton: true, requiredVersion: `^${version}` } });
  return { react: provide(React), 'react/jsx-runtime': provide(jsxRuntime), 'react-dom': provide(ReactDOM) };
}

export interface WorkerFederation {
  /** The shell's `./server` module (its prepareRender). */
  shellServer: Promise<unknown>;
  /** An exposed module of a remote build, registering its container on first use. */
  loadModule(container: ServerContainer, expose: string, deadlineMs: number): Promise<unknown>;
  /** How many remote builds this worker has loaded (the pool retires a worker past its limit). */
  builds(): number;
}

export function createWorkerFederation(shell: ServerContainer, instanceName: string): WorkerFederation {
  const mf = createInstance({ name: instanceName, remotes: [shell], shared: sharedReact() });
  const shellServer = mf.loadRemote<unknown>(`${shell.name}/server`);
  // Not a rejection nobody handles: the render asks for it and says why it failed.
  shellServer.catch(() => undefined);
  const registered = new Map<string, string>();
  const modules = new Map<string, Promise<unknown>>();

  function loadModule(container: ServerContainer, expose: string, deadlineMs: number): Promise<unknown> {
    if (!registered.has(container.name)) {
      mf.registerRemotes([container]);
      registered.set(container.name, container.entry);
    }
    const id = `${container.name}/${expose.replace(/^\.\//, '')}`;
    let loading = modules.get(id);
    if (!loading) {
      loading = mf.loadRemote<unknown>(id);
      modules.set(id, loading);
      // A failed load is tried again by a later request, not remembered.
      loading.catch(() => modules.delete(id));
    }
    return withDeadline(loading, deadlineMs, id);
  }

  return { shellServer, loadModule, builds: () => registered.size };
}
