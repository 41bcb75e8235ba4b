import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { HomeSection, Store } from '@eyewear/api-client';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { QueryCache, RenderEnvProvider, sessionChanged } from '@eyewear/event-bus';
import { CUSTOMER, GUEST, renderPage } from '@eyewear/event-bus/testing';
import { page, product } from '../testing/fixtures';
import CmsPage from './CmsPage';
import HomePage from './HomePage';
import ListingPage from './ListingPage';
import QuizPage from './QuizPage';
import SearchPage from './SearchPage';
import ShortlistPage from './ShortlistPage';

const filters = {
  filters: [
    { id: 'frame_shape', name: 'Frame Shape', options: [{ id: 'round', title: 'Round', displayTitle: 'Round', trimmedTitle: 'Round', count: 4 }] },
    {
      id: 'price',
      name: 'Price',
      options: [{ id: '0-999', title: 'Rs. 0 - Rs. 999', displayTitle: 'Rs. 0 - Rs. 999', trimmedTitle: 'Rs. 0 - Rs. 999', count: 2 }],
    },
    {
      id: 'frame_size',
      name: 'Frame Size',
      options: [
        {
          id: 'extraNarrow',
          title: 'Extra Narrow (for petite faces and teens)',
          displayTitle: 'Extra Narrow (for petite faces and teens)',
          trimmedTitle: 'Extra Narrow (for petite face…',
          count: 1,
        },
      ],
    },
  ],
};

/** The browser's render environment as the shell gives it, for a visitor with this user agent. */
function AsVisitor({ userAgent, children }: { userAgent: string; children: ReactNode }) {
  return <RenderEnvProvider env={{ server: false, userAgent, mobile: false, queries: new QueryCache() }}>{children}</RenderEnvProvider>;
}

const cards = (list: string) => within(screen.getByRole('list', { name: list })).getAllByRole('article');

