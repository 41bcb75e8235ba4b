import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import type { CarouselProduct, HomeSection } from '@eyewear/api-client';
import { fakeApi } from '../../testing/render';
import { wait } from '../../shared/wait';
import { product } from '../../testing/fixtures';
import { CAROUSEL_DELAY_MS, fetchCarousels, fetchSections, loadWorker } from './home-saga';
import { carouselIds, homeActions as a, productsByCategory } from './home-slice';

const carousel = (id: string, catId: number): HomeSection => ({ id, data: [{ type: 'category-carousel', data: { catId, title: id } }] });
const sections: HomeSection[] = [
  { id: 'hero', data: [{ type: 'banner', data: {} }] },
  carousel('round', 3101),
  carousel('aviator', 3201),
  carousel('again', 3101),
];
const tagged = (id: number, catId: number): CarouselProduct => ({ ...product(id), cat_id: catId });
const api = fakeApi({});
const NOW = 1_700_000_123_456;

describe('home saga', () => {
  it('loads the sections with the cache-busting v, then the carousels of every catId after 50 ms', async () => {
    await expectSaga(loadWorker, api, () => NOW, a.load({ page: 'home', mobile: true }))
      .provide([
        [matchers.call.fn(fetchSections), { sections }],
        [matchers.call.fn(wait), undefined],
        [matchers.call.fn(fetchCarousels), [tagged(1, 3101), tagged(2, 3201), tagged(3, 3101)]],
      ])
      .call(fetchSections, api, 'home', 1_700_000_100_000)
      .put(a.loaded({ page: 'home', sections, title: undefined }))
      .call(wait, CAROUSEL_DELAY_MS)
      .call(fetchCarousels, api, [3101, 3201])
      .put(a.carouselsLoaded({ page: 'home', carousels: { '3101': [tagged(1, 3101), tagged(3, 3101)], '3201': [tagged(2, 3201)] } }))
      .silentRun(50);
  });

  it('a carousel failure leaves empty lists (shopping §8)', async () => {
    await expectSaga(loadWorker, api, () => NOW, a.load({ page: 'home', mobile: false }))
      .provide([
        [matchers.call.fn(fetchSections), { sections }],
        [matchers.call.fn(wait), undefined],
        [matchers.call.fn(fetchCarousels), throwError(new Error('down'))],
      ])
      .call(fetchSections, api, 'home', NOW)
      .put(a.carouselsLoaded({ page: 'home', carousels: { '3101': [], '3201': [] } }))
      .silentRun(50);
  });

  it('a page failure is stored and no carousel is asked for', async () => {
    await expectSaga(loadWorker, api, () => NOW, a.load({ page: 'winter', mobile: false }))
      .provide([[matchers.call.fn(fetchSections), throwError(Object.assign(new Error('Not Found')))]])
      .put.actionType(a.failed.type)
      .not.call.fn(fetchCarousels)
      .silentRun(50);
  });

  it('a carousel shows the products whose cat_id equals its catId', () => {
    expect(carouselIds(sections)).toEqual([3101, 3201]);
    expect(productsByCategory([3201, 4000], [tagged(1, 3101), tagged(2, 3201)])).toEqual({ '3201': [tagged(2, 3201)], '4000': [] });
  });
});
