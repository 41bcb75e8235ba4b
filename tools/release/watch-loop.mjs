// The guard's `--watch` loop: a tick every `every` ms until stopped (SIGINT, SIGTERM, `signal`,
// or `signal` already aborted), each tick's result (or error) printed by `print` as it happens.
// A tick that fails is printed and the loop goes on.

/**
 * @param {() => Promise<any>} tick
 * @param {{ every?: number, print?: (result: any, error: any) => void, signal?: AbortSignal }} [loop]
 * @returns {Promise<{ stopped: true, ticks: number }>}
 */
export async function watchTicks(tick, { every = 30_000, print = console.log, signal } = {}) {
  let stopped = Boolean(signal?.aborted);
  const stop = () => {
    stopped = true;
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  signal?.addEventListener('abort', stop);
  let ticks = 0;
  try {
    while (!stopped) {
      ticks += 1;
      try {
        print(await tick(), null);
      } catch (error) {
        print(null, error);
      }
      for (let waited = 0; waited < every && !stopped; waited += 250) await new Promise((r) => setTimeout(r, Math.min(250, every - waited)));
    }
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  return { stopped: true, ticks };
}
