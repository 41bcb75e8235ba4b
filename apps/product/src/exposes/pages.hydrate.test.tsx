// The browser's side of a server-rendered product page (issue 19): it hydrates the server's HTML
// from the server's answers without a mismatch and without asking for them again; what lives in
// the tab (the compare picks) shows after hydration.
import { act, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { fail, fakeApi, type FakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import type { RemotePageProps } from '@eyewear/federation';
import { COMPARE_KEY } from '../features/product/compare-list';
import { aProduct, emptyReviews } from '../testing/fixtures';
import { browserSide, shellTree, type ServerRendered, type ShellOptions } from '@eyewear/event-bus/server-testing';
import ProductPage from './ProductPage';

jest.setTimeout(20_000);

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  sessionStorage.clear();
});

const route = (id: string): RemotePageProps => ({ params: { id }, props: {} });

/**
 * Renders the product page on the server, in modules of its own (see testing/server-render), with
 * a fake API made there from `handlers`, then hydrates that HTML in the browser with `browserApi`.
 */
async function serverThenBrowser(id: string, handlers: FakeHandlers, browserApi: FakeApi, inTheTab: () => void = () => undefined) {
  const options: Omit<ShellOptions, 'api'> = { url: `/product/${id}` };
  let server: ServerRendered | null = null;
  await jest.isolateModulesAsync(async () => {
    const [{ renderOnServer }, { default: Page }, { fakeApi: serverFake }] = await Promise.all([
      import('../testing/server-render'),
      import('./ProductPage'),
      Promise.resolve({ fakeApi }),
    ]);
    server = await renderOnServer(<Page {...route(id)} />, { ...options, api: serverFake(handlers).client });
  });
  const rendered = server as ServerRendered | null;
  if (!rendered) throw new Error('no server render');
  inTheTab();
  const container = document.createElement('div');
  container.innerHTML = rendered.html;
  document.body.append(container);
  const { pageStore, env } = browserSide(rendered);
  const recoverable: unknown[] = [];
  const consoleError = jest.spyOn(console, 'error');
  const ui: ReactElement = <ProductPage {...route(id)} />;
  try {
    await act(async () => {
      root = hydrateRoot(container, shellTree(ui, { ...options, api: browserApi.client }, pageStore, env), {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    // The lazy ProductView chunk hydrates once it has loaded.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const mismatches = consoleError.mock.calls.filter((args) => /hydrat|did not match/i.test(String(args[0])));
    return { server: rendered, container, recoverable, mismatches };
  } finally {
    consoleError.mockRestore();
  }
}

const handlers = {
  'product.get': { result: aProduct() },
  'reviews.list': emptyReviews,
  'product.buyOptionsGroup': {
    result: {
      groupId: 'g',
      options: [
        { productId: 128001, label: 'Honey', url: '/y', selected: true },
        { productId: 128002, label: 'Black', url: '/x', selected: false },
      ],
    },
  },
  'product.threeSixtyStatus': { result: { sku_id: 'eye-ms-128001', enabled: true } },
} satisfies FakeHandlers;

describe('product page, hydrated from the server', () => {
  it("shows the server's product without asking for it again or a mismatch; the tab's compare picks show after", async () => {
    const browserApi = fakeApi(handlers);
    // The shopper picked another frame for compare looks in this tab: the server cannot know.
    const { server, recoverable, mismatches } = await serverThenBrowser('128001', handlers, browserApi, () =>
      sessionStorage.setItem(COMPARE_KEY, JSON.stringify([128005])),
    );
    expect(server.html).not.toContain('href="/compare-looks"');
    expect(recoverable).toEqual([]);
    expect(mismatches).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Rowan' })).toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent('₹3,899');
    expect(screen.getByRole('link', { name: 'Black' })).toHaveAttribute('href', '/product/128002');
    expect(await screen.findByRole('link', { name: /compare looks/i })).toHaveAttribute('href', '/compare-looks');
    // Only what the server does not load (a POST) is the browser's to ask.
    expect(browserApi.calls.map((c) => c.name)).toEqual(['product.threeSixtyStatus']);
  });

  it("a missing product keeps the server's not-found page while the browser checks again", async () => {
    let release: () => void = () => undefined;
    const browserApi = fakeApi({ 'product.get': () => new Promise((resolve) => (release = () => resolve(fail(404, { message: 'No such frame' })))) });
    // No handler on the server: every call there answers 404.
    const { server, recoverable, mismatches } = await serverThenBrowser('5', {}, browserApi);
    expect(server.head.status).toBe(404);
    expect(recoverable).toEqual([]);
    expect(mismatches).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(browserApi.callsTo('product.get')).toHaveLength(1);
    await act(async () => release());
    expect(await screen.findByRole('heading', { level: 1, name: 'No such frame' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
