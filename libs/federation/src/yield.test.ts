/**
 * Loading a remote's module in steps, each a task of its own (docs/adr/037), on the real Module
 * Federation runtime: a container handed over by a `loadEntry` plugin stands in for the remote's
 * entry script, and records when the runtime starts it, asks it for the module and runs it.
 */
import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { yieldingLoadPlugin, yieldToMain } from './yield';

let instances = 0;

/** Loads `remote/Page` through a fresh runtime instance; `log` gets the container's steps and the tasks that ran between them. */
async function load(plugins: ModuleFederationRuntimePlugin[]) {
  const log: string[] = [];
  // A task of the page queued at each step: it runs before the next step only if the load yields.
  const task = (after: string) => setTimeout(() => log.push(`task after ${after}`), 0);
  const container = {
    init: async () => {
      log.push('init');
      task('init');
    },
    get: async () => {
      log.push('get');
      task('get');
      return () => {
        log.push('run');
        return { default: 'page' };
      };
    },
  };
  // As webpack's container does, `get` answers a promise of the module's factory.
  const entry: ModuleFederationRuntimePlugin = { name: 'entry-in-memory', loadEntry: async () => container as never };
  instances += 1;
  const federation = createInstance({
    name: `host_${instances}`,
    remotes: [{ name: 'remote', entry: `http://remote.test/${instances}/remoteEntry.js` }],
    plugins: [entry, ...plugins],
  });
  task('entry');
  const page = await federation.loadRemote<{ default: string }>('remote/Page');
  await new Promise((resolve) => setTimeout(resolve, 10));
  return { page, log };
}

describe('yieldingLoadPlugin', () => {
  it('starts the container, gets the module and runs it each in a task of its own', async () => {
    const { page, log } = await load([yieldingLoadPlugin()]);
    expect(page?.default).toBe('page');
    expect(log).toEqual(['task after entry', 'init', 'task after init', 'get', 'task after get', 'run']);
  });

  it('is what splits them: without it the load is one task', async () => {
    const { log } = await load([]);
    expect(log.slice(0, 3)).toEqual(['init', 'get', 'run']);
  });
});

describe('yieldToMain', () => {
  it('resumes after the tasks already queued', async () => {
    const log: string[] = [];
    setTimeout(() => log.push('queued'), 0);
    await yieldToMain();
    log.push('resumed');
    expect(log).toEqual(['queued', 'resumed']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const scheduler = { yield: jest.fn(() => Promise.resolve()) };
    Object.assign(globalThis, { scheduler });
    try {
      await yieldToMain();
      expect(scheduler.yield).toHaveBeenCalledTimes(1);
    } finally {
      delete (globalThis as { scheduler?: unknown }).scheduler;
    }
  });
});
