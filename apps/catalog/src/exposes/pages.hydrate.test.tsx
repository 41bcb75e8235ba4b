// The browser's side of a server-rendered page (issue 19): the page hydrates the server's HTML
// from the server's state without a mismatch and without loading what the server loaded again;
// what the server left out (carousels below the first screen) loads when it is shown.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { HomeSection } from '@eyewear/api-client';
import { fakeApi, type FakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import type { Wishlist } from '@eyewear/api-client';
import { sessionChanged } from '@eyewear/event-bus';
import { CUSTOMER } from '@eyewear/event-bus/testing';
import { page, product } from '../testing/fixtures';
import { browserSide, shellTree, type ServerRendered, type ShellOptions } from '@eyewear/event-bus/server-testing';
import HomePage from './HomePage';
import ListingPage from './ListingPage';
import ShortlistPage from './ShortlistPage';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/**
 * Renders on the server, in modules of its own (see testing/server-render), the page and fake API
 * that `make` gives (made there, so the API's errors are that side's), then hydrates that HTML in
 * the browser with `browserApi`.
 */
async function serverThenBrowser(
  make: () => Promise<{ ui: ReactElement; api: FakeApi }>,
  ui: ReactElement,
  options: Omit<ShellOptions, 'api'>,
  browserApi: FakeApi,
) {
  let server: ServerRendered | null = null;
  await jest.isolateModulesAsync(async () => {
    const { renderOnServer } = await import('../testing/server-render');
    const made = await make();
    server = await renderOnServer(made.ui, { ...options, api: made.api.client });
  });
  if (!server) throw new Error('no server render');
  const container = document.createElement('div');
  container.innerHTML = (server as ServerRendered).html;
  document.body.append(container);
  const serverDom = container.innerHTML;
  const { pageStore, env } = browserSide(server);
  const recoverable: unknown[] = [];
  const consoleError = jest.spyOn(console, 'error');
  try {
    await act(async () => {
      root = hydrateRoot(container, shellTree(ui, { ...options, api: browserApi.client }, pageStore, env), {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    // Past the home page's 50 ms carousel delay: a load the browser started would have asked by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 80)));
    const mismatches = consoleError.mock.calls.filter((args) => /hydrat|did not match/i.test(String(args[0])));
    return { container, serverDom, recoverable, mismatches, pageStore };
  } finally {
    consoleError.mockRestore();
  }
}

const text = (id: string): HomeSection => ({ id, data: [{ type: 'text', data: { title: `Section ${id}`, body: `Body of ${id}` } }] });
const carousel = (id: string, catId: number): HomeSection => ({ id, data: [{ type: 'category-carousel', data: { catId, title: `Carousel ${id}` } }] });
const sections: HomeSection[] = [text('s1'), carousel('near', 3101), ...Array.from({ length: 10 }, (_, i) => text(`t${i}`)), carousel('far', 3201)];

const homeHandlers = {
  'content.home': () => ({ result: { sections } }),
  'catalogue.categoryCarousel': ({ query }) => ({
    result: (query['categoryIds'] ?? '').split(',').map((catId) => ({ ...product(Number(catId) === 3101 ? 1 : 2), cat_id: Number(catId) })),
  }),
} satisfies FakeHandlers;

describe('home, hydrated from the server', () => {
  it("shows the server's sections and carousels without asking again or a mismatch; the carousel below loads when shown", async () => {
    const browserApi = fakeApi(homeHandlers);
    const onServer = async () => {
      const [{ default: Page }, { fakeApi: serverFake }] = await Promise.all([import('./HomePage'), Promise.resolve({ fakeApi })]);
      return { ui: <Page params={{}} props={{}} />, api: serverFake(homeHandlers) };
    };
    const { container, serverDom, recoverable, mismatches } = await serverThenBrowser(onServer, <HomePage params={{}} props={{}} />, { url: '/' }, browserApi);
    expect(recoverable).toEqual([]);
    expect(mismatches).toEqual([]);
    expect(container.innerHTML).toBe(serverDom);
    expect(screen.getByRole('heading', { name: 'Section s1' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Kestrel Model 1' })).toBeInTheDocument();
    expect(container.querySelectorAll('[data-section]')).toHaveLength(10);
    // `done` was true on the first render: the browser asked for nothing.
    expect(browserApi.calls.map((c) => c.name)).toEqual([]);

    // More sections: the far carousel (left out of the server's state) loads now, and only it.
    fireEvent.click(screen.getByRole('button', { name: 'Loading more' }));
    expect(container.querySelectorAll('[data-section]')).toHaveLength(sections.length);
    const far = container.querySelector('[data-section="far"]') as HTMLElement;
    expect(within(far).getByRole('status')).toBeInTheDocument();
    expect(await within(far).findByRole('article', { name: 'Kestrel Model 2' })).toBeInTheDocument();
    expect(browserApi.calls.map((c) => [c.name, c.query])).toEqual([['catalogue.categoryCarousel', { categoryIds: '3201' }]]);
  });
});

describe('a long carousel, hydrated from the server', () => {
  it('carries its first page and holds the places of the rest; turning to it loads the rest into those places', async () => {
    const long = (query: Record<string, string>) => ({
      result: (query['categoryIds'] ?? '')
        .split(',')
        .flatMap((catId) => Array.from({ length: 9 }, (_, i) => ({ ...product(10 + i), modelName: `Model ${10 + i}`, cat_id: Number(catId) }))),
    });
    const handlers = { ...homeHandlers, 'catalogue.categoryCarousel': ({ query }: { query: Record<string, string> }) => long(query) } satisfies FakeHandlers;
    const browserApi = fakeApi(handlers);
    const onServer = async () => {
      const [{ default: Page }, { fakeApi: serverFake }] = await Promise.all([import('./HomePage'), Promise.resolve({ fakeApi })]);
      return { ui: <Page params={{}} props={{}} />, api: serverFake(handlers) };
    };
    const { container, recoverable, mismatches } = await serverThenBrowser(onServer, <HomePage params={{}} props={{}} />, { url: '/' }, browserApi);
    expect(recoverable).toEqual([]);
    expect(mismatches).toEqual([]);
    const near = container.querySelector('[data-section="near"]') as HTMLElement;
    // Four products, nine slides (the pager counts them all), nothing asked for yet.
    expect(within(near).getAllByRole('article', { hidden: true })).toHaveLength(4);
    expect(near.querySelectorAll('.catalog-carousel__slide')).toHaveLength(9);
    expect(within(near).getByText('1 / 3')).toBeInTheDocument();
    expect(browserApi.calls).toEqual([]);

    fireEvent.pointerEnter(within(near).getAllByRole('region', { name: 'Carousel near' })[0]!);
    await waitFor(() => expect(within(near).getAllByRole('article', { hidden: true })).toHaveLength(9));
    expect(near.querySelectorAll('.catalog-carousel__slide')).toHaveLength(9);
    expect(browserApi.calls.map((c) => [c.name, c.query])).toEqual([['catalogue.categoryCarousel', { categoryIds: '3101' }]]);
    expect(container.querySelector('[data-section="near"] .ui-skeleton')).toBeNull();
  });
});

const filters = {
  filters: [{ id: 'frame_shape', name: 'Frame Shape', options: [{ id: 'round', title: 'Round', displayTitle: 'Round', trimmedTitle: 'Round', count: 4 }] }],
};
const listingHandlers = {
  'catalogue.category': ({ query }) => ({ result: query['page'] === '0' ? page([1, 2, 3], 5) : page([4, 5], 5) }),
  'catalogue.filters': () => ({ result: filters }),
  'catalogue.subCategories': () => ({ result: { subCategories: [{ id: 3101, name: 'Round Eyeglasses', url: '/eyeglasses/round.html' }] } }),
} satisfies FakeHandlers;

describe('listing, hydrated from the server', () => {
  it("shows the server's products, filters and sub-categories without asking again or a mismatch, then pages on", async () => {
    const browserApi = fakeApi(listingHandlers);
    const onServer = async () => {
      const [{ default: Page }, { fakeApi: serverFake }] = await Promise.all([import('./ListingPage'), Promise.resolve({ fakeApi })]);
      return { ui: <Page params={{ id: '3100' }} props={{}} />, api: serverFake(listingHandlers) };
    };
    const { container, recoverable, mismatches } = await serverThenBrowser(
      onServer,
      <ListingPage params={{ id: '3100' }} props={{}} />,
      { url: '/catalog/3100', path: '/catalog/:id' },
      browserApi,
    );
    expect(recoverable).toEqual([]);
    expect(mismatches).toEqual([]);
    expect(within(screen.getByRole('list', { name: 'Eyeglasses' })).getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Round Eyeglasses' })).toBeInTheDocument();
    // The filter panel's chunk loads in the browser too; its server HTML stays until then.
    expect(await screen.findByRole('checkbox', { name: 'Round' })).toBeInTheDocument();
    expect(browserApi.calls.map((c) => c.name)).toEqual([]);
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();

    // The next page is the browser's to load (its saga runs after hydration).
    fireEvent.click(screen.getByRole('button', { name: 'Show more frames' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Eyeglasses' })).getAllByRole('article')).toHaveLength(5));
    expect(browserApi.calls.map((c) => [c.name, c.query['page']])).toEqual([['catalogue.category', '1']]);
  });
});

describe('shortlist, hydrated from the server', () => {
  it("hydrates the server's page (its noindex meta too) without a mismatch, then loads the shopper's list", async () => {
    const wishlist: Wishlist = { numberOfProducts: 2, productIds: [1, 2], productList: [product(1), product(2)] };
    const browserApi = fakeApi({ 'catalogue.wishlist': () => ({ result: wishlist }) });
    const onServer = async () => {
      const [{ default: Page }, { fakeApi: serverFake }] = await Promise.all([import('./ShortlistPage'), Promise.resolve({ fakeApi })]);
      return { ui: <Page params={{}} props={{}} />, api: serverFake({}) };
    };
    const { container, recoverable, mismatches, pageStore } = await serverThenBrowser(
      onServer,
      <ShortlistPage params={{}} props={{}} />,
      { url: '/shortlist' },
      browserApi,
    );
    expect(recoverable).toEqual([]);
    expect(mismatches).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Shortlist' })).toBeInTheDocument();
    expect(document.querySelectorAll('meta[name="robots"]')).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'Loading your wishlist' })).toBeInTheDocument();
    // The session is the shell's to publish, in the browser: then the list loads.
    act(() => {
      pageStore.store.dispatch(sessionChanged({ ...CUSTOMER, wishlistCount: 2 }));
    });
    expect(await screen.findByRole('link', { name: 'Kestrel Model 2' })).toHaveAttribute('href', '/eyeglasses/p-2.html');
    expect(within(container).getAllByRole('listitem')).toHaveLength(2);
    expect(browserApi.calls.map((c) => c.name)).toEqual(['catalogue.wishlist']);
  });
});
