import { loadRemote } from '@module-federation/enhanced/runtime';
import { remotesJson } from '../testing/render-shell';
import { RemoteLoadError } from '@eyewear/federation';
import { createAreaLoader, onRecoverableError } from './federation';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));

describe('area loader', () => {
  it('preloads in the background without the progress bar, and counts the load once a page waits for it', async () => {
    let finish!: (module: unknown) => void;
    (loadRemote as jest.Mock).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const loader = createAreaLoader(jest.fn(), { fetch: remotesJson() });
    const preload = loader.loadModule('account', './AccountPage', { background: true });
    expect(loader.pending.count()).toBe(0);
    const page = loader.loadModule('account', './AccountPage');
    expect(page).toBe(preload);
    expect(loader.pending.count()).toBe(1);
    loader.loadModule('account', './AccountPage');
    expect(loader.pending.count()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    finish({ default: () => null });
    await page;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loader.pending.count()).toBe(0);
    // A module already there costs no progress.
    loader.loadModule('account', './AccountPage');
    expect(loader.pending.count()).toBe(0);
    expect((page as Promise<unknown> & { status?: string }).status).toBe('fulfilled');
  });

  describe('deadline', () => {
    beforeEach(() => {
      jest.useFakeTimers();
      window.history.replaceState({}, '', '/this/page/does-not-exist');
    });
    afterEach(() => {
      jest.useRealTimers();
      window.history.replaceState({}, '', '/');
    });

    async function timeoutReportedAfter(report: jest.Mock, ms: number) {
      await jest.advanceTimersByTimeAsync(ms - 1);
      const early = report.mock.calls.some(([failure]) => failure.kind === 'timeout');
      await jest.advanceTimersByTimeAsync(1);
      const late = report.mock.calls.some(([failure]) => failure.kind === 'timeout');
      return !early && late;
    }

    it("counts the visit's first page from the navigation, never below the minimum", async () => {
      (loadRemote as jest.Mock).mockReturnValue(new Promise(() => undefined));
      const report = jest.fn();
      const loader = createAreaLoader(report, { fetch: remotesJson() });
      jest.advanceTimersByTime(2000);
      loader.loadModule('catalog', './SearchPage').catch(() => undefined);
      expect(await timeoutReportedAfter(report, 1000)).toBe(true);
    });

    it('gives a page reached by a route change the whole deadline, however long the visit has lasted', async () => {
      (loadRemote as jest.Mock).mockReturnValue(new Promise(() => undefined));
      const report = jest.fn();
      const loader = createAreaLoader(report, { fetch: remotesJson() });
      jest.advanceTimersByTime(60_000);
      window.history.pushState({}, '', '/search/aviator');
      const loading = loader.loadModule('catalog', './SearchPage');
      loading.catch(() => undefined);
      expect(await timeoutReportedAfter(report, 2500)).toBe(true);
      await expect(loading).rejects.toThrow('catalog did not load within 2500 ms');
    });
  });

  describe('recovered render errors', () => {
    it('are reported, except a timeout whose module arrived in time for the retry', () => {
      const reported = jest.fn();
      const original = globalThis.reportError;
      globalThis.reportError = reported;
      try {
        const timeout = new RemoteLoadError('catalog', './HomePage', 'timeout', 'catalog did not load within 1500 ms');
        onRecoverableError(new Error('recovered', { cause: timeout }));
        expect(reported).not.toHaveBeenCalled();
        const other = new Error('recovered', { cause: new TypeError('x is undefined') });
        onRecoverableError(other);
        expect(reported).toHaveBeenCalledWith(other);
      } finally {
        globalThis.reportError = original;
      }
    });
  });
});
