import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { catalogueRoutes, type Wishlist } from '@eyewear/api-client';
import { wishlistChanged } from '@eyewear/event-bus';
import { fakeApi } from '../../testing/render';
import { changeWorker, loadWorker } from './wishlist-saga';
import { wishlistActions as a, wishlistSlice, initialWishlistState } from './wishlist-slice';

const api = fakeApi({});
const list = (ids: number[]): Wishlist => ({ numberOfProducts: ids.length, productIds: ids, productList: [] });

describe('wishlist saga', () => {
  it('adding stores the new list and publishes wishlist/changed', async () => {
    await expectSaga(changeWorker, api, a.add({ productId: 5 }))
      .provide([[matchers.call([api, api.call], catalogueRoutes.wishlistAdd, { body: { productId: 5 } }), { result: list([5, 4]) }]])
      .put(a.changed({ wishlist: list([5, 4]) }))
      .put(wishlistChanged({ count: 2, productIds: [5, 4] }))
      .silentRun(50);
  });

  it('add and delete failures are swallowed: loading ends, nothing is published', async () => {
    await expectSaga(changeWorker, api, a.remove({ productId: 5 }))
      .provide([[matchers.call.fn(api.call), throwError(new Error('down'))]])
      .put(a.changeFailed())
      .not.put.actionType(wishlistChanged.type)
      .silentRun(50);
  });

  it('delete all calls the clear route', async () => {
    await expectSaga(changeWorker, api, a.clear())
      .provide([[matchers.call([api, api.call], catalogueRoutes.wishlistClear, {}), { result: list([]) }]])
      .put(wishlistChanged({ count: 0, productIds: [] }))
      .silentRun(50);
  });

  it('loading ends false on success or fail; counts are capped at 50', async () => {
    const big: Wishlist = { numberOfProducts: 50, productIds: Array.from({ length: 50 }, (_, i) => i + 1), productList: [] };
    await expectSaga(loadWorker, api, a.load({ attributes: true }))
      .withReducer(wishlistSlice.reducer, initialWishlistState)
      .provide([[matchers.call.fn(api.call), { result: big }]])
      .put(wishlistChanged({ count: 50, productIds: big.productIds }))
      .hasFinalState({ ...initialWishlistState, status: 'success', count: 50, productIds: big.productIds })
      .silentRun(50);
    await expectSaga(loadWorker, api, a.load({ attributes: true }))
      .withReducer(wishlistSlice.reducer, { ...initialWishlistState, status: 'loading' })
      .provide([[matchers.call.fn(api.call), throwError(new Error('down'))]])
      .hasFinalState({ ...initialWishlistState, status: 'failure' })
      .silentRun(50);
  });
});
