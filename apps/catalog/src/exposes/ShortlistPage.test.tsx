import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Wishlist } from '@eyewear/api-client';
import { fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, GUEST, renderPage } from '@eyewear/event-bus/testing';
import { product } from '../testing/fixtures';
import ShortlistPage from './ShortlistPage';

const listOf = (n: number): Wishlist => {
  const items = Array.from({ length: n }, (_, i) => ({ ...product(128001 + i), productUrl: `https://www.example.com/eyeglasses/p-${i}.html?utm=x#top` }));
  return { numberOfProducts: n, productIds: items.map((p) => p.id), productList: items };
};

const shortlist = () => screen.getByRole('list');

afterEach(() => {
  document.head.querySelectorAll('meta[name="robots"]').forEach((meta) => meta.remove());
});

describe('ShortlistPage', () => {
  it('is a page, not a dialog: its heading, its title, kept out of search engines', async () => {
    const api = fakeApi({ 'catalogue.wishlist': () => ({ result: listOf(1) }) });
    renderPage(<ShortlistPage params={{}} props={{}} />, { api: api.client, url: '/shortlist', session: { ...CUSTOMER, wishlistCount: 1 } });
    expect(screen.getByRole('heading', { level: 1, name: 'Shortlist' })).toBeInTheDocument();
    expect(screen.getByTestId('catalog-ShortlistPage')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Shortlist | Eyewear'));
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(await screen.findByRole('link', { name: 'Kestrel Model 128001' })).toBeInTheDocument();
  });

  it("lists the shopper's frames linked by path and hash, removes one and all, publishing wishlist/changed", async () => {
    let current = listOf(3);
    const api = fakeApi({
      'catalogue.wishlist': () => ({ result: current }),
      'catalogue.wishlistRemove': ({ params }) => {
        const productList = current.productList.filter((p) => p.id !== Number(params.productId));
        current = { numberOfProducts: productList.length, productIds: productList.map((p) => p.id), productList };
        return { result: current };
      },
      'catalogue.wishlistClear': () => ({ result: (current = listOf(0)) }),
    });
    const { store } = renderPage(<ShortlistPage params={{}} props={{}} />, { api: api.client, url: '/shortlist', session: { ...CUSTOMER, wishlistCount: 3 } });
    expect(screen.getByRole('status', { name: 'Loading your wishlist' })).toBeInTheDocument();
    await waitFor(() => expect(within(shortlist()).getAllByRole('listitem')).toHaveLength(3));
    expect(api.callsTo('catalogue.wishlist')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Kestrel Model 128001' })).toHaveAttribute('href', '/eyeglasses/p-0.html#top');
    expect(within(shortlist()).getAllByRole('listitem')[0]).toHaveTextContent('₹1,500');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Kestrel Model 128002' }));
    await waitFor(() => expect(within(shortlist()).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.queryByRole('link', { name: 'Kestrel Model 128002' })).toBeNull();
    expect(store.getState().events['wishlist/changed']).toEqual({ count: 2, productIds: [128001, 128003] });
    fireEvent.click(screen.getByRole('button', { name: 'Delete all' }));
    expect(await screen.findByText(/Your wishlist is empty/)).toBeInTheDocument();
    expect(store.getState().events['wishlist/changed']).toEqual({ count: 0, productIds: [] });
    expect(screen.getByRole('heading', { level: 1, name: 'Shortlist' })).toBeInTheDocument();
  });

  it('an empty shortlist says so and offers the eyeglasses', async () => {
    const api = fakeApi({ 'catalogue.wishlist': () => ({ result: listOf(0) }) });
    renderPage(<ShortlistPage params={{}} props={{}} />, { api: api.client, url: '/shortlist', session: CUSTOMER });
    expect(await screen.findByText(/Your wishlist is empty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse eyeglasses' })).toHaveAttribute('href', '/eyeglasses.html');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("shows a guest's list with the sign-in prompt, which asks for a login", async () => {
    const api = fakeApi({ 'catalogue.wishlist': () => ({ result: listOf(2) }) });
    const { actions } = renderPage(<ShortlistPage params={{}} props={{}} />, { api: api.client, url: '/shortlist', session: { ...GUEST, wishlistCount: 2 } });
    expect(await screen.findByRole('link', { name: 'Kestrel Model 128002' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to keep your wishlist on every device.')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(actions).toContainEqual({ type: 'auth/loginRequested', payload: { tab: 'signin' } });
  });

  it('an empty guest list is known from the user info: no call, the empty state and the prompt', () => {
    const api = fakeApi({});
    renderPage(<ShortlistPage params={{}} props={{}} />, { api: api.client, url: '/shortlist', session: GUEST });
    expect(screen.getByText(/Your wishlist is empty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse eyeglasses' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('waits for the session: a skeleton until the shell says whose list it is', () => {
    const api = fakeApi({});
    renderPage(<ShortlistPage params={{}} props={{}} />, { api: api.client, url: '/shortlist', session: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Shortlist' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your wishlist' })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
