import { waitFor } from '@testing-library/react';
import { fail, fakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import { createTestPageStore } from '@eyewear/event-bus/testing';
import { messages } from '../../../app/flow-messages';
import { htoSaga } from './saga';
import { htoActions as A, htoSlice } from './slice';

const m = messages.defaults;

/** The browser's geolocation answering with a position or failing with a GeolocationPositionError code. */
function geolocation(outcome: { code: number } | { lat: number; lng: number }) {
  return {
    getCurrentPosition: (ok: PositionCallback, failed: PositionErrorCallback) =>
      'code' in outcome
        ? failed(outcome as GeolocationPositionError)
        : ok({ coords: { latitude: outcome.lat, longitude: outcome.lng } } as GeolocationPosition),
  } as Geolocation;
}

/** The location saga on a page store, calling a fake API. */
function start(handlers: FakeHandlers, where: Geolocation = geolocation({ lat: 28.55, lng: 77.2 })) {
  const api = fakeApi(handlers);
  const test = createTestPageStore();
  const slice = htoSlice.injectInto(test.pageStore.rootReducer);
  test.pageStore.runSaga('appointments/hto', htoSaga, { api: api.client, geolocation: where });
  return { ...api, ...test, state: () => slice.selectSlice(test.store.getState()) };
}

describe('HTO location saga', () => {
  it.each([
    [1, m.geoDenied],
    [2, m.geoUnavailable],
    [3, m.geoTimeout],
    [9, m.geoUnknown],
    [0, m.geoDefault],
  ])('geolocation error %i shows its exact message', async (code, message) => {
    const run = start({}, geolocation({ code }));
    run.store.dispatch(A.locateRequested());
    await waitFor(() => expect(run.actionsOf(A.locationFailed.type)).toEqual([A.locationFailed(message)]));
    expect(run.calls).toEqual([]);
    expect(run.state()).toMatchObject({ status: 'failed', error: message, serviceable: null });
  });

  it('checks serviceability by lat,lng (the slots are the slot step’s own load)', async () => {
    const run = start({ 'hto.validateLocation': { result: { serviceable: true, pincode: '110016', city: 'New Delhi' } } });
    run.store.dispatch(A.locateRequested());
    expect(run.state().status).toBe('loading');
    await waitFor(() =>
      expect(run.actionsOf(A.locationResolved.type)).toEqual([A.locationResolved({ serviceable: true, pincode: '110016', city: 'New Delhi' })]),
    );
    expect(run.callsTo('hto.validateLocation').map((call) => call.query)).toEqual([{ location: '28.55,77.2' }]);
    expect(run.callsTo('hto.slots')).toEqual([]);
    expect(run.state()).toEqual({ status: 'ready', pincode: '110016', city: 'New Delhi', serviceable: true, error: null });
  });

  it('a failed serviceability check shows the store’s message, else the default one', async () => {
    const run = start({ 'hto.validateLocation': fail(422, { message: 'location is lat,lng' }) });
    run.store.dispatch(A.locateRequested());
    await waitFor(() => expect(run.actionsOf(A.locationFailed.type)).toEqual([A.locationFailed('location is lat,lng')]));
    run.answer({ 'hto.validateLocation': fail(503, null) });
    run.store.dispatch(A.locateRequested());
    await waitFor(() => expect(run.actionsOf(A.locationFailed.type)).toEqual([A.locationFailed('location is lat,lng'), A.locationFailed(m.geoDefault)]));
  });

  it("a pincode without a geocode match shows 'No Result Found..'", async () => {
    const run = start({ 'hto.geocode': fail(404, { message: 'No Result Found..' }) });
    run.store.dispatch(A.pincodeSubmitted('999999'));
    await waitFor(() => expect(run.actionsOf(A.locationFailed.type)).toEqual([A.locationFailed('No Result Found..')]));
    expect(run.callsTo('hto.geocode').map((call) => call.query)).toEqual([{ pinCode: '999999' }]);
    expect(run.callsTo('hto.validateLocation')).toEqual([]);
  });

  it('an unserviceable pincode keeps the geocoded pincode and city', async () => {
    const run = start({
      'hto.geocode': { result: { pincode: '744101', city: 'Port Blair', area: 'Aberdeen Bazar', lat: 11.6, lng: 92.7 } },
      'hto.validateLocation': { result: { serviceable: false } },
    });
    run.store.dispatch(A.pincodeSubmitted('744101'));
    await waitFor(() =>
      expect(run.actionsOf(A.locationResolved.type)).toEqual([A.locationResolved({ serviceable: false, pincode: '744101', city: 'Port Blair' })]),
    );
    expect(run.callsTo('hto.validateLocation').map((call) => call.query)).toEqual([{ location: '11.6,92.7' }]);
  });
});
