import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { ApiClient, CarouselProduct, HomeSection } from '@eyewear/api-client';
import { failureOf } from '../../../app/failure';
import { wait } from '../../../app/wait';
import { fetchCarousels, fetchSections } from '../api';
import { cacheBust, firstPages, firstScreenSections } from '../rules';
import { carouselIds, homeActions, homeSlice, missingCarouselIds, partialCarouselIds, productsByCategory, type HomeState } from './home-slice';

/** shopping §2: carousel data loads 50 ms after the page. */
export const CAROUSEL_DELAY_MS = 50;

/** What the home saga is handed (`useInjectSaga` deps); `now` is the clock of the cache-busting `v`. */
export interface HomeDeps {
  api: ApiClient;
  now?: () => number;
}

/** The products of category carousels (a failure is an empty list, shopping §8), by category. */
function* carouselsOf(api: ApiClient, ids: number[]) {
  let products: CarouselProduct[] = [];
  if (ids.length > 0) {
    try {
      products = yield call(fetchCarousels, api, ids);
    } catch {
      // shopping §8: a category carousel failure is an empty list.
      products = [];
    }
  }
  return productsByCategory(ids, products);
}

/**
 * A page's sections, then (50 ms later) the products of its category carousels. A server render
 * asks for them at once, and for a shopper only for the first screen's (issue 19).
 */
export function* loadWorker(deps: HomeDeps, action: ReturnType<typeof homeActions.load>) {
  const { page, mobile, atOnce = false, firstScreen = false } = action.payload;
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
  const ids = carouselIds(firstScreen ? firstScreenSections(sections) : sections);
  if (!atOnce) yield call(wait, CAROUSEL_DELAY_MS);
  const carousels: Record<string, CarouselProduct[]> = yield call(carouselsOf, deps.api, ids);
  if (firstScreen) {
    // The document carries each carousel's first page: the rest would be most of its weight
    // (markup and state) for slides nobody sees until they turn the carousel.
    const { shown, totals } = firstPages(carousels);
    yield put(homeActions.carouselsLoaded({ page, carousels: shown, totals }));
  } else yield put(homeActions.carouselsLoaded({ page, carousels }));
}

const selectHome = (state: { catalogHome?: HomeState }): HomeState => state.catalogHome ?? homeSlice.getInitialState();

/** More sections are shown: the carousels a server render left out load now (issue 19). */
export function* moreWorker(deps: HomeDeps) {
  const state: HomeState = yield select(selectHome);
  const page = state.page;
  if (!page || state.status !== 'ready' || !state.carouselsLoaded) return;
  const ids = missingCarouselIds(state);
  if (ids.length === 0) return;
  const carousels: Record<string, CarouselProduct[]> = yield call(carouselsOf, deps.api, ids);
  yield put(homeActions.carouselsLoaded({ page, carousels }));
}

/** The shopper turned to a carousel: the carousels holding their first page only load whole. */
export function* completeWorker(deps: HomeDeps) {
  const state: HomeState = yield select(selectHome);
  const page = state.page;
  const ids = partialCarouselIds(state);
  if (!page || ids.length === 0) return;
  const carousels: Record<string, CarouselProduct[]> = yield call(carouselsOf, deps.api, ids);
  // A failed load keeps the first pages (an empty answer is not a carousel emptied).
  const whole = Object.fromEntries(Object.entries(carousels).filter(([, products]) => products.length > 0));
  yield put(homeActions.carouselsLoaded({ page, carousels: whole }));
}

/** The home page's timed loads: the latest page wins; one load of the missing carousels at a time. */
export function* homeSaga(deps: HomeDeps) {
  yield takeLatest(homeActions.load.type, loadWorker, deps);
  yield takeLeading(homeActions.moreSections.type, moreWorker, deps);
  yield takeLeading(homeActions.completeCarousels.type, completeWorker, deps);
}
