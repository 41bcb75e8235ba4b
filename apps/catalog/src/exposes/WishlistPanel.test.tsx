import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Wishlist } from '@eyewear/api-client';
import { fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, GUEST, renderFragment } from '@eyewear/event-bus/testing';
import { product } from '../testing/fixtures';
import WishlistPanel from './WishlistPanel';

const listOf = (n: number): Wishlist => {
  const items = Array.from({ length: n }, (_, i) => ({ ...product(128001 + i), productUrl: `https://www.example.com/eyeglasses/p-${i}.html?utm=x#top` }));
  return { numberOfProducts: n, productIds: items.map((p) => p.id), productList: items };
};

describe('WishlistPanel', () => {
  it('shows the empty message', async () => {
    const api = fakeApi({ 'catalogue.wishlist': () => ({ result: listOf(0) }) });
    renderFragment(<WishlistPanel onClose={() => undefined} />, { api: api.client, session: CUSTOMER });
    expect(await screen.findByText(/Your wishlist is empty/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'My wishlist (0)' })).toBeInTheDocument();
  });

  it('lists at most 50, links by path and hash only, deletes one and all, publishing wishlist/changed', async () => {
    let current = listOf(50);
    const api = fakeApi({
      'catalogue.wishlist': () => ({ result: current }),
      'catalogue.wishlistRemove': ({ params }) => {
        current = {
          ...current,
          numberOfProducts: 49,
          productIds: current.productIds.filter((id) => id !== Number(params.productId)),
          productList: current.productList.filter((p) => p.id !== Number(params.productId)),
        };
        return { result: current };
      },
      'catalogue.wishlistClear': () => ({ result: (current = listOf(0)) }),
    });
    const { store } = renderFragment(<WishlistPanel onClose={() => undefined} />, { api: api.client, session: CUSTOMER });
    expect(await screen.findByRole('dialog', { name: 'My wishlist (50)' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getAllByRole('link')[0]).toHaveAttribute('href', '/eyeglasses/p-0.html#top');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Kestrel Model 128001' }));
    expect(await screen.findByRole('dialog', { name: 'My wishlist (49)' })).toBeInTheDocument();
    expect(store.getState().events['wishlist/changed']).toMatchObject({ count: 49 });
    fireEvent.click(screen.getByRole('button', { name: 'Delete all' }));
    expect(await screen.findByText(/Your wishlist is empty/)).toBeInTheDocument();
    expect(store.getState().events['wishlist/changed']).toEqual({ count: 0, productIds: [] });
  });

  it("shows a guest's list as a customer's, with a sign-in link that asks for a login", async () => {
    const api = fakeApi({ 'catalogue.wishlist': () => ({ result: listOf(2) }) });
    const onClose = jest.fn();
    const { actions } = renderFragment(<WishlistPanel onClose={onClose} />, { api: api.client, session: { ...GUEST, wishlistCount: 2 } });
    expect(await screen.findByRole('link', { name: 'Kestrel Model 128001' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'My wishlist (2)' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to keep your wishlist on every device.')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(actions).toContainEqual({ type: 'auth/loginRequested', payload: { tab: 'signin' } });
  });

  it('an empty guest list is known from the user info: no call, the empty message', () => {
    const api = fakeApi({});
    renderFragment(<WishlistPanel onClose={() => undefined} />, { api: api.client, session: GUEST });
    expect(screen.getByRole('dialog', { name: 'My wishlist (0)' })).toBeInTheDocument();
    expect(screen.getByText(/Your wishlist is empty/)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("counts what the header badge counts: the user info's count while the list loads, then each wishlist/changed", async () => {
    let answer: () => void = () => undefined;
    const api = fakeApi({ 'catalogue.wishlist': () => new Promise((resolve) => (answer = () => resolve({ result: listOf(3) }))) });
    const { store } = renderFragment(<WishlistPanel onClose={() => undefined} />, { api: api.client, session: { ...CUSTOMER, wishlistCount: 3 } });
    // Not "(0)" while loading: the badge says 3.
    expect(screen.getByRole('dialog', { name: 'My wishlist (3)' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your wishlist' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('catalogue.wishlist')).toHaveLength(1));
    act(() => answer());
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    expect(store.getState().events['wishlist/changed']).toEqual({ count: 3, productIds: [128001, 128002, 128003] });
    expect(screen.getByRole('dialog', { name: 'My wishlist (3)' })).toBeInTheDocument();
  });
});
