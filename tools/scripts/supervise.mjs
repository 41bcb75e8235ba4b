// A small process supervisor: `npm start` runs the API under it, so a crashed API is started
// again instead of taking the whole site down (docs/adr/022). Restarts back off
// exponentially (1 s, 2 s, 4 s ... capped at 30 s); a child that stayed up for a while
// (`resetAfterMs`) counts as healthy again and its next crash restarts after 1 s.
import { spawn } from 'node:child_process';

/**
 * The wait before restart number `failures` (0-based): initial * 2^failures, capped.
 * @param {number} failures
 * @param {{ initialDelayMs?: number, maxDelayMs?: number }} [options]
 */
export function backoffDelay(failures, { initialDelayMs = 1_000, maxDelayMs = 30_000 } = {}) {
  return Math.min(maxDelayMs, initialDelayMs * 2 ** Math.max(0, failures));
}

/**
 * @param {object} options
 * @param {string} options.name what the log lines call the child
 * @param {string} options.command
 * @param {string[]} [options.args]
 * @param {import('node:child_process').SpawnOptions} [options.spawnOptions]
 * @param {number} [options.initialDelayMs] first restart delay (1 s)
 * @param {number} [options.maxDelayMs] longest restart delay (30 s)
 * @param {number} [options.resetAfterMs] uptime after which the backoff starts over (60 s)
 * @param {(line: string) => void} [options.log]
 * @param {(child: import('node:child_process').ChildProcess) => void} [options.onStart]
 */
export function supervise({
  name,
  command,
  args = [],
  spawnOptions = {},
  initialDelayMs = 1_000,
  maxDelayMs = 30_000,
  resetAfterMs = 60_000,
  log = (line) => console.error(line),
  onStart = () => {},
}) {
  let child = null;
  let stopping = false;
  let failures = 0;
  let restarts = 0;
  let timer = null;
  let startedAt = 0;
  const delays = [];

  function start() {
    timer = null;
    startedAt = Date.now();
    child = spawn(command, args, spawnOptions);
    const current = child;
    onStart(current);
    current.on('error', (error) => log(`[${name}] could not start: ${error.message}`));
    current.on('exit', (code, signal) => {
      if (current !== child) return;
      child = null;
      if (stopping) return;
      if (Date.now() - startedAt >= resetAfterMs) failures = 0;
      const delay = backoffDelay(failures, { initialDelayMs, maxDelayMs });
      failures += 1;
      delays.push(delay);
      log(`[${name}] stopped (${signal ?? `exit ${code}`}); restarting in ${(delay / 1000).toFixed(1)} s`);
      timer = setTimeout(() => {
        restarts += 1;
        start();
      }, delay);
    });
  }
  start();

  return {
    /** The running child, or null between a crash and its restart. */
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    /** The delays waited so far, in order. */
    get delays() {
      return [...delays];
    },
    /** Stops supervising and ends the child (SIGTERM, then SIGKILL after `graceMs`). */
    stop(graceMs = 5_000) {
      stopping = true;
      if (timer) clearTimeout(timer);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        const kill = setTimeout(() => running.kill('SIGKILL'), graceMs);
        running.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        running.kill('SIGTERM');
      });
    },
  };
}
