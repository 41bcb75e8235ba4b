import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { ApiError, appointmentRoutes, type ApiClient, type Appointment, type Store, type StoreSlots } from '@eyewear/api-client';
import { combineReducers } from '@reduxjs/toolkit';
import { bookSlot, cancelAppointment, loadSlots, searchStores } from './saga';
import { initialStoreVisitState, storeVisitActions as A, storeVisitSlice, type StoreVisitState } from './slice';

const api = { call: jest.fn() } as unknown as ApiClient;
const store = { code: 'IN-NEW-001', name: 'Clearview Studio, Connaught Place', timeZone: 'Asia/Kolkata' } as Store;
const slots = {
  storeCode: store.code,
  date: '2026-03-12',
  defaultDate: '2026-03-12',
  dates: ['2026-03-12'],
  timeZone: 'Asia/Kolkata',
  slots: [],
} as StoreSlots;
const appointment = {
  appointmentId: 'APT-1',
  storeCode: store.code,
  source: 'TYV',
  selectedDate: '2026-03-12',
  selectedTime: '11:00',
  status: 'BOOKED',
  bookedStatus: 'new',
} as Appointment;
const reducer = combineReducers({ [storeVisitSlice.reducerPath]: storeVisitSlice.reducer });
const withState = (state: Partial<StoreVisitState>) => ({ [storeVisitSlice.reducerPath]: { ...initialStoreVisitState, ...state } });

describe('store visit', () => {
  it('searches with radius 20, page size 10, page 0', () =>
    expectSaga(searchStores, api, A.searchRequested({ address: '110016' }))
      .provide([
        [
          matchers.call(api.call, appointmentRoutes.nearbyStores, { query: { address: '110016', radius: 20, pageSize: 10, pageNumber: 0 } }),
          { result: { stores: [store] } },
        ],
      ])
      .put(A.searchLoaded([store]))
      .run());

  it("shows 'No Result Found..' when the place is unknown", () =>
    expectSaga(searchStores, api, A.searchRequested({ address: 'nowhere' }))
      .provide([[matchers.call.fn(api.call), throwError(new ApiError(404, { message: 'No Result Found..' }, 'No Result Found..'))]])
      .put(A.searchFailed('No Result Found..'))
      .run());

  it('with a product id asks the store API for stores near the area stocking it', () =>
    expectSaga(searchStores, api, A.searchRequested({ address: 'Koramangala', pid: 128001 }))
      .provide([[matchers.call(api.call, appointmentRoutes.storeApiNearby, { query: { area: 'Koramangala', pid: 128001 } }), { result: { stores: [store] } }]])
      .put(A.searchLoaded([store]))
      .run());

  it('asks slots with duration 30, classification 1, skipCurrentDate 0', () =>
    expectSaga(loadSlots, api, A.dateSelected('2026-03-12'))
      .withReducer(reducer, withState({ store }))
      .provide([
        [
          matchers.call(api.call, appointmentRoutes.storeSlots, {
            body: { storeCode: store.code, duration: 30, classification: 1, skipCurrentDate: 0, date: '2026-03-12' },
          }),
          { result: slots },
        ],
      ])
      .put(A.slotsLoaded(slots))
      .run());

  it('books a new appointment, then refreshes its details', () =>
    expectSaga(bookSlot, api, A.bookRequested({ name: 'Asha', phone: '9876543210' }))
      .withReducer(reducer, withState({ store, slots: { status: 'success', data: slots, error: null }, selectedTime: '11:00' }))
      .provide([
        [
          matchers.call(api.call, appointmentRoutes.testYourVision, {
            body: { storeCode: store.code, selectedDate: '2026-03-12', selectedTime: '11:00', name: 'Asha', phone: '9876543210', source: 'TYV' },
          }),
          { result: appointment },
        ],
        [matchers.call(api.call, appointmentRoutes.get, { params: { appointmentId: 'APT-1' } }), { result: { ...appointment, store } }],
      ])
      .put(A.booked(appointment))
      .put(A.detailsLoaded({ ...appointment, store }))
      .run());

  it('reschedules when bookedStatus is reschedule', () => {
    const moved = { ...appointment, selectedTime: '12:00', status: 'RESCHEDULED', bookedStatus: 'reschedule' } as Appointment;
    return expectSaga(bookSlot, api, A.bookRequested({ name: '', phone: '' }))
      .withReducer(
        reducer,
        withState({ store, appointment, bookedStatus: 'reschedule', slots: { status: 'success', data: slots, error: null }, selectedTime: '12:00' }),
      )
      .provide([
        [
          matchers.call(api.call, appointmentRoutes.reschedule, { body: { appointmentId: 'APT-1', selectedDate: '2026-03-12', selectedTime: '12:00' } }),
          { result: moved },
        ],
        [matchers.call.fn(api.call), { result: moved }],
      ])
      .put(A.booked(moved))
      .run();
  });

  it('a taken slot shows the message and reloads the times', () =>
    expectSaga(bookSlot, api, A.bookRequested({ name: 'Asha', phone: '9876543210' }))
      .withReducer(reducer, withState({ store, slots: { status: 'success', data: slots, error: null }, selectedTime: '11:00' }))
      .provide([
        [
          matchers.call.fn(api.call),
          throwError(
            new ApiError(
              409,
              { message: 'This slot is no longer available. Please choose another time.' },
              'This slot is no longer available. Please choose another time.',
            ),
          ),
        ],
      ])
      .put(A.bookFailed('This slot is no longer available. Please choose another time.'))
      .put(A.dateSelected('2026-03-12'))
      .run());

  it('cancels the appointment', () =>
    expectSaga(cancelAppointment, api)
      .withReducer(reducer, withState({ appointment }))
      .provide([[matchers.call(api.call, appointmentRoutes.cancel, { body: { appointmentId: 'APT-1' } }), { result: { ...appointment, status: 'CANCELLED' } }]])
      .put(A.cancelled({ ...appointment, status: 'CANCELLED' }))
      .run());

  it('store reset clears store and appointment data, keeping the search', () => {
    const state = storeVisitSlice.reducer(
      { ...initialStoreVisitState, search: { status: 'success', stores: [store], error: null }, store, appointment, selectedTime: '11:00' },
      A.storeReset(),
    );
    expect(state).toEqual({ ...initialStoreVisitState, search: { status: 'success', stores: [store], error: null } });
  });
});
