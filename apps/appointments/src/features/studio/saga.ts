import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import { appointmentRoutes, orderRoutes, type ApiClient, type Appointment, type Order, type Store, type StoreSlots } from '@eyewear/api-client';
import { errorMessage } from '../../app/api';
import { messages } from '../../app/flow-messages';
import { SLOT_REQUEST } from '../../shared/constants';
import { studioActions as A, studioSlice, type StudioState } from './slice';

const m = messages.defaults;
const selectState = (root: Record<string, unknown>) => (root[studioSlice.reducerPath] ?? studioSlice.getInitialState()) as StudioState;

export function* loadStores(api: ApiClient) {
  try {
    const answer: { result: { stores: Store[] } } = yield call(api.call, appointmentRoutes.studioStores);
    yield put(A.storesLoaded(answer.result.stores));
  } catch (error) {
    yield put(A.storesFailed(errorMessage(error, m.genericError)));
  }
}

export function* loadTimeSlot(api: ApiClient, action: ReturnType<typeof A.modalOpened | typeof A.dateSelected>) {
  const state: StudioState = yield select(selectState);
  const store = state.modal.data;
  if (!store) return;
  yield put(A.timeSlotRequested());
  try {
    const date = A.dateSelected.match(action) ? action.payload : undefined;
    const answer: { result: StoreSlots } = yield call(api.call, appointmentRoutes.storeSlots, {
      body: { storeCode: store.code, ...SLOT_REQUEST, ...(date ? { date } : {}) },
    });
    yield put(A.timeSlotLoaded(answer.result));
  } catch (error) {
    yield put(A.timeSlotFailed(errorMessage(error, m.genericError)));
  }
}

/** With an order: the order's studio slot, then the order refresh; without: a studio visit booked by name and phone. */
export function* book(api: ApiClient, action: ReturnType<typeof A.bookRequested>) {
  const state: StudioState = yield select(selectState);
  const store = state.modal.data;
  const date = state.timeSlot.data?.date;
  if (!store || !date || !state.bookTime) {
    yield put(A.bookFailed(m.chooseTime));
    return;
  }
  const slot = { storeCode: store.code, selectedDate: date, selectedTime: state.bookTime };
  try {
    const answer: { result: Appointment } = action.payload.orderId
      ? yield call(api.call, appointmentRoutes.studioSlot, { params: { orderId: action.payload.orderId }, body: { ...slot, bookedStatus: 'new' } })
      : yield call(api.call, appointmentRoutes.testYourVision, {
          body: { ...slot, name: state.formData.name.trim(), phone: state.formData.phone, source: 'STUDIO' },
        });
    yield put(A.booked(answer.result));
  } catch (error) {
    yield put(A.bookFailed(errorMessage(error, m.genericError)));
    return;
  }
  if (action.payload.orderId) yield call(refreshOrder, api, action.payload.orderId);
}

/** account §4 "then order refresh": the booked order read again; the booking stands if it cannot be. */
export function* refreshOrder(api: ApiClient, orderId: number) {
  try {
    const answer: { result: Order } = yield call(api.call, orderRoutes.get, { params: { orderId } });
    yield put(A.orderRefreshed(answer.result));
  } catch {
    // The thank-you shows the booking without the order's summary (spec: no user message).
  }
}

export function studioSaga(api: ApiClient) {
  return function* root() {
    yield all([
      takeLatest(A.storesRequested.type, loadStores, api),
      takeLatest([A.modalOpened.type, A.dateSelected.type], loadTimeSlot, api),
      takeLatest(A.bookRequested.type, book, api),
    ]);
  };
}
