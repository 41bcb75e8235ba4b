import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { ApiError, appointmentRoutes, htoRoutes, type ApiClient, type HtoAppointment } from '@eyewear/api-client';
import { messages } from '../../app/flow-messages';
import { currentPosition, LocationError } from '../../shared/geolocation';
import { book, cancel, hec, lastOrder, loadPage, locate, locatePincode } from './saga';
import { htoActions as A, htoSlice, initialHtoState } from './slice';

const m = messages.defaults;
const api = { call: jest.fn() } as unknown as ApiClient;
const visit: HtoAppointment = {
  orderId: 900001,
  appointmentId: 'HEC-1',
  pincode: '110016',
  date: '2026-03-11',
  slotId: '9-12',
  status: 'OPEN',
  createdAt: '2026-03-10T00:00:00.000Z',
};

describe('HTO location', () => {
  it.each([
    [1, m.geoDenied],
    [2, m.geoUnavailable],
    [3, m.geoTimeout],
    [9, m.geoUnknown],
    [0, m.geoDefault],
  ])('geolocation error %i shows its exact message', (code, message) =>
    expectSaga(locate, api)
      .provide([[matchers.call.fn(currentPosition), throwError(new LocationError(code))]])
      .put(A.locationFailed(message))
      .run(),
  );

  it('checks serviceability by lat,lng, then loads the slots of the pincode', () =>
    expectSaga(locate, api)
      .provide([
        [matchers.call.fn(currentPosition), { lat: 28.55, lng: 77.2 }],
        [
          matchers.call(api.call, htoRoutes.validateLocation, { query: { location: '28.55,77.2' } }),
          { result: { serviceable: true, pincode: '110016', city: 'New Delhi' } },
        ],
        [matchers.call(api.call, htoRoutes.slots, { query: { pinCode: '110016' } }), { result: { days: [] } }],
      ])
      .put(A.locationResolved({ serviceable: true, pincode: '110016', city: 'New Delhi' }))
      .put(A.slotsLoaded([]))
      .run());

  it("a pincode without a geocode match shows 'No Result Found..'", () =>
    expectSaga(locatePincode, api, A.pincodeSubmitted('999999'))
      .provide([[matchers.call.fn(api.call), throwError(new ApiError(404, { message: 'No Result Found..' }, 'No Result Found..'))]])
      .put(A.locationFailed('No Result Found..'))
      .run());

  it('an unserviceable pincode loads no slots', () =>
    expectSaga(locatePincode, api, A.pincodeSubmitted('744101'))
      .provide([
        [
          matchers.call(api.call, htoRoutes.geocode, { query: { pinCode: '744101' } }),
          { result: { pincode: '744101', city: 'Port Blair', lat: 11.6, lng: 92.7 } },
        ],
        [matchers.call.fn(api.call), { result: { serviceable: false } }],
      ])
      .put(A.locationResolved({ serviceable: false, pincode: '744101', city: 'Port Blair' }))
      .not.put.actionType(A.slotsRequested.type)
      .run());
});

describe('HTO orders', () => {
  it('books with the order body and stores the appointment', () => {
    const body = { userInfo: { name: 'A', telephone: '9876543210', address: 'x' }, pincode: '110016', date: '2026-03-11', slotId: '9-12' };
    return expectSaga(book, api, A.bookRequested(body))
      .provide([[matchers.call(api.call, htoRoutes.createOrder, { body }), { result: visit }]])
      .put(A.booked(visit))
      .run();
  });

  it('a failed booking stores the server message', () =>
    expectSaga(book, api, A.bookRequested({ userInfo: { name: 'A', telephone: '1', address: 'x' }, pincode: '1', date: 'x', slotId: 'x' }))
      .provide([
        [
          matchers.call.fn(api.call),
          throwError(
            new ApiError(409, { message: 'This slot has just been booked. Please choose another.' }, 'This slot has just been booked. Please choose another.'),
          ),
        ],
      ])
      .put(A.bookFailed('This slot has just been booked. Please choose another.'))
      .run());

  it('cancels with the reason; success clears appointmentInfo', async () => {
    const cancelledVisit = { ...visit, status: 'CANCELLED' as const };
    const { storeState } = await expectSaga(cancel, api, A.cancelRequested({ orderId: 900001, reason: 'Other' }))
      .withReducer(htoSlice.reducer, { ...initialHtoState, appointmentInfo: visit })
      .provide([[matchers.call(api.call, htoRoutes.cancel, { params: { orderId: 900001 }, query: { reason: 'Other' } }), { result: cancelledVisit }]])
      .put(A.cancelled(cancelledVisit))
      .run();
    expect(storeState.appointmentInfo).toBeNull();
    expect(storeState.cancel.status).toBe('success');
  });

  it('finds the last order by telephone, or says none was found', async () => {
    const found = await expectSaga(lastOrder, api, A.lastOrderRequested('9876543210'))
      .withReducer(htoSlice.reducer, initialHtoState)
      .provide([[matchers.call.fn(api.call), { result: visit }]])
      .run();
    expect(found.storeState.appointmentInfo).toEqual(visit);
    const none = await expectSaga(lastOrder, api, A.lastOrderRequested('9876543210'))
      .withReducer(htoSlice.reducer, initialHtoState)
      .provide([[matchers.call.fn(api.call), { result: null }]])
      .run();
    expect(none.storeState.lookup.found).toBe(false);
  });
});

