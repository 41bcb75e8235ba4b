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

  it('asks a guest to log in through auth/loginRequested', async () => {
    const api = fakeApi({});
    const onClose = jest.fn();
    const { actions } = renderFragment(<WishlistPanel onClose={onClose} />, { api: api.client, session: GUEST });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(actions).toContainEqual({ type: 'auth/loginRequested', payload: { tab: 'signin' } });
    expect(api.calls).toEqual([]);
  });
});
