import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { resetFederationForTests } from '@eyewear/federation';
import { REMOTES_JSON, remotesJson, renderShell, shellApi } from '../testing/render-shell';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));

const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;
const mockedRegisterRemotes = registerRemotes as jest.MockedFunction<typeof registerRemotes>;

/** remotes.json with a catalog canary that every shopper gets. */
const WITH_CANARY = {
  ...REMOTES_JSON,
  remotes: {
    ...REMOTES_JSON.remotes,
    catalog: {
      stable: { version: '1.0.0', entry: '/remotes/catalog/1.0.0/mf-manifest.json' },
      canary: { version: '1.1.0', entry: '/remotes/catalog/1.1.0/mf-manifest.json', percent: 100 },
    },
  },
};

/**
 * A fake of the runtime: each remote serves the build last registered under its name; each
 * catalog version behaves as the test says (by default a page naming its version).
 */
let registered: Record<string, string> = {};
let catalog: Record<string, (expose: string) => Promise<unknown>> = {};
const requested: string[] = [];

function pageOf(version: string, expose: string) {
  return function Page() {
    return <h1>{`${expose} of ${version}`}</h1>;
  };
}

/** The shell at `url`, reading a remotes.json with a catalog canary. */
const renderWithCanary = (url: string) => renderShell(url, shellApi(), remotesJson(WITH_CANARY));

beforeEach(() => {
  jest.clearAllMocks();
  resetFederationForTests();
  registered = {};
  catalog = {};
  requested.length = 0;
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  mockedRegisterRemotes.mockImplementation((remotes) => {
    for (const remote of remotes) registered[remote.name] = (remote as { entry: string }).entry;
  });
  mockedLoadRemote.mockImplementation(async (id: string) => {
    const [name, expose] = id.split('/') as [string, string];
    const version = /\/remotes\/[^/]+\/([^/]+)\//.exec(registered[name]!)![1]!;
    requested.push(`${expose}@${version}`);
    // The canary is registered under a name of its own (docs/adr/023), stable under the container's.
    const behaviour = name === 'catalog' || name === 'catalog__canary' ? catalog[version] : undefined;
    return (behaviour ? behaviour(expose) : Promise.resolve({ default: pageOf(version, expose) })) as never;
  });
});

async function goTo(url: string) {
  await act(async () => {
    window.history.pushState({}, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
}

describe('a catalog canary that fails', () => {
  it('to load gives the shopper stable, reports the canary, and is not requested again on a later page', async () => {
    catalog['1.1.0'] = () => Promise.reject(new Error('ChunkLoadError: Loading chunk 536 failed'));
    const { report } = await renderWithCanary('/');
    expect(await screen.findByRole('heading', { name: 'HomePage of 1.0.0' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ kind: 'load', remote: 'catalog', version: '1.1.0', channel: 'canary' }));
    expect(report).not.toHaveBeenCalledWith(expect.objectContaining({ version: '1.0.0' }));

    await goTo('/search?q=round');
    expect(await screen.findByRole('heading', { name: 'SearchPage of 1.0.0' })).toBeInTheDocument();
    expect(requested.filter((r) => r.endsWith('@1.1.0'))).toEqual(['HomePage@1.1.0']);
  });

  it('while rendering reports the crash against the canary and renders stable by itself, with no crash fallback', async () => {
    catalog['1.1.0'] = async () => ({
      default: function Crashing(): never {
        throw new Error('canary exploded');
      },
    });
    const { report } = await renderWithCanary('/');
    expect(await screen.findByRole('heading', { name: 'HomePage of 1.0.0' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(report).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'render', remote: 'catalog', expose: './HomePage', version: '1.1.0', channel: 'canary' }),
    );
    expect(report.mock.calls.filter(([f]) => f.kind === 'render')).toHaveLength(1);

    await goTo('/search?q=round');
    expect(await screen.findByRole('heading', { name: 'SearchPage of 1.0.0' })).toBeInTheDocument();
    expect(requested.filter((r) => r.endsWith('@1.1.0'))).toEqual(['HomePage@1.1.0']);
  });

  it('and a stable that crashes too: the crash fallback, charged to stable', async () => {
    const crashing = async () => ({
      default: function Crashing(): never {
        throw new Error('exploded');
      },
    });
    catalog['1.1.0'] = crashing;
    catalog['1.0.0'] = crashing;
    const { report } = await renderWithCanary('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong here');
    expect(report.mock.calls.filter(([f]) => f.kind === 'render').map(([f]) => [f.version, f.channel])).toEqual([
      ['1.1.0', 'canary'],
      ['1.0.0', 'stable'],
    ]);
  });

  it('with a stable that fails too: the fallback, and Try again loads stable', async () => {
    catalog['1.1.0'] = () => Promise.reject(new Error('503'));
    let stableUp = false;
    catalog['1.0.0'] = (expose) => (stableUp ? Promise.resolve({ default: pageOf('1.0.0', expose) }) : Promise.reject(new Error('stable 503')));
    const { report } = await renderWithCanary('/');
    expect(await screen.findByRole('alert')).toHaveTextContent("This part of the page didn't load");
    stableUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'HomePage of 1.0.0' })).toBeInTheDocument();
    expect(requested).toEqual(['HomePage@1.1.0', 'HomePage@1.0.0', 'HomePage@1.0.0']);
    expect(report.mock.calls.map(([f]) => [f.kind, f.version, f.channel])).toEqual([
      ['load', '1.1.0', 'canary'],
      ['load', '1.0.0', 'stable'],
    ]);
  });
});

describe('the debug panel', () => {
  it('says the canary failed and stable loaded', async () => {
    catalog['1.1.0'] = () => Promise.reject(new Error('404'));
    await renderWithCanary('/?mf-debug=1');
    expect(await screen.findByRole('heading', { name: 'HomePage of 1.0.0' })).toBeInTheDocument();
    const row = (await screen.findByTestId('shell-debug-panel')).querySelector('[data-remote="catalog"]');
    expect(row).toHaveTextContent('1.0.0');
    expect(row).toHaveTextContent('canary failed, stable loaded');
  });
});
