import { call, fork, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { catalogueRoutes, type ApiClient, type Wishlist } from '@eyewear/api-client';
import { loggedOut, publish, wishlistChanged } from '@eyewear/event-bus';
import { wishlistSummary } from '@eyewear/i18n/rules';
import { wishlistActions } from './wishlist-slice';

/** What the wishlist saga is handed (`useInjectSaga` deps). */
export interface WishlistDeps {
  api: ApiClient;
}

type ChangeAction = ReturnType<typeof wishlistActions.add | typeof wishlistActions.remove | typeof wishlistActions.clear>;

function announce(wishlist: Wishlist) {
  return publish(wishlistChanged, wishlistSummary(wishlist));
}

/** The call of a change: add, delete one, or delete all. */
export function changeCall(api: ApiClient, action: ChangeAction): Promise<{ result: Wishlist }> {
  if (wishlistActions.add.match(action)) return api.call(catalogueRoutes.wishlistAdd, { body: { productId: action.payload.productId } });
  if (wishlistActions.remove.match(action)) return api.call(catalogueRoutes.wishlistRemove, { params: { productId: action.payload.productId } });
  return api.call(catalogueRoutes.wishlistClear, {});
}

export function* loadWorker(deps: WishlistDeps, action: ReturnType<typeof wishlistActions.load>) {
  const { attributes } = action.payload;
  try {
    const answer: { result: Wishlist } = yield call([deps.api, deps.api.call], catalogueRoutes.wishlist, {
      query: attributes ? { attributes: 'true' } : {},
    });
    yield put(wishlistActions.loaded({ wishlist: answer.result, attributes }));
    yield announce(answer.result);
  } catch {
    yield put(wishlistActions.loadFailed());
  }
}

export function* changeWorker(deps: WishlistDeps, action: ChangeAction) {
  try {
    const answer: { result: Wishlist } = yield call(changeCall, deps.api, action);
    yield put(wishlistActions.changed({ wishlist: answer.result }));
    yield announce(answer.result);
  } catch {
    // shopping §8: wishlist add or delete failures are swallowed silently.
    yield put(wishlistActions.changeFailed());
  }
}

/**
 * The wishlist's flows across apps: loads (the latest wins), changes (each published as
 * `wishlist/changed`), and the drop on `auth/loggedOut`. The watchers are forked, not spawned:
 * the saga's task runs as long as they do, so the page store sees it running and a second user
 * of the key (a card's heart beside the listing) does not start a second copy (which made each
 * change twice).
 */
export function* wishlistSaga(deps: WishlistDeps) {
  yield fork(function* watchLoad() {
    yield takeLatest(wishlistActions.load.type, loadWorker, deps);
  });
  yield fork(function* watchChanges() {
    yield takeEvery([wishlistActions.add.type, wishlistActions.remove.type, wishlistActions.clear.type], changeWorker, deps);
  });
  yield fork(function* watchLogout() {
    yield takeEvery(loggedOut.type, function* drop() {
      yield put(wishlistActions.reset());
    });
  });
}
