import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Wishlist } from '@eyewear/api-client';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { loggedIn, loggedOut } from '@eyewear/event-bus';
import { CUSTOMER, GUEST, renderFragment } from '@eyewear/event-bus/testing';
import WishlistToggle from './WishlistToggle';

const list = (ids: number[]): Wishlist => ({ numberOfProducts: ids.length, productIds: ids, productList: [] });

describe('WishlistToggle (the wishlistToggle slot)', () => {
  it("loads the customer's shortlist, then adds and removes the product, publishing wishlist/changed", async () => {
    const api = fakeApi({
      'catalogue.wishlist': { result: list([5]) },
      'catalogue.wishlistAdd': { result: list([5, 128001]) },
      'catalogue.wishlistRemove': { result: list([5]) },
    });
    const { actionsOf } = renderFragment(<WishlistToggle productId={128001} name="Kestrel Model 128001" />, { api: api.client, session: CUSTOMER });
    // Until the shortlist is known, the toggle waits.
    expect(screen.getByRole('button', { name: '♡ Add to wishlist' })).toBeDisabled();
    const add = await screen.findByRole('button', { name: '♡ Add to wishlist' });
    await waitFor(() => expect(add).toBeEnabled());
    expect(add).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo('catalogue.wishlist')).toHaveLength(1);

    fireEvent.click(add);
    const remove = await screen.findByRole('button', { name: '♥ Remove from wishlist' });
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('catalogue.wishlistAdd').map((c) => c.body)).toEqual([{ productId: 128001 }]);
    expect(actionsOf('wishlist/changed').at(-1)?.payload).toEqual({ count: 2, productIds: [5, 128001] });

    fireEvent.click(remove);
    expect(await screen.findByRole('button', { name: '♡ Add to wishlist' })).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo('catalogue.wishlistRemove').map((c) => c.params)).toEqual([{ productId: '128001' }]);
    expect(actionsOf('wishlist/changed').at(-1)?.payload).toEqual({ count: 1, productIds: [5] });
  });

  it('shows a saved product pressed', async () => {
    const api = fakeApi({ 'catalogue.wishlist': { result: list([7]) } });
    renderFragment(<WishlistToggle productId={7} name="Rowan" />, { api: api.client, session: CUSTOMER });
    expect(await screen.findByRole('button', { name: '♥ Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("saves a guest's product as the cards' hearts do, without asking to log in", async () => {
    const api = fakeApi({ 'catalogue.wishlistAdd': { result: list([7]) } });
    const { actionsOf } = renderFragment(<WishlistToggle productId={7} name="Rowan" />, { api: api.client, session: GUEST });
    const add = screen.getByRole('button', { name: '♡ Add to wishlist' });
    // A guest whose user info counts nothing has nothing to wait for.
    expect(add).toBeEnabled();
    fireEvent.click(add);
    expect(await screen.findByRole('button', { name: '♥ Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
    expect(actionsOf('auth/loginRequested')).toEqual([]);
    expect(api.callsTo('catalogue.wishlistAdd').map((c) => c.body)).toEqual([{ productId: 7 }]);
    expect(api.callsTo('catalogue.wishlist')).toEqual([]);
  });

  it("shows a guest's saved product pressed (the guest session's list)", async () => {
    const api = fakeApi({ 'catalogue.wishlist': { result: list([7]) } });
    renderFragment(<WishlistToggle productId={7} name="Rowan" />, { api: api.client, session: { ...GUEST, wishlistCount: 1 } });
    expect(await screen.findByRole('button', { name: '♥ Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("after a logout the customer's saved product is not shown as the guest's", async () => {
    // The customer's list, then (a new guest session) an empty one.
    const answers = [list([7]), list([])];
    const api = fakeApi({ 'catalogue.wishlist': () => ({ result: answers.shift() ?? list([]) }) });
    const { store } = renderFragment(<WishlistToggle productId={7} name="Rowan" />, { api: api.client, session: CUSTOMER });
    expect(await screen.findByRole('button', { name: '♥ Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
    act(() => void store.dispatch(loggedOut({})));
    expect(await screen.findByRole('button', { name: '♡ Add to wishlist' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(api.callsTo('catalogue.wishlist')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: '♡ Add to wishlist' })).toBeEnabled());
    expect(screen.getByRole('button', { name: '♡ Add to wishlist' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('loads the shortlist once the guest logs in', async () => {
    const api = fakeApi({ 'catalogue.wishlist': { result: list([7]) } });
    const { store } = renderFragment(<WishlistToggle productId={7} name="Rowan" />, { api: api.client, session: GUEST });
    act(() => void store.dispatch(loggedIn(CUSTOMER)));
    expect(await screen.findByRole('button', { name: '♥ Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('catalogue.wishlist')).toHaveLength(1);
  });

  it('loads the shortlist once for the page, whoever asks', async () => {
    const api = fakeApi({ 'catalogue.wishlist': { result: list([]) } });
    renderFragment(
      <>
        <WishlistToggle productId={1} name="One" />
        <WishlistToggle productId={2} name="Two" />
      </>,
      { api: api.client, session: CUSTOMER },
    );
    await waitFor(() => screen.getAllByRole('button').forEach((button) => expect(button).toBeEnabled()));
    expect(api.callsTo('catalogue.wishlist')).toHaveLength(1);
  });

  it('a failed change is swallowed: the toggle stays as it was (shopping §8)', async () => {
    const api = fakeApi({ 'catalogue.wishlist': { result: list([]) }, 'catalogue.wishlistAdd': fail(500) });
    const { actionsOf } = renderFragment(<WishlistToggle productId={7} name="Rowan" />, { api: api.client, session: CUSTOMER });
    const add = await screen.findByRole('button', { name: '♡ Add to wishlist' });
    await waitFor(() => expect(add).toBeEnabled());
    fireEvent.click(add);
    await waitFor(() => expect(api.callsTo('catalogue.wishlistAdd')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: '♡ Add to wishlist' })).toBeEnabled());
    expect(screen.getByRole('button', { name: '♡ Add to wishlist' })).toHaveAttribute('aria-pressed', 'false');
    expect(actionsOf('wishlist/changed').map((a) => a.payload)).toEqual([{ count: 0, productIds: [] }]);
  });
});
