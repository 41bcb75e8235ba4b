import { type ChildProcess } from 'node:child_process';
import { backoffDelay, supervise } from './supervise.mjs';

const waitFor = async (check: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('supervise', () => {
  it('backs off exponentially from 1 s, capped', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(backoffDelay(3, { initialDelayMs: 50, maxDelayMs: 300 })).toBe(300);
  });

  it('starts a killed child again, and ends it when stopped', async () => {
    const started: ChildProcess[] = [];
    const logs: string[] = [];
    const supervisor = supervise({
      name: 'sleeper',
      command: process.execPath,
      args: ['-e', 'setInterval(() => {}, 1000)'],
      spawnOptions: { stdio: 'ignore' },
      initialDelayMs: 50,
      log: (line) => logs.push(line),
      onStart: (child) => started.push(child),
    });
    await waitFor(() => started.length === 1 && started[0].pid !== undefined);
    const first = started[0].pid!;
    process.kill(first, 'SIGKILL');
    await waitFor(() => started.length === 2 && supervisor.child !== null);
    const second = supervisor.child!.pid!;
    expect(second).not.toBe(first);
    expect(alive(first)).toBe(false);
    expect(alive(second)).toBe(true);
    expect(supervisor.restarts).toBe(1);
    expect(logs[0]).toMatch(/\[sleeper\] stopped \(SIGKILL\); restarting in 0\.1 s/);
    await supervisor.stop();
    expect(alive(second)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(started).toHaveLength(2);
  });

  it('waits longer after each quick crash, and starts over after a healthy period', async () => {
    const crashing = supervise({
      name: 'crasher',
      command: process.execPath,
      args: ['-e', 'process.exit(3)'],
      spawnOptions: { stdio: 'ignore' },
      initialDelayMs: 20,
      maxDelayMs: 80,
      resetAfterMs: 60_000,
      log: () => {},
    });
    await waitFor(() => crashing.delays.length >= 5, 10_000);
    await crashing.stop();
    expect(crashing.delays.slice(0, 5)).toEqual([20, 40, 80, 80, 80]);

    // Each run lasts longer than resetAfterMs: every crash counts as the first.
    const steady = supervise({
      name: 'steady',
      command: process.execPath,
      args: ['-e', 'setTimeout(() => process.exit(1), 150)'],
      spawnOptions: { stdio: 'ignore' },
      initialDelayMs: 20,
      resetAfterMs: 100,
      log: () => {},
    });
    await waitFor(() => steady.delays.length >= 3, 10_000);
    await steady.stop();
    expect(steady.delays.slice(0, 3)).toEqual([20, 20, 20]);
  });
});
