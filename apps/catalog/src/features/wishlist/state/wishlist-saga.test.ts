import { waitFor } from '@testing-library/react';
import { expectSaga } from 'redux-saga-test-plan';
import type { Wishlist } from '@eyewear/api-client';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { loggedOut, wishlistChanged } from '@eyewear/event-bus';
import { createTestPageStore } from '@eyewear/event-bus/testing';
import { changeCall, changeWorker, loadWorker, wishlistSaga } from './wishlist-saga';
import { wishlistActions as a, wishlistSlice, initialWishlistState } from './wishlist-slice';

const list = (ids: number[]): Wishlist => ({ numberOfProducts: ids.length, productIds: ids, productList: [] });

describe('wishlist saga', () => {
  it('adding stores the new list and publishes wishlist/changed', async () => {
    const api = fakeApi({ 'catalogue.wishlistAdd': { result: list([5, 4]) } });
    await expectSaga(changeWorker, { api: api.client }, a.add({ productId: 5 }))
      .call(changeCall, api.client, a.add({ productId: 5 }))
      .put(a.changed({ wishlist: list([5, 4]) }))
      .put(wishlistChanged({ count: 2, productIds: [5, 4] }))
      .silentRun(50);
    expect(api.callsTo('catalogue.wishlistAdd').map((c) => c.body)).toEqual([{ productId: 5 }]);
  });

  it('add and delete failures are swallowed: loading ends, nothing is published', async () => {
    const api = fakeApi({ 'catalogue.wishlistRemove': fail(500) });
    await expectSaga(changeWorker, { api: api.client }, a.remove({ productId: 5 }))
      .put(a.changeFailed())
      .not.put.actionType(wishlistChanged.type)
      .silentRun(50);
    expect(api.callsTo('catalogue.wishlistRemove').map((c) => c.params)).toEqual([{ productId: '5' }]);
  });

  it('delete all calls the clear route', async () => {
    const api = fakeApi({ 'catalogue.wishlistClear': { result: list([]) } });
    await expectSaga(changeWorker, { api: api.client }, a.clear())
      .put(wishlistChanged({ count: 0, productIds: [] }))
      .silentRun(50);
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /v2/wishlist']);
  });

  it('loading ends false on success or fail; counts are capped at 50', async () => {
    const big: Wishlist = { numberOfProducts: 50, productIds: Array.from({ length: 50 }, (_, i) => i + 1), productList: [] };
    const api = fakeApi({ 'catalogue.wishlist': { result: big } });
    await expectSaga(loadWorker, { api: api.client }, a.load({ attributes: true }))
      .withReducer(wishlistSlice.reducer, initialWishlistState)
      .put(wishlistChanged({ count: 50, productIds: big.productIds }))
      .hasFinalState({ ...initialWishlistState, status: 'ready', count: 50, productIds: big.productIds })
      .silentRun(50);
    expect(api.callsTo('catalogue.wishlist').map((c) => c.query)).toEqual([{ attributes: 'true' }]);
    api.answer({ 'catalogue.wishlist': fail(503) });
    await expectSaga(loadWorker, { api: api.client }, a.load({ attributes: true }))
      .withReducer(wishlistSlice.reducer, { ...initialWishlistState, status: 'loading' })
      .hasFinalState({ ...initialWishlistState, status: 'failed' })
      .silentRun(50);
  });

  it('runs in the page store: a change is published, a logout drops the list', async () => {
    const api = fakeApi({ 'catalogue.wishlistAdd': { result: list([7]) } });
    const { pageStore, store, actionsOf } = createTestPageStore();
    pageStore.rootReducer.inject(wishlistSlice);
    pageStore.runSaga('catalog/wishlist', wishlistSaga, { api: api.client });
    store.dispatch(a.add({ productId: 7 }));
    await waitFor(() => expect(actionsOf(wishlistChanged.type).map((action) => action.payload)).toEqual([{ count: 1, productIds: [7] }]));
    expect(store.getState().catalogWishlist).toMatchObject({ status: 'ready', changing: false, productIds: [7] });
    store.dispatch(loggedOut({}));
    expect(store.getState().catalogWishlist).toEqual(initialWishlistState);
  });
});
