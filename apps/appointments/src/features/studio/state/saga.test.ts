import { waitFor } from '@testing-library/react';
import type { Appointment, Order } from '@eyewear/api-client';
import { fail, fakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import { createTestPageStore } from '@eyewear/event-bus/testing';
import { studioSaga } from './saga';
import { studioActions as A, studioSlice, type StudioBooking } from './slice';

const appointment = { appointmentId: 'APT-9', source: 'STUDIO', selectedDate: '2026-03-12', selectedTime: '10:00', status: 'BOOKED' } as Appointment;
const order = { id: 42, items: [{ id: 7, name: 'Round Classic' }] } as unknown as Order;
const booking = (over: Partial<StudioBooking> = {}): StudioBooking => ({
  storeCode: 'IN-NEW-001',
  date: '2026-03-12',
  time: '10:00',
  contact: { name: '', phone: '' },
  ...over,
});

/** The studio saga on a page store, calling a fake API. */
function start(handlers: FakeHandlers) {
  const api = fakeApi(handlers);
  const test = createTestPageStore();
  const slice = studioSlice.injectInto(test.pageStore.rootReducer);
  test.pageStore.runSaga('appointments/studio', studioSaga, { api: api.client });
  const state = () => slice.selectSlice(test.store.getState());
  return { ...api, ...test, state };
}

describe('studio booking saga', () => {
  it("books the order's studio slot, thanks the shopper, then reads the order again", async () => {
    const run = start({ 'appointments.studioSlot': { result: appointment }, 'orders.get': { result: order } as never });
    run.store.dispatch(A.bookRequested(booking({ orderId: 42 })));
    await waitFor(() => expect(run.actionsOf(A.orderRefreshed.type)).toEqual([A.orderRefreshed(order)]));
    expect(run.actionsOf(A.booked.type)).toEqual([A.booked(appointment)]);
    const [slot] = run.callsTo('appointments.studioSlot');
    expect(slot!.params).toEqual({ orderId: '42' });
    expect(slot!.body).toEqual({ storeCode: 'IN-NEW-001', selectedDate: '2026-03-12', selectedTime: '10:00', bookedStatus: 'new' });
    expect(run.callsTo('orders.get')[0]!.params).toEqual({ orderId: '42' });
    expect(run.state()).toMatchObject({ submitting: false, confirmation: appointment, order });
  });

  it('keeps the booking when the order cannot be read again; a failed booking reads nothing', async () => {
    const run = start({ 'appointments.studioSlot': { result: appointment }, 'orders.get': fail(503, null) });
    run.store.dispatch(A.bookRequested(booking({ orderId: 42 })));
    await waitFor(() => expect(run.callsTo('orders.get')).toHaveLength(1));
    await waitFor(() => expect(run.actionsOf(A.booked.type)).toHaveLength(1));
    expect(run.actionsOf(A.orderRefreshed.type)).toEqual([]);
    expect(run.state()).toMatchObject({ confirmation: appointment, order: null });

    const refused = start({ 'appointments.studioSlot': fail(404, { message: 'Order not found' }) });
    refused.store.dispatch(A.bookRequested(booking({ orderId: 42 })));
    await waitFor(() => expect(refused.actionsOf(A.bookFailed.type)).toEqual([A.bookFailed('Order not found')]));
    expect(refused.callsTo('orders.get')).toEqual([]);
    expect(refused.state()).toMatchObject({ submitting: false, error: 'Order not found', confirmation: null });
  });

  it('without an order books a studio visit by name and phone', async () => {
    const run = start({ 'appointments.testYourVision': { result: appointment } });
    run.store.dispatch(A.bookRequested(booking({ contact: { name: 'Asha ', phone: '9876543210' } })));
    await waitFor(() => expect(run.actionsOf(A.booked.type)).toEqual([A.booked(appointment)]));
    expect(run.callsTo('appointments.testYourVision')[0]!.body).toEqual({
      storeCode: 'IN-NEW-001',
      selectedDate: '2026-03-12',
      selectedTime: '10:00',
      name: 'Asha',
      phone: '9876543210',
      source: 'STUDIO',
    });
    expect(run.callsTo('orders.get')).toEqual([]);
  });

  it('refuses to book without a time', async () => {
    const run = start({});
    run.store.dispatch(A.bookRequested(booking({ time: null })));
    await waitFor(() => expect(run.actionsOf(A.bookFailed.type)).toEqual([A.bookFailed('Please choose a time.')]));
    expect(run.calls).toEqual([]);
  });
});
