import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { ApiError, appointmentRoutes, orderRoutes, type ApiClient, type Appointment, type Order, type Store, type StoreSlots } from '@eyewear/api-client';
import { combineReducers } from '@reduxjs/toolkit';
import { book, loadStores } from './saga';
import { initialStudioState, studioActions as A, studioSlice, type StudioState } from './slice';

const api = { call: jest.fn() } as unknown as ApiClient;
const store = { code: 'IN-NEW-001', name: 'Studio' } as Store;
const slots = { storeCode: store.code, date: '2026-03-12', dates: ['2026-03-12'], slots: [] } as unknown as StoreSlots;
const appointment = { appointmentId: 'APT-9', source: 'STUDIO', selectedDate: '2026-03-12', selectedTime: '10:00', status: 'BOOKED' } as Appointment;
const reducer = combineReducers({ [studioSlice.reducerPath]: studioSlice.reducer });
const ready = (over: Partial<StudioState> = {}) => ({
  [studioSlice.reducerPath]: {
    ...initialStudioState,
    modal: { open: true, data: store },
    timeSlot: { status: 'success' as const, data: slots, error: null },
    bookTime: '10:00',
    ...over,
  },
});

describe('studio flow', () => {
  it('loads the studio stores', () =>
    expectSaga(loadStores, api)
      .provide([[matchers.call(api.call, appointmentRoutes.studioStores), { result: { stores: [store] } }]])
      .put(A.storesLoaded([store]))
      .run());

  it('opening the modal clears the booked time', () => {
    const state = studioSlice.reducer({ ...initialStudioState, bookTime: '10:00' }, A.modalOpened(store));
    expect(state.bookTime).toBeNull();
    expect(state.modal).toEqual({ open: true, data: store });
  });

  it('a form reset keeps the stores', () => {
    const stores = { status: 'success' as const, list: [store], error: null };
    const state = studioSlice.reducer({ ...initialStudioState, stores, bookTime: '10:00', showThankYou: true }, A.formReset());
    expect(state).toEqual({ ...initialStudioState, stores });
  });

  const studioSlot = matchers.call(api.call, appointmentRoutes.studioSlot, {
    params: { orderId: 42 },
    body: { storeCode: store.code, selectedDate: '2026-03-12', selectedTime: '10:00', bookedStatus: 'new' },
  });
  const order = { id: 42, items: [{ id: 7, name: 'Round Classic' }] } as unknown as Order;

  it("books the order's studio slot, thanks the shopper, then reads the order again", async () => {
    const { storeState } = await expectSaga(book, api, A.bookRequested({ orderId: 42 }))
      .withReducer(reducer, ready())
      .provide([
        [studioSlot, { result: appointment }],
        [matchers.call(api.call, orderRoutes.get, { params: { orderId: 42 } }), { result: order }],
      ])
      .put(A.booked(appointment))
      .put(A.orderRefreshed(order))
      .run();
    expect(storeState[studioSlice.reducerPath]).toMatchObject({ showThankYou: true, bookConfirmation: appointment, modal: { open: false }, order });
  });

  it('keeps the booking when the order cannot be read again; a failed booking reads nothing', async () => {
    const { storeState } = await expectSaga(book, api, A.bookRequested({ orderId: 42 }))
      .withReducer(reducer, ready())
      .provide([
        [studioSlot, { result: appointment }],
        [matchers.call.fn(api.call), throwError(new ApiError(503, null, 'down'))],
      ])
      .put(A.booked(appointment))
      .not.put.actionType(A.orderRefreshed.type)
      .run();
    expect(storeState[studioSlice.reducerPath]).toMatchObject({ showThankYou: true, order: null });
    await expectSaga(book, api, A.bookRequested({ orderId: 42 }))
      .withReducer(reducer, ready())
      .provide([[matchers.call.fn(api.call), throwError(new ApiError(404, { message: 'Order not found' }, 'Order not found'))]])
      .put(A.bookFailed('Order not found'))
      .not.call.like({ fn: api.call, args: [orderRoutes.get] })
      .run();
  });

  it('without an order books a studio visit by name and phone', () =>
    expectSaga(book, api, A.bookRequested({}))
      .withReducer(reducer, ready({ formData: { name: 'Asha ', phone: '9876543210' } }))
      .provide([
        [
          matchers.call(api.call, appointmentRoutes.testYourVision, {
            body: { storeCode: store.code, selectedDate: '2026-03-12', selectedTime: '10:00', name: 'Asha', phone: '9876543210', source: 'STUDIO' },
          }),
          { result: appointment },
        ],
      ])
      .put(A.booked(appointment))
      .run());

  it('refuses to book without a time', () =>
    expectSaga(book, api, A.bookRequested({}))
      .withReducer(reducer, ready({ bookTime: null }))
      .put(A.bookFailed('Please choose a time.'))
      .run());
});
