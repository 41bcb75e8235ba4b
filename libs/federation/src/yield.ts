import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Lets the browser run what waits (input, a frame, another task) before the caller goes on:
 * `scheduler.yield()` where the browser has it (the caller's continuation comes first after
 * that), else a zero timeout. A phone's main thread is then never blocked for the whole of a
 * start or a load (issue 19: total blocking time).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A runtime plugin that splits loading a remote's module into tasks (docs/adr/037): the remote's
 * entry script (and what the page ran after it), the container's start (its shared modules
 * registered and chosen), the exposed module's chunks, and its code's first run are each a
 * task of their own, where they were one task of 60-80 ms on a phone's CPU.
 */
export function yieldingLoadPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'eyewear-yielding-load',
    async beforeInitRemote() {
      await yieldToMain();
    },
    async beforeGetExpose() {
      await yieldToMain();
    },
    async beforeExecuteFactory() {
      await yieldToMain();
    },
  };
}
