/** @jest-environment node */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { parseRemotesManifest } from './manifest';
import {
  abandonCanary,
  canaryBudget,
  federationInfo,
  loadExposed,
  RemoteLoadError,
  releaseOf,
  resetFederationForTests,
  resetRemote,
  startFederation,
} from './runtime';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: (options: unknown) => ({ name: 'retry-plugin', options }) }));

const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;
const mockedRegisterRemotes = registerRemotes as jest.MockedFunction<typeof registerRemotes>;
const release = (remote: string, version: string) => ({ version, entry: `/remotes/${remote}/${version}/mf-manifest.json` });
const manifest = parseRemotesManifest({
  schemaVersion: 1,
  remotes: {
    catalog: { stable: release('catalog', '1.0.0'), canary: { ...release('catalog', '1.1.0'), percent: 50 } },
    product: { stable: release('product', '1.0.0') },
    'cart-checkout': { stable: release('cart-checkout', '1.0.0') },
    account: { stable: release('account', '1.0.0') },
    appointments: { stable: release('appointments', '1.0.0') },
  },
});

/**
 * A fake of the runtime: each remote name serves the build last registered under it, and
 * each version behaves as the test says (by default it loads a module naming its version).
 */
let registered: Record<string, string> = {};
let behaviour: Record<string, () => Promise<unknown>> = {};
const requested: string[] = [];
function versionOfEntry(entry: string) {
  return /\/remotes\/[^/]+\/([^/]+)\//.exec(entry)![1]!;
}

beforeEach(() => {
  jest.clearAllMocks();
  resetFederationForTests();
  registered = {};
  behaviour = {};
  requested.length = 0;
  mockedRegisterRemotes.mockImplementation((remotes) => {
    for (const remote of remotes) registered[remote.name] = (remote as { entry: string }).entry;
  });
  mockedLoadRemote.mockImplementation(async (id: string) => {
    const version = versionOfEntry(registered[id.split('/')[0]!]!);
    requested.push(`${id}@${version}`);
    return (behaviour[version] ?? (async () => ({ default: `${id} ${version}` })))() as never;
  });
});
afterEach(() => jest.useRealTimers());

const never = () => new Promise<never>(() => undefined);
const fails = (message: string) => () => Promise.reject(new Error(message));