describe('ListingPage', () => {
  it('shows the category grid, filters (₹ for Rs., trimmed titles) and loads page 2 on demand', async () => {
    const api = fakeApi({
      'catalogue.category': ({ query }) => ({
        result:
          query['page'] === '1'
            ? page([16, 17], 17)
            : page(
                Array.from({ length: 15 }, (_, i) => i + 1),
                17,
              ),
      }),
      'catalogue.filters': () => ({ result: filters }),
      'catalogue.subCategories': () => ({ result: { subCategories: [{ id: 3101, name: 'Round Eyeglasses', url: '/eyeglasses/round.html' }] } }),
    });
    renderPage(<ListingPage params={{ id: '3100' }} props={{}} />, { api: api.client, url: '/catalog/3100' });
    expect(screen.getByRole('status', { name: 'Loading products' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Eyeglasses' })).toBeInTheDocument();
    expect(cards('Eyeglasses')).toHaveLength(15);
    expect(screen.getByText('17 frames')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Kestrel Model 1' });
    expect(within(card).getByText('₹1,500')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Kestrel/ })).toHaveAttribute('href', '/eyeglasses/p-1.html');
    expect(await screen.findByRole('checkbox', { name: '₹0 - ₹999' })).toBeInTheDocument();
    expect(screen.getByText('Extra Narrow (for petite face…')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Round Eyeglasses' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show more frames' }));
    await waitFor(() => expect(cards('Eyeglasses')).toHaveLength(17));
    expect(api.callsTo('catalogue.category').map((c) => c.query['page'])).toEqual(['0', '1']);
    expect(screen.getByText('You have seen all 17 frames')).toBeInTheDocument();
  });

  it.each([
    ['contact-lenses', 'Contact Lenses', '24 contact lenses', '1 contact lens', 'Show more contact lenses'],
    ['solutions', 'Contact Lens Solutions', '24 lens care solutions', '1 lens care solution', 'Show more lens care solutions'],
    ['accessories', 'Accessories', '24 accessories', '1 accessory', 'Show more accessories'],
    ['membership', 'Gold Membership', '24 products', '1 product', 'Show more products'],
  ])('counts a %s listing by what it holds, never as frames', async (categoryType, name, many, one, more) => {
    const api = fakeApi({
      'catalogue.category': ({ params }) => ({
        result: { ...page([1, 2], params['id'] === '1' ? 1 : 24), categoryType, category_name: name },
      }),
      'catalogue.filters': () => ({ result: filters }),
      'catalogue.subCategories': () => ({ result: { subCategories: [] } }),
    });
    const { unmount } = renderPage(<ListingPage params={{ id: '3600' }} props={{}} />, { api: api.client, url: '/catalog/3600' });
    expect(await screen.findByText(many)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: more })).toBeInTheDocument();
    expect(screen.queryByText(/frames?\b/)).toBeNull();
    unmount();
    renderPage(<ListingPage params={{ id: '1' }} props={{}} />, { api: api.client, url: '/catalog/1' });
    expect(await screen.findByText(one)).toBeInTheDocument();
  });

  it('a filter or a sort changes the request', async () => {
    const api = fakeApi({
      'catalogue.category': () => ({ result: page([1, 2], 2) }),
      'catalogue.filters': () => ({ result: filters }),
      'catalogue.subCategories': () => ({ result: { subCategories: [] } }),
    });
    renderPage(<ListingPage params={{ id: '3100' }} props={{}} />, { api: api.client, url: '/catalog/3100' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Round' }));
    await waitFor(() => expect(api.callsTo('catalogue.category').at(-1)?.query).toEqual({ frame_shape: 'round', 'page-size': '15', page: '0' }));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Sort by' }), { target: { value: 'price-desc' } });
    await waitFor(() =>
      expect(api.callsTo('catalogue.category').at(-1)?.query).toEqual({
        dir: 'desc',
        frame_shape: 'round',
        sort: 'price',
        'page-size': '15',
        page: '0',
      }),
    );
  });

  it('while a sort loads, the last results stay on screen, dimmed and busy, until the new ones arrive', async () => {
    let release: () => void = () => undefined;
    const api = fakeApi({
      'catalogue.category': ({ query }) =>
        query['sort'] ? new Promise((resolve) => (release = () => resolve({ result: page([9, 8], 2) }))) : { result: page([1, 2], 2) },
      'catalogue.filters': () => ({ result: filters }),
      'catalogue.subCategories': () => ({ result: { subCategories: [] } }),
    });
    renderPage(<ListingPage params={{ id: '3100' }} props={{}} />, { api: api.client, url: '/catalog/3100' });
    await screen.findByRole('article', { name: 'Kestrel Model 1' });
    expect(screen.getByRole('list', { name: 'Eyeglasses' })).toHaveAttribute('aria-busy', 'false');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Sort by' }), { target: { value: 'price-desc' } });
    await waitFor(() => expect(api.callsTo('catalogue.category').at(-1)?.query['sort']).toBe('price'));
    // No empty grid: the old cards, the title, the count and the sort stay while the new page loads.
    expect(screen.getByRole('list', { name: 'Eyeglasses' })).toHaveAttribute('aria-busy', 'true');
    expect(cards('Eyeglasses').map((c) => c.getAttribute('aria-label'))).toEqual(['Kestrel Model 1', 'Kestrel Model 2']);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc');
    expect(screen.getByText('2 frames')).toBeInTheDocument();
    act(() => release());
    await waitFor(() => expect(cards('Eyeglasses').map((c) => c.getAttribute('aria-label'))).toEqual(['Kestrel Model 9', 'Kestrel Model 8']));
    expect(screen.getByRole('list', { name: 'Eyeglasses' })).toHaveAttribute('aria-busy', 'false');
  });

  it('the next category loads behind the last one (never an empty grid), then replaces it', async () => {
    let release: () => void = () => undefined;
    const api = fakeApi({
      'catalogue.category': ({ params }) =>
        params['id'] === '3200'
          ? new Promise((resolve) => (release = () => resolve({ result: { ...page([21], 1), categoryId: 3200, category_name: 'Sunglasses' } })))
          : { result: page([1, 2], 2) },
      'catalogue.filters': () => ({ result: filters }),
      'catalogue.subCategories': () => ({ result: { subCategories: [] } }),
    });
    const { rerender } = renderPage(<ListingPage params={{ id: '3100' }} props={{}} />, { api: api.client, url: '/catalog/3100' });
    await screen.findByRole('article', { name: 'Kestrel Model 1' });
    rerender(<ListingPage params={{ id: '3200' }} props={{}} />);
    expect(screen.queryByRole('status', { name: 'Loading products' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Eyeglasses' })).toHaveAttribute('aria-busy', 'true');
    expect(cards('Eyeglasses')).toHaveLength(2);
    await waitFor(() => expect(api.callsTo('catalogue.category').at(-1)?.params['id']).toBe('3200'));
    expect(cards('Eyeglasses')).toHaveLength(2);
    act(() => release());
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunglasses' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Sunglasses' })).toHaveAttribute('aria-busy', 'false');
    expect(cards('Sunglasses')).toHaveLength(1);
  });

  it('a collection renders its first 5 items, then appends (crawlers get all)', async () => {
    const items = Array.from({ length: 12 }, (_, i) => product(i + 1));
    const api = fakeApi({ 'content.collection': () => ({ result: { id: '4003', title: 'Bestsellers', items } }) });
    renderPage(<ListingPage params={{ id: '4003' }} props={{ section: 'col' }} />, { api: api.client, url: '/collections/bestsellers.html' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestsellers' })).toBeInTheDocument();
    expect(cards('Bestsellers')).toHaveLength(5);
    expect(api.calls[0]?.query).toEqual({ url: '/collections/bestsellers.html' });
    // A collection holds products of any kind: it counts them as products.
    expect(screen.getByText('12 products')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show more products' }));
    await waitFor(() => expect(cards('Bestsellers')).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: 'Show more products' }));
    await waitFor(() => expect(cards('Bestsellers')).toHaveLength(12));
    expect(api.calls).toHaveLength(1);
  });

  it('crawlers get the whole collection at once', async () => {
    const items = Array.from({ length: 12 }, (_, i) => product(i + 1));
    const api = fakeApi({ 'content.collection': () => ({ result: { id: '4003', title: 'Bestsellers', items } }) });
    renderPage(
      <AsVisitor userAgent="Mozilla/5.0 (compatible; Googlebot/2.1)">
        <ListingPage params={{ id: '4003' }} props={{ section: 'col' }} />
      </AsVisitor>,
      { api: api.client, url: '/collections/bestsellers.html' },
    );
    await screen.findByRole('heading', { level: 1, name: 'Bestsellers' });
    expect(cards('Bestsellers')).toHaveLength(12);
  });

  it('a failure shows an error with retry; an unknown category says so', async () => {
    const api = fakeApi({});
    renderPage(<ListingPage params={{ id: '999' }} props={{}} />, { api: api.client, url: '/catalog/999' });
    expect(await screen.findByRole('heading', { name: 'Category not found' })).toBeInTheDocument();
  });

  it('a guest saves with the heart as a customer does (no login asked); an empty guest list is not even loaded', async () => {
    const handlers = {
      'catalogue.category': () => ({ result: page([1], 1) }),
      'catalogue.filters': () => ({ result: filters }),
      'catalogue.subCategories': () => ({ result: { subCategories: [] } }),
      'catalogue.wishlist': () => ({ result: { numberOfProducts: 0, productIds: [], productList: [] } }),
      'catalogue.wishlistAdd': () => ({ result: { numberOfProducts: 1, productIds: [1], productList: [product(1)] } }),
    };
    const guestApi = fakeApi(handlers);
    const guest = renderPage(<ListingPage params={{ id: '3100' }} props={{}} />, { api: guestApi.client, url: '/catalog/3100', session: GUEST });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Kestrel Model 1 to wishlist' }));
    expect(await screen.findByRole('button', { name: 'Remove Kestrel Model 1 from wishlist' })).toHaveAttribute('aria-pressed', 'true');
    expect(guest.actionsOf('auth/loginRequested')).toEqual([]);
    expect(guest.actionsOf('wishlist/changed').map((a) => a.payload)).toEqual([{ count: 1, productIds: [1] }]);
    // One change, made once (one wishlist saga for the page); the user info said the guest holds nothing: no load.
    expect(guestApi.callsTo('catalogue.wishlistAdd')).toHaveLength(1);
    expect(guestApi.callsTo('catalogue.wishlist')).toEqual([]);
    guest.unmount();
    const api = fakeApi(handlers);
    renderPage(<ListingPage params={{ id: '3100' }} props={{}} />, { api: api.client, url: '/catalog/3100', session: CUSTOMER });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Kestrel Model 1 to wishlist' }));
    expect(await screen.findByRole('button', { name: 'Remove Kestrel Model 1 from wishlist' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a heart waits for the session: before the shell knows whose list it is, a tap would go nowhere', async () => {
    const api = fakeApi({
      'catalogue.category': () => ({ result: page([1], 1) }),
      'catalogue.filters': () => ({ result: filters }),
      'catalogue.subCategories': () => ({ result: { subCategories: [] } }),
      'catalogue.wishlistAdd': () => ({ result: { numberOfProducts: 1, productIds: [1], productList: [product(1)] } }),
    });
    const view = renderPage(<ListingPage params={{ id: '3100' }} props={{}} />, { api: api.client, url: '/catalog/3100', session: null });
    const heart = await screen.findByRole('button', { name: 'Add Kestrel Model 1 to wishlist' });
    expect(heart).toBeDisabled();
    act(() => {
      view.store.dispatch(sessionChanged(GUEST));
    });
    await waitFor(() => expect(heart).toBeEnabled());
    fireEvent.click(heart);
    expect(await screen.findByRole('button', { name: 'Remove Kestrel Model 1 from wishlist' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('catalogue.wishlistAdd')).toHaveLength(1);
  });

  it("a guest whose user info counts saved frames sees them on the cards' hearts", async () => {
    const api = fakeApi({
      'catalogue.category': () => ({ result: page([1, 2], 2) }),
      'catalogue.filters': () => ({ result: filters }),
      'catalogue.subCategories': () => ({ result: { subCategories: [] } }),
      'catalogue.wishlist': () => ({ result: { numberOfProducts: 1, productIds: [2], productList: [] } }),
    });
    renderPage(<ListingPage params={{ id: '3100' }} props={{}} />, { api: api.client, url: '/catalog/3100', session: { ...GUEST, wishlistCount: 1 } });
    expect(await screen.findByRole('button', { name: 'Remove Kestrel Model 2 from wishlist' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Add Kestrel Model 1 to wishlist' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('SearchPage', () => {
  it('is a listing named after the query, without brackets', async () => {
    const api = fakeApi({
      'catalogue.search': () => ({ result: { ...page([1, 2], 2), categoryId: null, category_name: 'aviator' } }),
      'catalogue.searchFilters': () => ({ result: filters }),
    });
    renderPage(<SearchPage params={{}} props={{}} />, { api: api.client, url: '/search?q=aviator' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for "aviator"' })).toBeInTheDocument();
    expect(cards('Results for "aviator"')).toHaveLength(2);
    expect(api.callsTo('catalogue.search').map(({ name, params, query }) => ({ name, params, query }))[0]).toEqual({
      name: 'catalogue.search',
      params: { query: 'aviator' },
      query: { 'page-size': '15', page: '0' },
    });
  });

  it('shows suggestions when nothing matches', async () => {
    const api = fakeApi({
      'catalogue.search': () => ({ result: { ...page([], 0), categoryId: null, category_name: 'zzz' } }),
      'catalogue.searchFilters': () => ({ result: { filters: [] } }),
      'catalogue.trending': () => ({ result: { desktop: [{ name: 'Round glasses', url: '/search?q=round' }], mobile: [] } }),
    });
    renderPage(<SearchPage params={{}} props={{}} />, { api: api.client, url: '/search?q=zzz' });
    expect(await screen.findByRole('heading', { name: 'No results for "zzz"' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Round glasses' })).toHaveAttribute('href', '/search?q=round');
  });
});

const section = (id: string, type = 'text', extra: Partial<HomeSection> = {}): HomeSection => ({
  id,
  data: [{ type, data: { title: `Section ${id}`, body: id } }],
  ...extra,
});

describe('HomePage', () => {
  const sections = [
    section('s1'),
    section('s2', 'text', { className: 'hide-repeat' }),
    { id: 'c1', data: [{ type: 'category-carousel', data: { catId: 3101, title: 'Round eyeglasses' } }] },
    ...Array.from({ length: 12 }, (_, i) => section(`t${i}`)),
  ];

  it('renders 7 sections, then 10 once the carousels arrive, and fills the carousel by cat_id', async () => {
    const api = fakeApi({
      'content.home': () => ({ result: { sections } }),
      'catalogue.categoryCarousel': () => ({
        result: [
          { ...product(1), cat_id: 3101 },
          { ...product(2), cat_id: 9999 },
        ],
      }),
    });
    jest.useFakeTimers();
    try {
      const { container } = renderPage(<HomePage params={{}} props={{}} />, { api: api.client, url: '/' });
      await act(async () => undefined);
      expect(screen.getByRole('heading', { name: 'Section s1' })).toBeInTheDocument();
      expect(container.querySelectorAll('[data-section]')).toHaveLength(7);
      expect(api.calls.map((c) => c.name)).toEqual(['content.home']);
      // The carousels are asked for 50 ms after the page.
      await act(async () => jest.advanceTimersByTime(49));
      expect(api.calls.map((c) => c.name)).toEqual(['content.home']);
      await act(async () => jest.advanceTimersByTime(1));
      expect(container.querySelectorAll('[data-section]')).toHaveLength(10);
      expect(screen.getByRole('article', { name: 'Kestrel Model 1' })).toBeInTheDocument();
      expect(screen.queryByRole('article', { name: 'Kestrel Model 2' })).toBeNull();
      expect(api.callsTo('catalogue.categoryCarousel')[0]?.query).toEqual({ categoryIds: '3101' });
      fireEvent.click(screen.getByRole('button', { name: 'Loading more' }));
      expect(container.querySelectorAll('[data-section]')).toHaveLength(13);
    } finally {
      jest.useRealTimers();
    }
  });

  it('crawlers get every section at once', async () => {
    const api = fakeApi({ 'content.home': () => ({ result: { sections } }), 'catalogue.categoryCarousel': () => ({ result: [] }) });
    const { container } = renderPage(
      <AsVisitor userAgent="Mozilla/5.0 (compatible; bingbot/2.0)">
        <HomePage params={{}} props={{}} />
      </AsVisitor>,
      { api: api.client, url: '/' },
    );
    await screen.findByRole('heading', { name: 'Section s1' });
    expect(container.querySelectorAll('[data-section]')).toHaveLength(sections.length);
  });

  it('hides hide-repeat sections for repeat customers', async () => {
    const api = fakeApi({ 'content.home': () => ({ result: { sections } }), 'catalogue.categoryCarousel': () => ({ result: [] }) });
    renderPage(<HomePage params={{}} props={{}} />, { api: api.client, url: '/', session: { ...CUSTOMER, hasPlacedOrder: true } });
    await screen.findByRole('heading', { name: 'Section s1' });
    expect(screen.queryByRole('heading', { name: 'Section s2' })).toBeNull();
  });

  it("a customer's saved frames show filled hearts in the carousels", async () => {
    const api = fakeApi({
      'content.home': () => ({ result: { sections } }),
      'catalogue.categoryCarousel': () => ({ result: [{ ...product(1), cat_id: 3101 }] }),
      'catalogue.wishlist': () => ({ result: { numberOfProducts: 1, productIds: [1], productList: [] } }),
    });
    renderPage(<HomePage params={{}} props={{}} />, { api: api.client, url: '/', session: CUSTOMER });
    expect(await screen.findByRole('button', { name: 'Remove Kestrel Model 1 from wishlist' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('an ended promotion says so', async () => {
    const api = fakeApi({});
    renderPage(<HomePage params={{ pagename: 'winter' }} props={{}} />, { api: api.client, url: '/promo/winter' });
    expect(await screen.findByRole('heading', { level: 1, name: 'This promotion has ended' })).toBeInTheDocument();
  });
});

/** A store as the API's store list gives it. */
function aStore(code: string, city: string, area: string, studio = false, country: 'in' | 'ae' = 'in'): Store {
  return {
    code,
    name: `Clearview ${studio ? 'Studio' : 'Store'}, ${area}`,
    country,
    city,
    area,
    pincode: country === 'ae' ? '00000' : '400050',
    address: `Ground Floor, ${area} Main Road, ${city}`,
    lat: 19.06,
    lng: 72.83,
    phone: '+91 80 4719 4100',
    opensAt: 10,
    closesAt: 21,
    studio,
    timeZone: 'Asia/Kolkata',
  };
}

describe('CmsPage and QuizPage', () => {
  it('renders the page title and sanitized HTML', async () => {
    const api = fakeApi({ 'content.cms': () => ({ result: { pageName: 'support', title: 'Support', html: '<p>Hello</p><script>window.bad=1</script>' } }) });
    const { container } = renderPage(<CmsPage params={{}} props={{ page: 'support' }} />, { api: api.client, url: '/support' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    expect(screen.getByText('Hello')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
  });

  it('the lead form validates, then posts to the API', async () => {
    const api = fakeApi({
      'content.cms': () => ({ result: { pageName: 'lead-gen', title: 'Get a free consultation', html: '<p>Leave your number</p>' } }),
      'marketing.leadGen': () => ({ result: { success: true } }),
    });
    renderPage(<CmsPage params={{}} props={{ page: 'lead-gen' }} />, { api: api.client, url: '/lead-gen/user-detail' });
    fireEvent.click(await screen.findByRole('button', { name: 'Request a call back' }));
    expect(screen.getByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid mobile number')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request a call back' }));
    expect(await screen.findByText('Thank you! Our eyewear expert will call you shortly.')).toBeInTheDocument();
    expect(api.calls.map(({ name, body }) => ({ name, body })).at(-1)).toEqual({
      name: 'marketing.leadGen',
      body: { name: 'Asha', phone: '9876543210', interest: 'eyeglasses' },
    });
  });

  it("the store locator lists the country's stores by city: address, hours, phone and a link to book an eye test there", async () => {
    const api = fakeApi({
      'content.cms': () => ({ result: { pageName: 'store-locator', title: 'Store locator', html: '<p>Visit one of our stores.</p>' } }),
      'appointments.stores': () => ({
        result: {
          stores: [
            aStore('IN-MUM-005', 'Mumbai', 'Bandra West', true),
            aStore('IN-MUM-006', 'Mumbai', 'Andheri West'),
            aStore('IN-NEW-001', 'New Delhi', 'Connaught Place'),
          ],
        },
      }),
    });
    renderPage(<CmsPage params={{}} props={{ page: 'store-locator' }} />, { api: api.client, url: '/store-locator.html' });
    expect(await screen.findByRole('heading', { level: 2, name: '3 stores in 2 cities' })).toBeInTheDocument();
    expect(screen.getByText('Visit one of our stores.')).toBeInTheDocument();
    const mumbai = screen.getByRole('list', { name: 'Stores in Mumbai' });
    expect(
      within(mumbai)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby')),
    ).toEqual(['store-IN-MUM-005', 'store-IN-MUM-006']);
    const bandra = screen.getByRole('article', { name: 'Clearview Studio, Bandra West' });
    expect(within(bandra).getByText('Ground Floor, Bandra West Main Road, Mumbai 400050')).toBeInTheDocument();
    expect(within(bandra).getByText('Open 10:00 am - 9:00 pm')).toBeInTheDocument();
    expect(within(bandra).getByText('Studio')).toBeInTheDocument();
    expect(within(bandra).getByRole('link', { name: '+91 80 4719 4100' })).toHaveAttribute('href', 'tel:+918047194100');
    expect(within(bandra).getByRole('link', { name: 'Book an eye test at Clearview Studio, Bandra West' })).toHaveAttribute(
      'href',
      '/test-your-vision?area=Bandra%20West',
    );
    expect(screen.getByRole('list', { name: 'Stores in New Delhi' })).toBeInTheDocument();
    expect(api.callsTo('appointments.stores')).toHaveLength(1);
  });

  it('the store locator says when the stores cannot be loaded, and tries again', async () => {
    let answers = 0;
    const api = fakeApi({
      'content.cms': () => ({ result: { pageName: 'store-locator', title: 'Store locator', html: '<p>Visit us.</p>' } }),
      'appointments.stores': () => ((answers += 1) === 1 ? fail(503) : { result: { stores: [aStore('AE-DUB-001', 'Dubai', 'Downtown Dubai', true, 'ae')] } }),
    });
    renderPage(<CmsPage params={{}} props={{ page: 'store-locator' }} />, { api: api.client, url: '/store-locator.html' });
    expect(await screen.findByText('Our stores could not be loaded.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const store = await screen.findByRole('article', { name: 'Clearview Studio, Downtown Dubai' });
    // The UAE has no postcodes: none is shown after the address.
    expect(within(store).getByText('Ground Floor, Downtown Dubai Main Road, Dubai')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '1 store' })).toBeInTheDocument();
  });

  it('no other CMS page asks for the stores', async () => {
    const api = fakeApi({ 'content.cms': () => ({ result: { pageName: 'support', title: 'Support', html: '<p>Hello</p>' } }) });
    renderPage(<CmsPage params={{}} props={{ page: 'support' }} />, { api: api.client, url: '/support' });
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(api.callsTo('appointments.stores')).toEqual([]);
  });

  it('the quiz landing renders its HTML sanitized', async () => {
    const api = fakeApi({
      'content.cms': () => ({ result: { pageName: 'quiz_front_page', title: 'Find your perfect frame', html: '<a href="javascript:alert(1)">Start</a>' } }),
    });
    renderPage(<QuizPage params={{}} props={{}} />, { api: api.client, url: '/quiz_front_page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your perfect frame' })).toBeInTheDocument();
    expect((await screen.findByText('Start')).closest('a')).not.toHaveAttribute('href');
  });
});

describe('ShortlistPage', () => {
  // Its behaviour (remove one or all, empty, guests) is in ShortlistPage.test.tsx.
  it("renders the shopper's shortlist as a page: heading, title, the items linked", async () => {
    const api = fakeApi({ 'catalogue.wishlist': () => ({ result: { numberOfProducts: 1, productIds: [1], productList: [product(1)] } }) });
    renderPage(<ShortlistPage params={{}} props={{}} />, { api: api.client, url: '/shortlist', session: { ...CUSTOMER, wishlistCount: 1 } });
    expect(screen.getByTestId('catalog-ShortlistPage')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Shortlist' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Kestrel Model 1' })).toHaveAttribute('href', '/eyeglasses/p-1.html');
    expect(document.title).toBe('Shortlist | Eyewear');
    expect(api.callsTo('catalogue.wishlist')).toHaveLength(1);
  });
});
