/** @jest-environment node */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { parseRemotesManifest } from './manifest';
import { federationInfo, loadExposed, RemoteLoadError, resetRemote, startFederation } from './runtime';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: (options: unknown) => ({ name: 'retry-plugin', options }) }));

const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;
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

beforeEach(() => jest.clearAllMocks());
afterEach(() => jest.useRealTimers());

describe('federation runtime', () => {
  it("registers each remote's chosen build with the retry and reporting plugins, downloading nothing", () => {
    startFederation({ manifest, cohort: 10, report: jest.fn() });
    expect(registerRemotes).toHaveBeenCalledWith(
      expect.arrayContaining([
        { name: 'catalog', entry: '/remotes/catalog/1.1.0/mf-manifest.json' },
        { name: 'cart_checkout', entry: '/remotes/cart-checkout/1.0.0/mf-manifest.json' },
      ]),
      { force: false },
    );
    const plugins = (registerPlugins as jest.Mock).mock.calls[0][0].map((p: { name: string }) => p.name);
    expect(plugins).toEqual(['eyewear-manifest-retry', 'retry-plugin', 'eyewear-canary-fallback', 'eyewear-report-load-failure']);
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });

  it('reports a load the runtime gave up on, with the version the shopper was given', () => {
    const report = jest.fn();
    startFederation({ manifest, cohort: 10, report });
    const plugin = (registerPlugins as jest.Mock).mock.calls[0][0][3];
    plugin.errorLoadRemote({ id: 'catalog/HomePage', expose: './HomePage', lifecycle: 'onLoad', error: new Error('503') });
    plugin.errorLoadRemote({ id: 'catalog/HomePage', lifecycle: 'afterResolve', error: new Error('503') });
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith({ kind: 'load', remote: 'catalog', expose: './HomePage', version: '1.1.0', channel: 'canary', message: '503' });
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

  it('gives up on a stalled remote after the timeout and reports it', async () => {
    jest.useFakeTimers();
    const report = jest.fn();
    startFederation({ manifest, cohort: 99, report, timeoutMs: 2000 });
    mockedLoadRemote.mockReturnValue(new Promise(() => undefined));
    const loading = loadExposed('product', './ProductPage');
    const outcome = expect(loading).rejects.toMatchObject({ name: 'RemoteLoadError', kind: 'timeout', remote: 'product' });
    jest.advanceTimersByTime(2000);
    await outcome;
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ kind: 'timeout', remote: 'product', expose: './ProductPage', version: '1.0.0', channel: 'stable' }));
  });

  it('hands the still-running load of a stalled stable remote to the caller, so it can arrive late', async () => {
    jest.useFakeTimers();
    startFederation({ manifest, cohort: 99, report: jest.fn(), timeoutMs: 2000 });
    let arrive!: (module: unknown) => void;
    mockedLoadRemote.mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    const loading = loadExposed('product', './ProductPage');
    const failure = loading.then(
      () => Promise.reject(new Error('expected a timeout')),
      (error: unknown) => error as RemoteLoadError,
    );
    jest.advanceTimersByTime(2000);
    const error = await failure;
    expect(error.kind).toBe('timeout');
    arrive({ default: 'late page' });
    await expect(error.arrival).resolves.toEqual({ default: 'late page' });
  });

  it('wraps a failed load in a RemoteLoadError', async () => {
    startFederation({ manifest, cohort: 99, report: jest.fn() });
    mockedLoadRemote.mockRejectedValue(new Error('ChunkLoadError'));
    await expect(loadExposed('account', './AccountPage')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(mockedLoadRemote).toHaveBeenCalledWith('account/AccountPage');
  });

  it('re-registers a reset remote under a fresh manifest URL', () => {
    startFederation({ manifest, cohort: 99, report: jest.fn() });
    resetRemote('catalog');
    resetRemote('catalog');
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'catalog', entry: '/remotes/catalog/1.0.0/mf-manifest.json?attempt=2' }], { force: true });
  });
});

describe('canaries', () => {
  it('fall back to stable when the canary manifest cannot be read, with the stable folder as publicPath, and are reported', async () => {
    const report = jest.fn();
    startFederation({ manifest, cohort: 10, report });
    const fallback = (registerPlugins as jest.Mock).mock.calls[0][0][2];
    global.fetch = jest.fn(async () => new Response(JSON.stringify({ metaData: { publicPath: 'auto' }, exposes: [] }), { status: 200 })) as unknown as typeof fetch;
    const substitute = await fallback.errorLoadRemote({ id: '/remotes/catalog/1.1.0/mf-manifest.json', lifecycle: 'afterResolve', remote: { name: 'catalog' }, error: new Error('404') });
    expect(global.fetch).toHaveBeenCalledWith('http://localhost/remotes/catalog/1.0.0/mf-manifest.json', expect.anything());
    expect(substitute.metaData.publicPath).toBe('http://localhost/remotes/catalog/1.0.0/');
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ kind: 'load', remote: 'catalog', version: '1.1.0', channel: 'canary' }));
    expect(federationInfo()!.chosen.catalog).toMatchObject({ channel: 'stable', version: '1.0.0', fellBack: true });
  });

  it('when stalled, are reported and may still arrive; a retry loads stable', async () => {
    jest.useFakeTimers();
    const report = jest.fn();
    startFederation({ manifest, cohort: 0, report, timeoutMs: 1000 });
    let arrive!: (module: unknown) => void;
    mockedLoadRemote.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));
    const failure = loadExposed('catalog', './HomePage').then(
      () => Promise.reject(new Error('expected a timeout')),
      (error: unknown) => error as RemoteLoadError,
    );
    jest.advanceTimersByTime(1000);
    const error = await failure;
    expect(error.kind).toBe('timeout');
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ kind: 'timeout', version: '1.1.0', channel: 'canary' }));
    arrive({ default: 'canary page' });
    await expect(error.arrival).resolves.toEqual({ default: 'canary page' });
    resetRemote('catalog');
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'catalog', entry: '/remotes/catalog/1.0.0/mf-manifest.json?attempt=1' }], { force: true });
    expect(federationInfo()!.chosen.catalog).toMatchObject({ channel: 'stable', fellBack: true });
  });

  it('leave a stable remote to fail normally', async () => {
    startFederation({ manifest, cohort: 99, report: jest.fn() });
    const fallback = (registerPlugins as jest.Mock).mock.calls[0][0][2];
    expect(await fallback.errorLoadRemote({ id: 'x', lifecycle: 'afterResolve', remote: { name: 'catalog' }, error: new Error('404') })).toBeUndefined();
  });

  it('fall back to stable when a canary module fails past its manifest, and count the load once', async () => {
    const onLoaded = jest.fn();
    startFederation({ manifest, cohort: 0, report: jest.fn(), onLoaded });
    mockedLoadRemote.mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue({ default: 'page' });
    await expect(loadExposed('catalog', './HomePage')).resolves.toEqual({ default: 'page' });
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'catalog', entry: '/remotes/catalog/1.0.0/mf-manifest.json?attempt=1' }], { force: true });
    await loadExposed('catalog', './ListingPage');
    expect(onLoaded).toHaveBeenCalledTimes(1);
    expect(onLoaded).toHaveBeenCalledWith(expect.objectContaining({ remote: 'catalog', version: '1.0.0', fellBack: true }));
  });
});
