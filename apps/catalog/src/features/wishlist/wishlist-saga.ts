import { call, put, spawn, takeEvery, takeLatest } from 'redux-saga/effects';
import { catalogueRoutes, type Wishlist } from '@eyewear/api-client';
import { loggedOut, publish, wishlistChanged } from '@eyewear/event-bus';
import { wishlistSummary } from '@eyewear/i18n/rules';
import type { Api } from '../../app/api';
import { wishlistActions } from './wishlist-slice';

function announce(wishlist: Wishlist) {
  return publish(wishlistChanged, wishlistSummary(wishlist));
}

export function* loadWorker(api: Api, action: ReturnType<typeof wishlistActions.load>) {
  const { attributes } = action.payload;
  try {
    const answer: { result: Wishlist } = yield call([api, api.call], catalogueRoutes.wishlist, { query: attributes ? { attributes: 'true' } : {} });
    yield put(wishlistActions.loaded({ wishlist: answer.result, attributes }));
    yield announce(answer.result);
  } catch {
    yield put(wishlistActions.loadFailed());
  }
}

export function* changeWorker(api: Api, action: ReturnType<typeof wishlistActions.add | typeof wishlistActions.remove | typeof wishlistActions.clear>) {
  try {
    let answer: { result: Wishlist };
    if (wishlistActions.add.match(action)) {
      answer = yield call([api, api.call], catalogueRoutes.wishlistAdd, { body: { productId: action.payload.productId } });
    } else if (wishlistActions.remove.match(action)) {
      answer = yield call([api, api.call], catalogueRoutes.wishlistRemove, { params: { productId: action.payload.productId } });
    } else {
      answer = yield call([api, api.call], catalogueRoutes.wishlistClear, {});
    }
    yield put(wishlistActions.changed({ wishlist: answer.result }));
    yield announce(answer.result);
  } catch {
    // shopping §8: wishlist add or delete failures are swallowed silently.
    yield put(wishlistActions.changeFailed());
  }
}

export function wishlistSaga(api: Api) {
  return function* root() {
    yield spawn(function* watchLoad() {
      yield takeLatest(wishlistActions.load.type, loadWorker, api);
    });
    yield spawn(function* watchChanges() {
      yield takeEvery([wishlistActions.add.type, wishlistActions.remove.type, wishlistActions.clear.type], changeWorker, api);
    });
    yield spawn(function* watchLogout() {
      yield takeEvery(loggedOut.type, function* drop() {
        yield put(wishlistActions.reset());
      });
    });
  };
}
