import { waitFor } from '@testing-library/react';
import type { Appointment, Store } from '@eyewear/api-client';
import { fail, fakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import { createTestPageStore } from '@eyewear/event-bus/testing';
import { storeVisitSaga } from './saga';
import { storeVisitActions as A, storeVisitSlice, type StoreVisitBooking } from './slice';

const store = { code: 'IN-NEW-001', name: 'Clearview Studio, Connaught Place', timeZone: 'Asia/Kolkata' } as Store;
const appointment = {
  appointmentId: 'APT-1',
  storeCode: store.code,
  source: 'TYV',
  selectedDate: '2026-03-12',
  selectedTime: '11:00',
  status: 'BOOKED',
  bookedStatus: 'new',
} as Appointment;
const booking = (over: Partial<StoreVisitBooking> = {}): StoreVisitBooking => ({
  storeCode: store.code,
  date: '2026-03-12',
  time: '11:00',
  contact: { name: 'Asha', phone: '9876543210' },
  ...over,
});

/** The store-visit saga on a page store, calling a fake API. */
function start(handlers: FakeHandlers) {
  const api = fakeApi(handlers);
  const test = createTestPageStore();
  const slice = storeVisitSlice.injectInto(test.pageStore.rootReducer);
  test.pageStore.runSaga('appointments/store-visit', storeVisitSaga, { api: api.client });
  return { ...api, ...test, state: () => slice.selectSlice(test.store.getState()) };
}

describe('store visit saga', () => {
  it('books a new appointment, then refreshes its details', async () => {
    const run = start({ 'appointments.testYourVision': { result: appointment }, 'appointments.get': { result: { ...appointment, store } } as never });
    run.store.dispatch(A.bookRequested(booking()));
    await waitFor(() => expect(run.actionsOf(A.detailsLoaded.type)).toEqual([A.detailsLoaded({ ...appointment, store })]));
    expect(run.actionsOf(A.booked.type)).toEqual([A.booked(appointment)]);
    expect(run.callsTo('appointments.testYourVision')[0]!.body).toEqual({
      storeCode: store.code,
      selectedDate: '2026-03-12',
      selectedTime: '11:00',
      name: 'Asha',
      phone: '9876543210',
      source: 'TYV',
    });
    expect(run.callsTo('appointments.get')[0]!.params).toEqual({ appointmentId: 'APT-1' });
    expect(run.state()).toMatchObject({ appointment: { ...appointment, store }, bookedStatus: 'new', booking: { submitting: false, error: null } });
  });

  it('reschedules when bookedStatus is reschedule', async () => {
    const moved = { ...appointment, selectedTime: '12:00', status: 'RESCHEDULED', bookedStatus: 'reschedule' } as Appointment;
    const run = start({ 'appointments.reschedule': { result: moved }, 'appointments.get': { result: moved } as never });
    run.store.dispatch(A.booked(appointment));
    run.store.dispatch(A.rescheduleStarted());
    run.store.dispatch(A.bookRequested(booking({ time: '12:00', contact: { name: '', phone: '' } })));
    await waitFor(() => expect(run.actionsOf(A.detailsLoaded.type)).toHaveLength(1));
    expect(run.actionsOf(A.booked.type)).toEqual([A.booked(appointment), A.booked(moved)]);
    expect(run.callsTo('appointments.reschedule')[0]!.body).toEqual({ appointmentId: 'APT-1', selectedDate: '2026-03-12', selectedTime: '12:00' });
    expect(run.callsTo('appointments.testYourVision')).toEqual([]);
    expect(run.state()).toMatchObject({ appointment: moved, bookedStatus: 'new' });
  });

  it('a taken slot shows the message and reloads the times', async () => {
    const taken = 'This slot is no longer available. Please choose another time.';
    const run = start({ 'appointments.testYourVision': fail(409, { message: taken }) });
    run.store.dispatch(A.bookRequested(booking()));
    await waitFor(() => expect(run.actionsOf(A.slotTaken.type)).toEqual([A.slotTaken('2026-03-12')]));
    expect(run.actionsOf(A.bookFailed.type)).toEqual([A.bookFailed(taken)]);
    expect(run.callsTo('appointments.get')).toEqual([]);
    expect(run.state().booking).toEqual({ submitting: false, error: taken });
  });

  it('refuses to book without a time', async () => {
    const run = start({});
    run.store.dispatch(A.bookRequested(booking({ time: null })));
    await waitFor(() => expect(run.actionsOf(A.bookFailed.type)).toEqual([A.bookFailed('Please choose a time.')]));
    expect(run.calls).toEqual([]);
  });

  it('cancels the appointment', async () => {
    const run = start({ 'appointments.cancel': { result: { ...appointment, status: 'CANCELLED' } } as never });
    run.store.dispatch(A.booked(appointment));
    run.store.dispatch(A.cancelRequested());
    await waitFor(() => expect(run.actionsOf(A.cancelled.type)).toEqual([A.cancelled({ ...appointment, status: 'CANCELLED' })]));
    expect(run.callsTo('appointments.cancel')[0]!.body).toEqual({ appointmentId: 'APT-1' });
    expect(run.state().cancel).toEqual({ submitting: false, error: null });
  });

  it('store reset clears the appointment data', () => {
    const state = storeVisitSlice.reducer({ ...storeVisitSlice.getInitialState(), appointment, bookedStatus: 'reschedule' }, A.storeReset());
    expect(state).toEqual(storeVisitSlice.getInitialState());
  });
});
