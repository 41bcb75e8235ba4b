import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { SearchSuggestions } from '@eyewear/api-client';
import { shellApi, renderShell } from '../../testing/render-shell';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));

const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

type Suggested = SearchSuggestions['productRecommendations'][number];

const product = (name: string, price: number, currencyCode: Suggested['prices'][number]['currencyCode'] = 'INR'): Suggested => ({
  name,
  brand_name: 'Kestrel',
  image_url: 'http://img.example/p.svg',
  product_url: `/eyeglasses/${name.toLowerCase()}.html`,
  prices: [{ name: 'Eyewear Price', price, currencyCode }],
});

/** A model in three colours, as the API groups it: the suggestion leads with its first colour. */
const orbitColours = [
  { id: 11, colour: 'Matte Black', hex: '#1f1f1f', image_url: '/api/v2/images/product/11/front.svg', product_url: '/eyeglasses/orbit-matte-black.html' },
  { id: 12, colour: 'Tortoise', hex: '#6b3e26', image_url: '/api/v2/images/product/12/front.svg', product_url: '/eyeglasses/orbit-tortoise.html' },
  { id: 13, colour: 'Rose Gold', hex: '#b76e79', image_url: '/api/v2/images/product/13/front.svg', product_url: '/eyeglasses/orbit-rose-gold.html' },
];
const orbit = { ...product('Orbit', 1999), image_url: orbitColours[0]!.image_url, product_url: orbitColours[0]!.product_url, colours: orbitColours };
const groupedApi = () =>
  shellApi({}, { 'catalogue.suggestions': () => ({ result: { typeAhead: ['Orbit'], productRecommendations: [orbit, product('Halo', 2499)] } }) });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
  mockedLoadRemote.mockResolvedValue({ default: () => <h1>page</h1> });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.useRealTimers());

const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
const flush = () => act(async () => jest.advanceTimersByTimeAsync(0));
const box = () => screen.getAllByRole('combobox', { name: 'Search' })[0]!;

