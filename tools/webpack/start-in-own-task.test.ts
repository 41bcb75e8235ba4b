/**
 * The shell's entry starts its app in a task of its own (docs/adr/037): built with webpack and
 * the federation plugin as the shell is, then run, its modules are defined when the script has
 * run, and nothing of the app (nor the federation runtime's start) has run until the timer fires.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import webpack from 'webpack';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { StartInOwnTaskPlugin } = require('./start-in-own-task.cjs');

jest.setTimeout(120_000);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'start-in-own-task-'));
  writeFileSync(path.join(dir, 'entry.js'), "globalThis.events.push('entry ran');\nimport('./later.js').then(() => globalThis.events.push('chunk loaded'));\n");
  writeFileSync(path.join(dir, 'later.js'), "globalThis.events.push('later ran');\n");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function build(options: { federation: boolean; plugin: boolean; mode: 'production' | 'development'; runtimeThrows?: boolean }): Promise<string> {
  const compiler = webpack({
    mode: options.mode,
    context: dir,
    entry: { main: './entry.js' },
    devtool: false,
    target: 'web',
    output: { path: path.join(dir, 'out'), filename: '[name].js', publicPath: '/' },
    optimization: { minimize: options.mode === 'production' },
    plugins: [
      ...(options.federation
        ? [new ModuleFederationPlugin({ name: 'host', remotes: {}, shared: {}, dts: false, manifest: false, runtimePlugins: [path.join(dir, 'plugin.js')] })]
        : []),
      ...(options.plugin ? [new StartInOwnTaskPlugin()] : []),
    ],
  });
  // A runtime plugin that reports the federation runtime's start.
  writeFileSync(
    path.join(dir, 'plugin.js'),
    options.runtimeThrows
      ? "export default function () { throw new Error('the runtime failed'); }\n"
      : "export default function () { globalThis.events.push('federation started'); return { name: 'report' }; }\n",
  );
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats?.hasErrors()) return reject(error ?? new Error(stats?.toString('errors-only')));
      resolve(readFileSync(path.join(dir, 'out/main.js'), 'utf8'));
    }),
  );
}

/** Runs the entry script as a page would; returns what ran during its evaluation, and a way to run the timers. */
function run(code: string) {
  const events: string[] = [];
  const timers: (() => void)[] = [];
  const sandbox: Record<string, unknown> = {
    events,
    console,
    Promise,
    setTimeout: (fn: () => void) => timers.push(fn),
    clearTimeout: () => undefined,
    // The chunk's script: run it at once, as a loaded <script> would.
    document: {
      createElement: () => ({
        setAttribute() {},
        set src(url: string) {
          (sandbox as { pending?: string }).pending = url;
        },
      }),
      head: {
        appendChild: (script: { onload?: () => void }) => {
          const file = readdirSync(path.join(dir, 'out')).find((f) => f !== 'main.js' && f.endsWith('.js'))!;
          vm.runInContext(readFileSync(path.join(dir, 'out', file), 'utf8'), context);
          script.onload?.();
        },
      },
      getElementsByTagName: () => [],
      querySelectorAll: () => [],
    },
    location: { origin: 'http://x' },
  };
  sandbox.globalThis = sandbox;
  sandbox.self = sandbox;
  sandbox.window = sandbox;
  (sandbox.document as Record<string, unknown>).defaultView = sandbox;
  const context = vm.createContext(sandbox);
  vm.runInContext(code, context);
  const during = [...events];
  return {
    during,
    events,
    /** How many timers are waiting. */
    pending: () => timers.length,
    /** Runs the first timer waiting: one task of the page. */
    fireOne() {
      timers.shift()?.();
    },
    async fire() {
      while (timers.length > 0) timers.shift()!();
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('StartInOwnTaskPlugin', () => {
  it.each(['production', 'development'] as const)('defers the federation runtime and the entry to timers of their own (%s build)', async (mode) => {
    const page = run(await build({ federation: true, plugin: true, mode }));
    expect(page.during).toEqual([]);
    // Both set by the script's evaluation (Lighthouse keeps such a task in its graph: docs/adr/039).
    expect(page.pending()).toBe(2);
    page.fireOne();
    expect(page.events).toEqual(['federation started']);
    page.fireOne();
    expect(page.events).toEqual(['federation started', 'entry ran']);
    await page.fire();
    expect(page.events.slice(0, 2)).toEqual(['federation started', 'entry ran']);
    expect(page.events).toContain('chunk loaded');
  });

  it('does not start the entry when the federation runtime failed to start', async () => {
    const page = run(await build({ federation: true, plugin: true, mode: 'production', runtimeThrows: true }));
    expect(page.pending()).toBe(2);
    expect(() => page.fireOne()).toThrow('the runtime failed');
    page.fireOne();
    expect(page.events).toEqual([]);
    expect(page.pending()).toBe(0);
  });

  it('fails the way the page would without it: the entry runs during the script', async () => {
    const page = run(await build({ federation: true, plugin: false, mode: 'production' }));
    expect(page.during).toEqual(['federation started', 'entry ran']);
  });

  it('defers a build without the federation plugin too', async () => {
    const page = run(await build({ federation: false, plugin: true, mode: 'production' }));
    expect(page.during).toEqual([]);
    await page.fire();
    expect(page.events).toEqual(['entry ran', 'later ran', 'chunk loaded']);
  });
});
