import { call, put, spawn, takeLatest } from 'redux-saga/effects';
import { ApiError, catalogueRoutes, type CarouselProduct, type HomeSection } from '@eyewear/api-client';
import type { Api } from '../../app/api';
import { wait } from '../../shared/wait';
import { carouselIds, homeActions, productsByCategory } from './home-slice';
import { cacheBust } from './rules';

/** shopping §2: carousel data loads 50 ms after the page. */
export const CAROUSEL_DELAY_MS = 50;

export function fetchSections(api: Api, page: string, v: number): Promise<{ sections: HomeSection[]; title?: string | undefined }> {
  if (page === 'home') return api.call(catalogueRoutes.home, { query: { v } }).then((a) => a.result);
  return api.call(catalogueRoutes.page, { params: { page }, query: { v } }).then((a) => a.result);
}

export function fetchCarousels(api: Api, ids: number[]): Promise<CarouselProduct[]> {
  return api.call(catalogueRoutes.categoryCarousel, { query: { categoryIds: ids.slice(0, 20).join(',') } }).then((a) => a.result);
}

export function* loadWorker(api: Api, now: () => number, action: ReturnType<typeof homeActions.load>) {
  const { page, mobile } = action.payload;
  let sections: HomeSection[];
  try {
    const answer: { sections: HomeSection[]; title?: string } = yield call(fetchSections, api, page, cacheBust(now(), mobile));
    sections = answer.sections;
    yield put(homeActions.loaded({ page, sections, title: answer.title }));
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    yield put(homeActions.failed({ page, status, message: error instanceof Error ? error.message : String(error) }));
    return;
  }
  const ids = carouselIds(sections);
  yield call(wait, CAROUSEL_DELAY_MS);
  let products: CarouselProduct[] = [];
  if (ids.length > 0) {
    try {
      products = yield call(fetchCarousels, api, ids);
    } catch {
      // shopping §8: a category carousel failure is an empty list.
      products = [];
    }
  }
  yield put(homeActions.carouselsLoaded({ page, carousels: productsByCategory(ids, products) }));
}

export function homeSaga(api: Api, now: () => number = Date.now) {
  return function* root() {
    yield spawn(function* watchLoad() {
      yield takeLatest(homeActions.load.type, loadWorker, api, now);
    });
  };
}