describe('federation runtime', () => {
  it("registers each remote's chosen build with the retry plugins and the load in steps, downloading nothing: a canary under a name of its own, beside its stable", () => {
    startFederation({ manifest, cohort: 10, report: jest.fn() });
    expect(registerRemotes).toHaveBeenCalledWith(
      expect.arrayContaining([
        { name: 'catalog__canary', entry: '/remotes/catalog/1.1.0/mf-manifest.json' },
        { name: 'catalog', entry: '/remotes/catalog/1.0.0/mf-manifest.json' },
        { name: 'cart_checkout', entry: '/remotes/cart-checkout/1.0.0/mf-manifest.json' },
      ]),
      { force: false },
    );
    const plugins = (registerPlugins as jest.Mock).mock.calls[0][0].map((p: { name: string }) => p.name);
    expect(plugins).toEqual(['eyewear-manifest-retry', 'eyewear-yielding-load', 'retry-plugin']);
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });

  it('retries a failed manifest fetch once, soon', async () => {
    startFederation({ manifest, cohort: 99, report: jest.fn() });
    const plugin = (registerPlugins as jest.Mock).mock.calls[0][0][0];
    const answers = [new Response('', { status: 503 }), new Response('{}', { status: 200 })];
    global.fetch = jest.fn(async () => answers.shift()!) as unknown as typeof fetch;
    const response = await plugin.fetch('/remotes/catalog/1.0.0/mf-manifest.json', {});
    expect(response.status).toBe(200);
    expect(global.fetch).toHaveBeenCalledTimes(2);
    global.fetch = jest.fn(async () => new Response('', { status: 503 })) as unknown as typeof fetch;
    await expect(plugin.fetch('/m.json', {})).rejects.toThrow('/m.json answered 503');
  });

  it('gives up on a stalled remote at the deadline and reports it', async () => {
    jest.useFakeTimers();
    const report = jest.fn();
    startFederation({ manifest, cohort: 99, report, timeoutMs: 2000 });
    behaviour['1.0.0'] = never;
    const loading = loadExposed('product', './ProductPage');
    const outcome = expect(loading).rejects.toMatchObject({ name: 'RemoteLoadError', kind: 'timeout', remote: 'product' });
    await jest.advanceTimersByTimeAsync(2000);
    await outcome;
    expect(report).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'timeout', remote: 'product', expose: './ProductPage', version: '1.0.0', channel: 'stable' }),
    );
  });

  it('hands the still-running load of a stalled stable remote to the caller, so it can arrive late', async () => {
    jest.useFakeTimers();
    startFederation({ manifest, cohort: 99, report: jest.fn(), timeoutMs: 2000 });
    let arrive!: (module: unknown) => void;
    behaviour['1.0.0'] = () => new Promise((resolve) => (arrive = resolve));
    const failure = loadExposed('product', './ProductPage').then(
      () => Promise.reject(new Error('expected a timeout')),
      (error: unknown) => error as RemoteLoadError,
    );
    await jest.advanceTimersByTimeAsync(2000);
    const error = await failure;
    expect(error.kind).toBe('timeout');
    arrive({ default: 'late page' });
    await expect(error.arrival).resolves.toEqual({ default: 'late page' });
  });

  it('wraps a failed load in a RemoteLoadError and reports it with the stable version', async () => {
    const report = jest.fn();
    startFederation({ manifest, cohort: 99, report });
    behaviour['1.0.0'] = fails('ChunkLoadError');
    await expect(loadExposed('account', './AccountPage')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(requested).toEqual(['account/AccountPage@1.0.0']);
    expect(report).toHaveBeenCalledWith({
      kind: 'load',
      remote: 'account',
      expose: './AccountPage',
      version: '1.0.0',
      channel: 'stable',
      message: 'ChunkLoadError',
    });
  });

  it('re-registers a reset remote under a fresh manifest URL', () => {
    startFederation({ manifest, cohort: 99, report: jest.fn() });
    resetRemote('catalog');
    resetRemote('catalog');
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'catalog', entry: '/remotes/catalog/1.0.0/mf-manifest.json?attempt=2' }], { force: true });
  });

  it('tells which release delivered a module', async () => {
    startFederation({ manifest, cohort: 99, report: jest.fn() });
    const module = await loadExposed<{ default: () => null }>('product', './ProductPage').catch(() => null);
    expect(module).not.toBeNull();
    behaviour['1.0.0'] = async () => ({ default: function Page() {} });
    const page = await loadExposed<{ default: () => null }>('account', './AccountPage');
    expect(releaseOf(page)).toMatchObject({ remote: 'account', version: '1.0.0', channel: 'stable' });
    expect(releaseOf(page.default)).toMatchObject({ remote: 'account', version: '1.0.0' });
    expect(releaseOf({})).toBeUndefined();
  });
});

