import { useEffect, useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { createApiClient, productRoutes, reportReachability, shellRoutes } from '@eyewear/api-client';
import { fail, type FakeHandlers } from '@eyewear/api-client/testing';
import { renderShell, routing, SHELL_ANSWERS, shellApi } from '../testing/render-shell';

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

const unreachable = fail(502, { message: 'The storefront API is not reachable.', code: 'API_UNREACHABLE' });

/**
 * The shell's API while the store is down: every call it makes gets the edge's "unreachable"
 * answer (the client itself tells the page, with each answer, whether the store answered).
 */
const storeDown = () => shellApi({}, Object.fromEntries(['utility.routing', ...Object.keys(SHELL_ANSWERS)].map((name) => [name, unreachable])) as FakeHandlers);
/** What the client reads of a fetch answer (jsdom has no Response). */
const answer = (status: number, body: unknown) => ({ ok: status < 400, status, text: async () => JSON.stringify(body) }) as unknown as Response;

describe('the store unreachable (docs/adr/022)', () => {
  it('shows one shared state in the page area while the API is unreachable, keeps the header, and loads again on Try again', async () => {
    let apiUp = false;
    let mounts = 0;
    const client = createApiClient({
      cookies: () => 'clientV1_in_active=1',
      fetch: (async () => {
        if (!apiUp) return answer(502, { message: 'The storefront API is not reachable.', code: 'API_UNREACHABLE' });
        return answer(200, { result: { modelName: 'Round frame' } });
      }) as unknown as typeof fetch,
    });
    function DataPage() {
      const [name, setName] = useState<string | null>(null);
      const [failed, setFailed] = useState(false);
      useEffect(() => {
        mounts += 1;
        client.call(productRoutes.get, { params: { id: 1 } }).then(
          (answer) => setName(answer.result.modelName),
          () => setFailed(true),
        );
      }, []);
      return <h1>{name ?? (failed ? 'generic error' : 'loading')}</h1>;
    }
    mockedLoadRemote.mockResolvedValue({ default: DataPage });
    const api = storeDown();
    await renderShell('/product/1', api);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We can't reach the store right now");
    expect(screen.queryByText('generic error')).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();

    apiUp = true;
    api.answer(SHELL_ANSWERS);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Round frame' })).toBeInTheDocument();
    expect(screen.queryByText("We can't reach the store right now")).not.toBeInTheDocument();
    expect(mounts).toBe(2);
  });

  it('says the store is unreachable, not "not found", when the routing lookup of an SEO URL gets no answer', async () => {
    // A path no other test looked up (lookups are cached for the page).
    const routes = { '/eyeglasses/square-unreachable.html': 'cat:3109' };
    const api = shellApi(routes, { 'utility.routing': unreachable });
    mockedLoadRemote.mockResolvedValue({ default: Page });
    await renderShell('/eyeglasses/square-unreachable.html', api);
    expect(await screen.findByRole('alert')).toHaveTextContent("We can't reach the store right now");
    expect(screen.queryByText("We couldn't find that page")).not.toBeInTheDocument();
    api.answer({ 'utility.routing': routing(routes) });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: /page/ })).toHaveTextContent('{"id":"3109"}');
  });

  it('brings the main menu and the footer back when the store answers again, without a reload', async () => {
    // The page opened while the API was down: the header's menu and the footer's links could
    // not load. They used to stay missing until a reload.
    const api = storeDown();
    mockedLoadRemote.mockResolvedValue({ default: Page });
    await renderShell('/cart', api);
    await waitFor(() => expect(api.callsTo('content.navigation')).not.toHaveLength(0));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    const navigationCalls = () => api.callsTo('content.navigation').length;
    const before = navigationCalls();

    // Nothing is asked again while the store is still down.
    await act(async () => reportReachability(false));
    expect(navigationCalls()).toBe(before);

    // Any call that reaches the store (here: the shopper's next page) brings them back.
    api.answer(SHELL_ANSWERS);
    await act(async () => {
      await api.client.call(shellRoutes.settings);
    });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Eyeglasses' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Privacy policy' })).toBeInTheDocument();
    expect(navigationCalls()).toBe(before + 1);
  });

  it('tries again on a new navigation without a reload', async () => {
    let apiUp = false;
    const client = createApiClient({
      cookies: () => 'clientV1_in_active=1',
      fetch: (async () => {
        if (!apiUp) throw new TypeError('Failed to fetch');
        return answer(200, { result: { modelName: 'Square frame' } });
      }) as unknown as typeof fetch,
    });
    function DataPage({ params }: { params: Record<string, string> }) {
      const [name, setName] = useState<string | null>(null);
      useEffect(() => {
        client.call(productRoutes.get, { params: { id: params.id } }).then(
          (answer) => setName(`${answer.result.modelName} ${params.id}`),
          () => undefined,
        );
      }, [params.id]);
      return <h1>{name ?? 'loading'}</h1>;
    }
    mockedLoadRemote.mockResolvedValue({ default: DataPage });
    await renderShell('/product/1');
    expect(await screen.findByRole('alert')).toHaveTextContent("We can't reach the store right now");
    apiUp = true;
    await act(async () => {
      window.history.pushState({}, '', '/product/2');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await screen.findByRole('heading', { name: 'Square frame 2' })).toBeInTheDocument();
  });
});
