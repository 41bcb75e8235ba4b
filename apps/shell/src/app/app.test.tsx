import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { fail } from '@eyewear/api-client/testing';
import { cartChanged } from '@eyewear/event-bus';
import { REMOTES_JSON, remotesJson, renderShell, shellApi } from '../testing/render-shell';
import { crashMessage } from './remote-area';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));

const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

function Page({ params, props }: { params: Record<string, string>; props: Record<string, string> }) {
  return <h1>{`page ${JSON.stringify(params)} ${JSON.stringify(props)}`}</h1>;
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('shell', () => {
  it("renders a route's page from its owning remote, with the route params", async () => {
    mockedLoadRemote.mockResolvedValue({ default: Page });
    await renderShell('/product/128269');
    expect(await screen.findByRole('heading', { name: /page/ })).toHaveTextContent('page {"id":"128269"} {}');
    expect(mockedLoadRemote).toHaveBeenCalledWith('product/ProductPage');
    expect(registerRemotes).toHaveBeenCalledWith(expect.arrayContaining([{ name: 'cart_checkout', entry: '/remotes/cart-checkout/1.0.0/mf-manifest.json' }]), {
      force: false,
    });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('hands a page the fixed props of its route', async () => {
    mockedLoadRemote.mockResolvedValue({ default: Page });
    await renderShell('/checkout/onepage/presales');
    expect(await screen.findByRole('heading', { name: /page/ })).toHaveTextContent('{"mode":"presales"}');
    expect(mockedLoadRemote).toHaveBeenCalledWith('cart_checkout/CheckoutPage');
    // Checkout paths hide the header and footer.
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('shows a fallback with a retry when a remote does not load, and retries for real', async () => {
    mockedLoadRemote.mockRejectedValueOnce(new Error('503 Service Unavailable'));
    const { report } = await renderShell('/cart');
    expect(await screen.findByRole('alert')).toHaveTextContent("This part of the page didn't load");
    expect(screen.getByRole('banner')).toBeInTheDocument();

    mockedLoadRemote.mockResolvedValue({ default: Page });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: /page/ })).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledTimes(2);
    // The retry re-registered the remote afresh.
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'cart_checkout', entry: '/remotes/cart-checkout/1.0.0/mf-manifest.json?attempt=1' }], {
      force: true,
    });
    expect(report).not.toHaveBeenCalledWith(expect.objectContaining({ kind: 'render' }));
  });

  it('swaps in a page whose remote arrives after its deadline, without a click', async () => {
    let arrive!: (module: unknown) => void;
    mockedLoadRemote.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)) as ReturnType<typeof loadRemote>);
    jest.useFakeTimers();
    try {
      const { report } = await renderShell('/cart');
      await act(() => jest.advanceTimersByTimeAsync(2500));
      expect(screen.getByRole('alert')).toHaveTextContent('This part of the page is taking longer than usual');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(report).toHaveBeenCalledWith(expect.objectContaining({ kind: 'timeout', remote: 'cart-checkout' }));
      await act(async () => arrive({ default: Page }));
      expect(await screen.findByRole('heading', { name: /page/ })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      // Swapped in as loaded: no second download.
      expect(mockedLoadRemote).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('swaps in a page whose remote arrives just after its deadline, before the fallback is on screen', async () => {
    // On a starved CPU the deadline's timer and the module's last script fire back to back:
    // the load settles as late, then the module arrives before React renders again. The page
    // shows with no second download. (An arrival between the fallback's render and its commit
    // is area-boundary.test.tsx's case.)
    mockedLoadRemote.mockImplementationOnce(
      () => new Promise((resolve) => setTimeout(() => resolve({ default: Page }), 2501)) as ReturnType<typeof loadRemote>,
    );
    jest.useFakeTimers();
    try {
      const { report } = await renderShell('/cart');
      await act(() => jest.advanceTimersByTimeAsync(2600));
      expect(report).toHaveBeenCalledWith(expect.objectContaining({ kind: 'timeout', remote: 'cart-checkout' }));
      expect(await screen.findByRole('heading', { name: /page/ })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(mockedLoadRemote).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('contains a page that throws while rendering, and reports it', async () => {
    function Broken(): never {
      throw new Error('page exploded');
    }
    mockedLoadRemote.mockResolvedValue({ default: Broken });
    const { report } = await renderShell('/HTO');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong here');
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ kind: 'render', remote: 'appointments', expose: './HtoPage', message: 'page exploded' }));
  });

  it('shows the fallback when remotes.json cannot be read, and reports it', async () => {
    const { report } = await renderShell('/', shellApi(), remotesJson({}, 503));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(mockedLoadRemote).not.toHaveBeenCalled();
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ kind: 'load', remote: 'catalog', message: '/remotes.json answered 503' }));
  });

  it('shows the not-found page, with a way home and a search box, for paths the routing lookup does not know', async () => {
    const api = shellApi();
    await renderShell('/no/such/page', api);
    expect(await screen.findByRole('heading', { name: "We couldn't find that page" })).toBeInTheDocument();
    expect(api.callsTo('utility.routing')).toContainEqual(expect.objectContaining({ path: '/v3/utility/routing', query: { url: '/no/such/page' } }));
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getAllByRole('search').length).toBeGreaterThan(0);
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });

  it.each([
    ['/eyeglasses/round.html', 'cat:3101', 'catalog/ListingPage', '{"id":"3101"} {"section":"cat"}'],
    ['/sunglasses/kestrel-odell-honey-128400.html', 'prod:128400', 'product/ProductPage', '{"id":"128400"} {}'],
    ['/about-us.html', 'cms:about-us', 'catalog/CmsPage', '{} {"page":"about-us"}'],
    ['/search/round-glasses.html', 'search:round glasses', 'catalog/ListingPage', '{"id":"round glasses"} {"section":"search","query":"round glasses"}'],
  ])('opens the SEO URL %s through the routing lookup (%s)', async (url, path, module, shown) => {
    mockedLoadRemote.mockResolvedValue({ default: Page });
    await renderShell(url, shellApi({ [url]: path }));
    expect(await screen.findByRole('heading', { name: /page/ })).toHaveTextContent(shown);
    expect(mockedLoadRemote).toHaveBeenCalledWith(module);
  });

  it('redirects legacy home-try-on URLs to /HTO keeping the query', async () => {
    mockedLoadRemote.mockResolvedValue({ default: Page });
    await renderShell('/home-eye-check-up.html?utm_source=sms');
    await waitFor(() => expect(window.location.pathname).toBe('/HTO'));
    expect(window.location.search).toBe('?utm_source=sms');
    expect(mockedLoadRemote).toHaveBeenCalledWith('appointments/HtoPage');
  });

  it('searches from the header without the blocked characters', async () => {
    mockedLoadRemote.mockResolvedValue({ default: Page });
    await renderShell('/cart');
    const box = screen.getAllByRole('combobox', { name: 'Search' })[0]!;
    await userEvent.type(box, 'round (blue)?%');
    expect(box).toHaveValue('round blue');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/search'), { timeout: 2000 });
    expect(new URLSearchParams(window.location.search).get('q')).toBe('round blue');
  });

  it('shows the versions this page chose behind ?mf-debug=1, honouring a QA override of a listed version', async () => {
    const remotes = remotesJson({
      schemaVersion: 1,
      remotes: {
        ...REMOTES_JSON.remotes,
        catalog: {
          stable: { version: '1.0.0', entry: '/remotes/catalog/1.0.0/mf-manifest.json' },
          canary: { version: '1.1.0-rc.1', entry: '/remotes/catalog/1.1.0-rc.1/mf-manifest.json', percent: 0 },
        },
      },
    });
    mockedLoadRemote.mockResolvedValue({ default: Page });
    await renderShell('/?mf-debug=1&remote-override=catalog@1.1.0-rc.1,product@9.9.9', shellApi(), remotes);
    await screen.findByRole('heading', { name: /page/ });
    const panel = await screen.findByRole('complementary', { name: 'Remote versions' });
    expect(panel).toHaveTextContent(/catalog\s*1\.1\.0-rc\.1\s*bucket \d+\s*canary, override/);
    expect(panel).toHaveTextContent(/product\s*1\.0\.0\s*bucket \d+\s*stable/);
    // No edge in front (no buckets in remotes.json): the browser's cohort cookie decided.
    expect(panel).toHaveTextContent(/Cohort \(no edge session, from the browser cookie\): \d+/);
    expect(screen.getByRole('alert')).toHaveTextContent('Overrides not in remotes.json: product@9.9.9');
    expect(registerRemotes).toHaveBeenCalledWith(expect.arrayContaining([{ name: 'catalog__canary', entry: '/remotes/catalog/1.1.0-rc.1/mf-manifest.json' }]), {
      force: false,
    });
    sessionStorage.clear();
    document.cookie = 'mf_override=; Max-Age=0; Path=/';
  });

  it('shows the cart count published on the bus', async () => {
    mockedLoadRemote.mockResolvedValue({ default: Page });
    const { pageStore } = await renderShell('/');
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    act(() => {
      pageStore.store.dispatch(cartChanged({ count: 3 }));
    });
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
  });
});