describe('search bar', () => {
  it("is a form to the search page (GET, the term as q) that works before the page's scripts run", async () => {
    await renderShell('/cart');
    const form = screen.getAllByRole('search')[0]!;
    expect(form).toHaveAttribute('action', '/search');
    expect(form).toHaveAttribute('method', 'get');
    expect(box()).toHaveAttribute('name', 'q');
  });

  it('shows trending searches on focus, as a labelled listbox', async () => {
    await renderShell('/cart');
    await user().click(box());
    await flush();
    const list = await screen.findByRole('listbox', { name: 'Search suggestions' });
    expect(within(list).getByRole('option', { name: 'Round eyeglasses' })).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
  });

  it('suggests keywords and products with the first price and its currency mark; the latest answer wins', async () => {
    const slow = deferred<{ result: SearchSuggestions }>();
    const api = shellApi(
      {},
      {
        'catalogue.suggestions': ({ params }) =>
          params['query'] === 'ro'
            ? slow.promise
            : { result: { typeAhead: ['Round eyeglasses', 'Rose gold'], productRecommendations: [product('Orbit', 1999)] } },
      },
    );
    await renderShell('/cart', api);
    const u = user();
    await u.type(box(), 'ro');
    await u.type(box(), 'u');
    await flush();
    const list = screen.getByRole('listbox', { name: 'Search suggestions' });
    expect(within(list).getByRole('option', { name: 'Rose gold' })).toBeInTheDocument();
    const card = within(list).getByRole('option', { name: 'Kestrel Orbit' });
    expect(card).toHaveTextContent('₹1,999');
    expect(card.querySelector('img')).toHaveAttribute('src', 'https://img.example/p.svg');
    // The older request answers last: it is ignored.
    await act(async () => slow.resolve({ result: { typeAhead: ['Stale'], productRecommendations: [] } }));
    expect(within(list).queryByRole('option', { name: 'Stale' })).not.toBeInTheDocument();
    expect(api.callsTo('catalogue.suggestions').map((call) => call.params)).toContainEqual({ query: 'rou' });
  });

  it('moves with the arrow keys and searches the chosen keyword 300 ms after Enter', async () => {
    await renderShell(
      '/cart',
      shellApi({}, { 'catalogue.suggestions': () => ({ result: { typeAhead: ['Round', 'Rose gold'], productRecommendations: [] } }) }),
    );
    const u = user();
    await u.type(box(), 'r');
    await flush();
    await u.keyboard('{ArrowDown}{ArrowDown}');
    const chosen = screen.getByRole('option', { name: 'Rose gold' });
    expect(chosen).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', chosen.id);
    await u.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Round' })).toHaveAttribute('aria-selected', 'true');
    await u.keyboard('{ArrowUp}{Enter}');
    act(() => jest.advanceTimersByTime(299));
    expect(window.location.pathname).toBe('/cart');
    act(() => jest.advanceTimersByTime(1));
    expect(window.location.pathname).toBe('/search');
    expect(new URLSearchParams(window.location.search).get('q')).toBe('Rose gold');
  });

  it('searches the typed term on a click of a product, and does nothing for a blank term', async () => {
    await renderShell(
      '/cart',
      shellApi({}, { 'catalogue.suggestions': () => ({ result: { typeAhead: [], productRecommendations: [product('Orbit', 25, 'USD')] } }) }),
    );
    const u = user();
    await u.type(box(), '   ');
    await u.keyboard('{Enter}');
    act(() => jest.advanceTimersByTime(1000));
    expect(window.location.pathname).toBe('/cart');
    await u.clear(box());
    await u.type(box(), 'orb');
    await flush();
    await u.click(screen.getByRole('option', { name: 'Kestrel Orbit' }));
    act(() => jest.advanceTimersByTime(300));
    expect(window.location.pathname).toBe('/eyeglasses/orbit.html');
  });

  it('never lets the blocked characters in, and hides the list 200 ms after focus leaves', async () => {
    await renderShell('/cart');
    const u = user();
    await u.type(box(), 'a\\b[[c]d(e)f?g%h');
    expect(box()).toHaveValue('abcdefgh');
    await flush();
    await u.tab();
    act(() => jest.advanceTimersByTime(199));
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    act(() => jest.advanceTimersByTime(1));
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  describe('colour variants of a model', () => {
    it('are one suggestion, named by the model, with its colours as swatches and described', async () => {
      await renderShell('/cart', groupedApi());
      await user().type(box(), 'orb');
      await flush();
      const list = screen.getByRole('listbox', { name: 'Search suggestions' });
      // Three colours of Orbit are one option: the list is the keyword and two models.
      const names = ['Orbit', 'Kestrel Orbit', 'Kestrel Halo'];
      expect(within(list).getAllByRole('option')).toHaveLength(names.length);
      within(list)
        .getAllByRole('option')
        .forEach((option, i) => expect(option).toHaveAccessibleName(names[i]));
      expect([...list.children].map((child) => child.getAttribute('role'))).toEqual(['presentation', 'option', 'presentation', 'option', 'option']);
      const card = within(list).getByRole('option', { name: 'Kestrel Orbit' });
      expect(card).toHaveAccessibleDescription('Matte Black, also in Tortoise, Rose Gold');
      expect(card).toHaveTextContent('₹1,999');
      expect(
        within(card)
          .getAllByTitle(/.+/)
          .map((swatch) => swatch.title),
      ).toEqual(['Matte Black', 'Tortoise', 'Rose Gold']);
      expect(card.querySelector('img')).toHaveAttribute('src', expect.stringContaining('/product/11/'));
      // A model in one colour has no swatches and no description.
      const halo = within(list).getByRole('option', { name: 'Kestrel Halo' });
      expect(within(halo).queryAllByTitle(/.+/)).toEqual([]);
      expect(halo).not.toHaveAttribute('aria-describedby');
    });

    it('a swatch shows its colour, keeps the keyboard selection, and Enter opens that colour', async () => {
      await renderShell('/cart', groupedApi());
      const u = user();
      await u.type(box(), 'orb');
      await flush();
      await u.keyboard('{ArrowDown}{ArrowDown}');
      const card = screen.getByRole('option', { name: 'Kestrel Orbit' });
      expect(card).toHaveAttribute('aria-selected', 'true');
      await u.hover(within(card).getByTitle('Tortoise'));
      expect(card.querySelector('img')).toHaveAttribute('src', expect.stringContaining('/product/12/'));
      expect(card).toHaveAccessibleDescription('Tortoise, also in Matte Black, Rose Gold');
      expect(screen.getByRole('option', { name: 'Kestrel Orbit' })).toHaveAttribute('aria-selected', 'true');
      expect(box()).toHaveAttribute('aria-activedescendant', card.id);
      await u.keyboard('{Enter}');
      act(() => jest.advanceTimersByTime(300));
      expect(window.location.pathname).toBe('/eyeglasses/orbit-tortoise.html');
    });

    it('pressing a swatch opens that colour; Enter on the suggestion opens the one it leads with', async () => {
      await renderShell('/cart', groupedApi());
      const u = user();
      await u.type(box(), 'orb');
      await flush();
      await u.click(within(screen.getByRole('option', { name: 'Kestrel Orbit' })).getByTitle('Rose Gold'));
      act(() => jest.advanceTimersByTime(300));
      expect(window.location.pathname).toBe('/eyeglasses/orbit-rose-gold.html');
    });

    it('the arrows wrap over keywords and models, Escape closes the list and keeps the term, Enter opens the first colour', async () => {
      await renderShell('/cart', groupedApi());
      const u = user();
      await u.type(box(), 'orb');
      await flush();
      await u.keyboard('{ArrowUp}');
      expect(screen.getByRole('option', { name: 'Kestrel Halo' })).toHaveAttribute('aria-selected', 'true');
      await u.keyboard('{ArrowDown}');
      expect(screen.getByRole('option', { name: 'Orbit' })).toHaveAttribute('aria-selected', 'true');
      await u.keyboard('{Escape}');
      expect(box()).toHaveAttribute('aria-expanded', 'false');
      expect(box()).not.toHaveAttribute('aria-activedescendant');
      expect(box()).toHaveValue('orb');
      await u.keyboard('{ArrowDown}');
      expect(box()).toHaveAttribute('aria-expanded', 'true');
      await u.keyboard('{ArrowDown}');
      expect(screen.getByRole('option', { name: 'Kestrel Orbit' })).toHaveAttribute('aria-selected', 'true');
      await u.keyboard('{Enter}');
      act(() => jest.advanceTimersByTime(300));
      expect(window.location.pathname).toBe('/eyeglasses/orbit-matte-black.html');
    });
  });
});
