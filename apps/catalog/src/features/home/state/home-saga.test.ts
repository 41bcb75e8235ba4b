import type { UnknownAction } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { CarouselProduct, HomeSection } from '@eyewear/api-client';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { wait } from '../../../app/wait';
import { product } from '../../../testing/fixtures';
import { fetchCarousels, fetchSections } from '../api';
import { CAROUSEL_FIRST_PAGE } from '../rules';
import { CAROUSEL_DELAY_MS, completeWorker, loadWorker, moreWorker } from './home-saga';
import { carouselIds, homeActions as a, homeSettled, homeSlice, initialHomeState, productsByCategory, type HomeState } from './home-slice';

const carousel = (id: string, catId: number): HomeSection => ({ id, data: [{ type: 'category-carousel', data: { catId, title: id } }] });
const sections: HomeSection[] = [
  { id: 'hero', data: [{ type: 'banner', data: {} }] },
  carousel('round', 3101),
  carousel('aviator', 3201),
  carousel('again', 3101),
];
const tagged = (id: number, catId: number): CarouselProduct => ({ ...product(id), cat_id: catId });
const NOW = 1_700_000_123_456;
const noWait = [matchers.call.fn(wait), undefined] as [ReturnType<typeof matchers.call.fn>, undefined];

describe('home saga', () => {
  it('loads the sections with the cache-busting v, then the carousels of every catId after 50 ms', async () => {
    const api = fakeApi({
      'content.home': { result: { sections } },
      'catalogue.categoryCarousel': { result: [tagged(1, 3101), tagged(2, 3201), tagged(3, 3101)] },
    });
    await expectSaga(loadWorker, { api: api.client, now: () => NOW }, a.load({ page: 'home', mobile: true }))
      .provide([noWait])
      .call(fetchSections, api.client, 'home', 1_700_000_100_000)
      .put(a.loaded({ page: 'home', sections, title: undefined }))
      .call(wait, CAROUSEL_DELAY_MS)
      .call(fetchCarousels, api.client, [3101, 3201])
      .put(a.carouselsLoaded({ page: 'home', carousels: { '3101': [tagged(1, 3101), tagged(3, 3101)], '3201': [tagged(2, 3201)] } }))
      .silentRun(50);
    expect(api.calls.map((c) => [c.name, c.query])).toEqual([
      ['content.home', { v: '1700000100000' }],
      ['catalogue.categoryCarousel', { categoryIds: '3101,3201' }],
    ]);
  });

  it("a server render asks at once, and for a shopper only for the first screen's carousels (issue 19)", async () => {
    const long: HomeSection[] = [
      carousel('near', 3101),
      ...Array.from({ length: 10 }, (_, i) => ({ id: `t${i}`, data: [{ type: 'text' }] })),
      carousel('far', 3201),
    ];
    const api = fakeApi({ 'content.home': { result: { sections: long } }, 'catalogue.categoryCarousel': { result: [tagged(1, 3101)] } });
    await expectSaga(loadWorker, { api: api.client, now: () => NOW }, a.load({ page: 'home', mobile: false, atOnce: true, firstScreen: true }))
      .not.call.fn(wait)
      .call(fetchCarousels, api.client, [3101])
      .put(a.carouselsLoaded({ page: 'home', carousels: { '3101': [tagged(1, 3101)] }, totals: {} }))
      .silentRun(50);
    await expectSaga(loadWorker, { api: api.client, now: () => NOW }, a.load({ page: 'home', mobile: false, atOnce: true }))
      .not.call.fn(wait)
      .call(fetchCarousels, api.client, [3101, 3201])
      .silentRun(50);
  });

  it("a server render keeps each carousel's first page, and the shopper turning to one loads them whole (issue 19)", async () => {
    const many = Array.from({ length: 10 }, (_, i) => tagged(100 + i, 3101));
    const few = [tagged(200, 3201)];
    const api = fakeApi({ 'content.home': { result: { sections } }, 'catalogue.categoryCarousel': { result: [...many, ...few] } });
    const root = (state: { catalogHome: HomeState } | undefined, action: UnknownAction) => ({ catalogHome: homeSlice.reducer(state?.catalogHome, action) });
    const load = a.load({ page: 'home', mobile: true, atOnce: true, firstScreen: true });
    const { storeState } = await expectSaga(loadWorker, { api: api.client, now: () => NOW }, load)
      .withReducer(root, { catalogHome: homeSlice.reducer(undefined, load) })
      .put(a.carouselsLoaded({ page: 'home', carousels: { '3101': many.slice(0, CAROUSEL_FIRST_PAGE), '3201': few }, totals: { '3101': 10 } }))
      .silentRun(50);
    const served = (storeState as { catalogHome: HomeState }).catalogHome;
    expect(served.carousels['3101']).toHaveLength(CAROUSEL_FIRST_PAGE);
    expect(served.carouselTotals).toEqual({ '3101': 10 });

    // A failed load keeps the first page and the count (the next turn asks again)...
    const failing = fakeApi({ 'catalogue.categoryCarousel': fail(503) });
    const { storeState: kept } = await expectSaga(completeWorker, { api: failing.client }).withReducer(root, { catalogHome: served }).silentRun(50);
    expect((kept as { catalogHome: HomeState }).catalogHome.carousels['3101']).toHaveLength(CAROUSEL_FIRST_PAGE);
    expect((kept as { catalogHome: HomeState }).catalogHome.carouselTotals).toEqual({ '3101': 10 });

    // ...and one that answers fills the carousel, asking only for the one cut short.
    const { storeState: whole } = await expectSaga(completeWorker, { api: api.client })
      .withReducer(root, { catalogHome: served })
      .call(fetchCarousels, api.client, [3101])
      .silentRun(50);
    const after = (whole as { catalogHome: HomeState }).catalogHome;
    expect(after.carousels['3101']).toEqual(many);
    expect(after.carousels['3201']).toEqual(few);
    expect(after.carouselTotals).toEqual({});
    await expectSaga(completeWorker, { api: api.client }).withState({ catalogHome: after }).not.call.fn(fetchCarousels).silentRun(50);
  });

  it('more sections load the carousels a server render left out, and nothing when none is missing', async () => {
    const api = fakeApi({ 'catalogue.categoryCarousel': { result: [tagged(2, 3201)] } });
    const ready: HomeState = { ...initialHomeState, page: 'home', status: 'ready', sections, carouselsLoaded: true, carousels: { '3101': [] } };
    const root = (state: { catalogHome: HomeState } | undefined, action: UnknownAction) => ({ catalogHome: homeSlice.reducer(state?.catalogHome, action) });
    const { storeState } = await expectSaga(moreWorker, { api: api.client })
      .withReducer(root, { catalogHome: ready })
      .call(fetchCarousels, api.client, [3201])
      .silentRun(50);
    const after = (storeState as { catalogHome: HomeState }).catalogHome;
    expect(after.carousels).toEqual({ '3101': [], '3201': [tagged(2, 3201)] });
    await expectSaga(moreWorker, { api: api.client }).withState({ catalogHome: after }).not.call.fn(fetchCarousels).silentRun(50);
  });

  it('a page is settled (server render done, issue 19) once failed, or with its first carousels in', () => {
    const ready: HomeState = { ...initialHomeState, page: 'home', status: 'ready', sections, carouselsLoaded: false };
    expect(homeSettled(ready, 'home')).toBe(false);
    const first = { ...ready, carouselsLoaded: true, carousels: { '3101': [] } };
    expect(homeSettled(first, 'home')).toBe(true);
    expect(homeSettled(first, 'winter')).toBe(false);
    // Scrolled on, and left before the carousels below came: loaded afresh on a return.
    expect(homeSettled({ ...first, appended: 1 }, 'home')).toBe(false);
    expect(homeSettled({ ...first, appended: 1, carousels: { '3101': [], '3201': [] } }, 'home')).toBe(true);
    expect(homeSettled({ ...initialHomeState, page: 'winter', status: 'failed' }, 'winter')).toBe(true);
  });

  it('a carousel failure leaves empty lists (shopping §8)', async () => {
    const api = fakeApi({ 'content.home': { result: { sections } }, 'catalogue.categoryCarousel': fail(500) });
    await expectSaga(loadWorker, { api: api.client, now: () => NOW }, a.load({ page: 'home', mobile: false }))
      .provide([noWait])
      .call(fetchSections, api.client, 'home', NOW)
      .put(a.carouselsLoaded({ page: 'home', carousels: { '3101': [], '3201': [] } }))
      .silentRun(50);
  });

  it('a page failure is stored and no carousel is asked for', async () => {
    const api = fakeApi({ 'content.page': fail(404, { message: 'Not Found' }) });
    await expectSaga(loadWorker, { api: api.client, now: () => NOW }, a.load({ page: 'winter', mobile: false }))
      .put(a.failed({ page: 'winter', status: 404, message: 'Not Found' }))
      .not.call.fn(fetchCarousels)
      .silentRun(50);
    expect(api.callsTo('content.page').map((c) => c.params)).toEqual([{ page: 'winter' }]);
  });

  it('a carousel shows the products whose cat_id equals its catId', () => {
    expect(carouselIds(sections)).toEqual([3101, 3201]);
    expect(productsByCategory([3201, 4000], [tagged(1, 3101), tagged(2, 3201)])).toEqual({ '3201': [tagged(2, 3201)], '4000': [] });
  });
});
