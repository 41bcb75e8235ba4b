import { call, put, takeLatest } from 'redux-saga/effects';
import type { ApiClient, CarouselProduct, HomeSection } from '@eyewear/api-client';
import { failureOf } from '../../../app/failure';
import { wait } from '../../../app/wait';
import { fetchCarousels, fetchSections } from '../api';
import { cacheBust } from '../rules';
import { carouselIds, homeActions, productsByCategory } from './home-slice';

/** shopping §2: carousel data loads 50 ms after the page. */
export const CAROUSEL_DELAY_MS = 50;

/** What the home saga is handed (`useInjectSaga` deps); `now` is the clock of the cache-busting `v`. */
export interface HomeDeps {
  api: ApiClient;
  now?: () => number;
}

/** A page's sections, then (50 ms later) the products of its category carousels. */
export function* loadWorker(deps: HomeDeps, action: ReturnType<typeof homeActions.load>) {
  const { page, mobile } = action.payload;
  const now = deps.now ?? Date.now;
  let sections: HomeSection[];
  try {
    const answer: { sections: HomeSection[]; title?: string } = yield call(fetchSections, deps.api, page, cacheBust(now(), mobile));
    sections = answer.sections;
    yield put(homeActions.loaded({ page, sections, title: answer.title }));
  } catch (error) {
    yield put(homeActions.failed({ page, ...failureOf(error) }));
    return;
  }
  const ids = carouselIds(sections);
  yield call(wait, CAROUSEL_DELAY_MS);
  let products: CarouselProduct[] = [];
  if (ids.length > 0) {
    try {
      products = yield call(fetchCarousels, deps.api, ids);
    } catch {
      // shopping §8: a category carousel failure is an empty list.
      products = [];
    }
  }
  yield put(homeActions.carouselsLoaded({ page, carousels: productsByCategory(ids, products) }));
}

/** The home page's timed loads: the latest page wins. */
export function* homeSaga(deps: HomeDeps) {
  yield takeLatest(homeActions.load.type, loadWorker, deps);
}