function Broken(): never {
  throw new Error('page exploded');
}

const settingsCalls = (api: ReturnType<typeof shellApi>) => api.callsTo('content.settings');

describe('render error boundary (shopping §8)', () => {
  beforeEach(() => mockedLoadRemote.mockResolvedValue({ default: Broken }));

  it('shows the alert message configured in the remote settings, read once for the page', async () => {
    const api = shellApi({}, { 'content.settings': () => ({ result: { ERROR_BOUNDARY_MESSAGE: 'This part is resting. Try again soon.' } }) });
    await renderShell('/HTO', api);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('This part is resting. Try again soon.'));
    expect(alert).toHaveTextContent('Something went wrong here');
    // Header fragments and the page are all areas: the settings are fetched once.
    expect(settingsCalls(api)).toHaveLength(1);
  });

  it('shows no message when the setting is configured empty (title and retry stay)', async () => {
    await renderShell('/HTO', shellApi({}, { 'content.settings': () => ({ result: { ERROR_BOUNDARY_MESSAGE: '' } }) }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.querySelector('p')).toBeNull());
    expect(alert).toHaveTextContent('Something went wrong here');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps the built-in message when the settings cannot be read', async () => {
    await renderShell('/HTO', shellApi({}, { 'content.settings': fail(503) }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not show this part of the page. The rest of the store still works.');
    expect(crashMessage(null, 'built in')).toBe('built in');
    expect(crashMessage({ ERROR_BOUNDARY_MESSAGE: 42 }, 'built in')).toBe('built in');
  });
});