describe('HTO page and HEC', () => {
  const hecAppointment = {
    appointmentId: 'HEC-1',
    orderId: 900001,
    source: 'HEC' as const,
    selectedDate: '2026-03-11',
    selectedTime: '09:00',
    status: 'OPEN' as const,
  };

  it('loads the page JSON with a cache-busting v, then the cancel reasons', () =>
    expectSaga(loadPage, api)
      .provide([
        [matchers.call.like({ fn: api.call, args: [htoRoutes.page] }), { result: { sections: [], config: { price: 0, enabled: true } } }],
        [matchers.call(api.call, htoRoutes.cancelReasons), { result: { reasons: [{ id: 1, reason: 'Other' }] } }],
      ])
      .put(A.pageLoaded({ sections: [], config: { price: 0, enabled: true } }))
      .put(A.cancelReasonsLoaded([{ id: 1, reason: 'Other' }]))
      .run());

  it('a failed page load stores the error', () =>
    expectSaga(loadPage, api)
      .provide([[matchers.call.fn(api.call), throwError(new Error('offline'))]])
      .put(A.pageFailed(m.genericError))
      .run());

  it('views, syncs (source HEC) and cancels with a reason', async () => {
    await expectSaga(hec, api, A.hecRequested('HEC-1'))
      .provide([[matchers.call(api.call, appointmentRoutes.hecGet, { params: { appointmentId: 'HEC-1' } }), { result: hecAppointment }]])
      .put(A.hecLoaded(hecAppointment))
      .run();
    const completed = { ...hecAppointment, status: 'COMPLETED' as const };
    await expectSaga(hec, api, A.hecSyncRequested('HEC-1'))
      .provide([[matchers.call(api.call, appointmentRoutes.hecSync, { params: { appointmentId: 'HEC-1' }, query: { source: 'HEC' } }), { result: completed }]])
      .put(A.hecLoaded(completed))
      .run();
    const cancelledHec = { ...hecAppointment, status: 'CANCELLED' as const, cancellationReason: 'Not at home' };
    await expectSaga(hec, api, A.hecCancelRequested({ orderId: 900001, reason: 'Not at home' }))
      .provide([
        [matchers.call(api.call, appointmentRoutes.hecCancel, { query: { orderId: 900001, reasonCancellation: 'Not at home' } }), { result: cancelledHec }],
      ])
      .put(A.hecLoaded(cancelledHec))
      .run();
  });

  it('a sync updates the status of the booked visit it belongs to', () => {
    const state = htoSlice.reducer(
      { ...initialHtoState, appointmentInfo: visit },
      A.hecLoaded({ ...hecAppointment, appointmentId: visit.appointmentId, status: 'COMPLETED' }),
    );
    expect(state.appointmentInfo!.status).toBe('COMPLETED');
  });

  it('a failed HEC call stores the server message', () =>
    expectSaga(hec, api, A.hecRequested('HEC-X'))
      .provide([[matchers.call.fn(api.call), throwError(new ApiError(404, { message: 'Appointment not found' }, 'Appointment not found'))]])
      .put(A.hecFailed('Appointment not found'))
      .run());
});