describe('a canary that fails', () => {
  it.each([
    ['its entry answers 503', 'RUNTIME-003: Failed to get manifest (503)'],
    ['its remote entry is missing (404)', 'ScriptLoadError: remoteEntry.js 404'],
    ['a chunk is missing', 'ChunkLoadError: Loading chunk 536 failed'],
    ['the shell cannot meet its shared requirement', 'Version 19.3.1 of shared singleton module react does not satisfy the requirement (^99.0.0)'],
  ])('(%s) gives the shopper stable, charged to the canary', async (_case, message) => {
    const report = jest.fn();
    const onLoaded = jest.fn();
    startFederation({ manifest, cohort: 10, report, onLoaded });
    behaviour['1.1.0'] = fails(message);
    await expect(loadExposed('catalog', './HomePage')).resolves.toEqual({ default: 'catalog/HomePage 1.0.0' });
    expect(requested).toEqual(['catalog__canary/HomePage@1.1.0', 'catalog/HomePage@1.0.0']);
    // Stable was registered beside the canary from the start: the fallback re-registers nothing.
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith({
      kind: 'load',
      remote: 'catalog',
      expose: './HomePage',
      version: '1.1.0',
      channel: 'canary',
      message: expect.stringContaining(message),
    });
    expect(federationInfo()!.chosen.catalog).toMatchObject({ channel: 'stable', version: '1.0.0', fellBack: true, bucket: expect.any(Number) });
    expect(onLoaded).toHaveBeenCalledTimes(1);
    expect(onLoaded).toHaveBeenCalledWith(expect.objectContaining({ remote: 'catalog', version: '1.0.0', fellBack: true }));
  });

  it('is not tried again in this page: later loads, a retry and a restart of federation use stable', async () => {
    const report = jest.fn();
    startFederation({ manifest, cohort: 10, report });
    behaviour['1.1.0'] = fails('503');
    await loadExposed('catalog', './HomePage');
    await loadExposed('catalog', './ListingPage');
    resetRemote('catalog');
    await loadExposed('catalog', './SearchPage');
    expect(requested).toEqual(['catalog__canary/HomePage@1.1.0', 'catalog/HomePage@1.0.0', 'catalog/ListingPage@1.0.0', 'catalog/SearchPage@1.0.0']);
    startFederation({ manifest, cohort: 10, report });
    expect(federationInfo()!.chosen.catalog).toMatchObject({ channel: 'stable', version: '1.0.0', fellBack: true });
    expect(registered.catalog).toBe('/remotes/catalog/1.0.0/mf-manifest.json');
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('that stalls gets part of the deadline, then stable loads in the rest', async () => {
    jest.useFakeTimers();
    const report = jest.fn();
    startFederation({ manifest, cohort: 0, report, timeoutMs: 2500 });
    behaviour['1.1.0'] = never;
    let loaded: unknown = null;
    const loading = loadExposed('catalog', './HomePage').then((module) => (loaded = module));
    await jest.advanceTimersByTimeAsync(canaryBudget(2500) - 1);
    expect(loaded).toBeNull();
    expect(report).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    await loading;
    expect(loaded).toEqual({ default: 'catalog/HomePage 1.0.0' });
    // Judged by stable's measure (docs/adr/057): charged a timeout only at the whole deadline.
    expect(report).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(2500 - canaryBudget(2500));
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ kind: 'timeout', remote: 'catalog', version: '1.1.0', channel: 'canary' }));
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('slower than its part of the deadline but there within the whole of it: stable is shown, the canary is not charged', async () => {
    jest.useFakeTimers();
    const report = jest.fn();
    const onLoaded = jest.fn();
    startFederation({ manifest, cohort: 0, report, onLoaded, timeoutMs: 2500 });
    behaviour['1.1.0'] = () => new Promise((resolve) => setTimeout(() => resolve({ default: 'catalog/HomePage 1.1.0' }), canaryBudget(2500) + 300));
    const loading = loadExposed('catalog', './HomePage');
    await jest.advanceTimersByTimeAsync(canaryBudget(2500));
    await expect(loading).resolves.toEqual({ default: 'catalog/HomePage 1.0.0' });
    await jest.advanceTimersByTimeAsync(2500);
    expect(report).not.toHaveBeenCalled();
    // Both builds loaded in this page view: each gets its "loaded" vote, as stable would for the same wait.
    expect(onLoaded.mock.calls.map(([chosen]) => `${chosen.channel}@${chosen.version}`).sort()).toEqual(['canary@1.1.0', 'stable@1.0.0']);
  });

  it('forced by QA (?remote-override) gets the whole deadline: a slow one is still the canary', async () => {
    jest.useFakeTimers();
    const report = jest.fn();
    // Cohort 99: this shopper's bucket would not get the canary; QA forces it.
    startFederation({ manifest, cohort: 99, report, timeoutMs: 2500, overrides: { catalog: '1.1.0' } });
    behaviour['1.1.0'] = () => new Promise((resolve) => setTimeout(() => resolve({ default: 'catalog/HomePage 1.1.0' }), canaryBudget(2500) + 500));
    let loaded: unknown = null;
    const loading = loadExposed('catalog', './HomePage').then((module) => (loaded = module));
    await jest.advanceTimersByTimeAsync(canaryBudget(2500) + 500);
    await loading;
    expect(loaded).toEqual({ default: 'catalog/HomePage 1.1.0' });
    expect(requested).toEqual(['catalog__canary/HomePage@1.1.0']);
    expect(report).not.toHaveBeenCalled();
    expect(federationInfo()!.chosen.catalog).toMatchObject({ channel: 'canary', version: '1.1.0', overridden: true });
  });

  it('forced by QA that fails still falls back to stable, charged to the canary', async () => {
    const report = jest.fn();
    startFederation({ manifest, cohort: 99, report, overrides: { catalog: '1.1.0' } });
    behaviour['1.1.0'] = fails('ChunkLoadError: Loading chunk 536 failed');
    await expect(loadExposed('catalog', './HomePage')).resolves.toEqual({ default: 'catalog/HomePage 1.0.0' });
    expect(requested).toEqual(['catalog__canary/HomePage@1.1.0', 'catalog/HomePage@1.0.0']);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ kind: 'load', version: '1.1.0', channel: 'canary' }));
    expect(federationInfo()!.chosen.catalog).toMatchObject({ channel: 'stable', version: '1.0.0', fellBack: true });
  });

  it('that stalls, with a stable that stalls too, shows "taking longer" at the deadline and stable may still arrive', async () => {
    jest.useFakeTimers();
    const report = jest.fn();
    startFederation({ manifest, cohort: 0, report, timeoutMs: 2500 });
    behaviour['1.1.0'] = never;
    let arrive!: (module: unknown) => void;
    behaviour['1.0.0'] = () => new Promise((resolve) => (arrive = resolve));
    const failure = loadExposed('catalog', './HomePage').then(
      () => Promise.reject(new Error('expected a timeout')),
      (error: unknown) => error as RemoteLoadError,
    );
    await jest.advanceTimersByTimeAsync(2500);
    const error = await failure;
    expect(error.kind).toBe('timeout');
    // Stable had only what the canary left of the deadline: not charged for that.
    expect(report.mock.calls.map(([f]) => [f.kind, f.version, f.channel])).toEqual([['timeout', '1.1.0', 'canary']]);
    arrive({ default: 'stable page' });
    await expect(error.arrival).resolves.toEqual({ default: 'stable page' });
    await jest.advanceTimersByTimeAsync(5000);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('charges stable after a failed canary only when it is late by its own deadline', async () => {
    jest.useFakeTimers();
    const report = jest.fn();
    startFederation({ manifest, cohort: 0, report, timeoutMs: 2500 });
    behaviour['1.1.0'] = never;
    behaviour['1.0.0'] = never;
    const failure = loadExposed('catalog', './HomePage').then(
      () => Promise.reject(new Error('expected a timeout')),
      (error: unknown) => error as RemoteLoadError,
    );
    await jest.advanceTimersByTimeAsync(2500);
    expect((await failure).kind).toBe('timeout');
    expect(report).toHaveBeenCalledTimes(1);
    // Stable started when the canary gave up (at 1.5 s): its own deadline ends at 4 s.
    await jest.advanceTimersByTimeAsync(1600);
    expect(report.mock.calls.map(([f]) => [f.kind, f.version, f.channel])).toEqual([
      ['timeout', '1.1.0', 'canary'],
      ['timeout', '1.0.0', 'stable'],
    ]);
  });

  it('that another area already gave up on delivers stable, not its late canary module', async () => {
    const report = jest.fn();
    startFederation({ manifest, cohort: 0, report });
    let arriveCanary!: (module: unknown) => void;
    const pending: Array<() => Promise<unknown>> = [() => new Promise((resolve) => (arriveCanary = resolve)), fails('ChunkLoadError')];
    behaviour['1.1.0'] = () => pending.shift()!();
    const first = loadExposed('catalog', './WishlistPanel');
    const second = loadExposed('catalog', './HomePage');
    await expect(second).resolves.toEqual({ default: 'catalog/HomePage 1.0.0' });
    arriveCanary({ default: 'canary wishlist' });
    await expect(first).resolves.toEqual({ default: 'catalog/WishlistPanel 1.0.0' });
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ version: '1.1.0', channel: 'canary' }));
  });

  it('while rendering is abandoned for this page; a stable release is not', () => {
    startFederation({ manifest, cohort: 0, report: jest.fn() });
    expect(abandonCanary(federationInfo()!.chosen.product)).toBe(false);
    const canary = federationInfo()!.chosen.catalog;
    expect(canary).toMatchObject({ channel: 'canary', version: '1.1.0' });
    expect(abandonCanary(canary)).toBe(true);
    expect(federationInfo()!.chosen.catalog).toMatchObject({ channel: 'stable', version: '1.0.0', fellBack: true });
    // A second area that crashed on the same canary: still the canary's, no second demotion.
    expect(abandonCanary(canary)).toBe(true);
    resetRemote('catalog');
    expect(registered.catalog).toBe('/remotes/catalog/1.0.0/mf-manifest.json?attempt=1');
  });

  it('budgets: the canary gets the deadline minus 1 s, at least half of it, and at least 0.5 s', () => {
    expect(canaryBudget(2500)).toBe(1500);
    expect(canaryBudget(1000)).toBe(500);
    expect(canaryBudget(1400)).toBe(700);
    expect(canaryBudget(0)).toBe(500);
  });
});
