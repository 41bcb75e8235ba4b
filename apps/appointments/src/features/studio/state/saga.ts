import { call, put, takeLatest } from 'redux-saga/effects';
import { appointmentRoutes, messageOf, orderRoutes, type ApiClient, type Appointment, type Order } from '@eyewear/api-client';
import { messages } from '../../../app/flow-messages';
import { studioActions as A } from './slice';

const m = messages.defaults;

export interface StudioDeps {
  api: ApiClient;
}

/** With an order: the order's studio slot, then the order refresh; without: a studio visit booked by name and phone. */
export function* book(deps: StudioDeps, action: ReturnType<typeof A.bookRequested>) {
  const { orderId, storeCode, date, time, contact } = action.payload;
  if (!date || !time) {
    yield put(A.bookFailed(m.chooseTime));
    return;
  }
  const slot = { storeCode, selectedDate: date, selectedTime: time };
  try {
    const answer: { result: Appointment } = orderId
      ? yield call(deps.api.call, appointmentRoutes.studioSlot, { params: { orderId }, body: { ...slot, bookedStatus: 'new' } })
      : yield call(deps.api.call, appointmentRoutes.testYourVision, { body: { ...slot, name: contact.name.trim(), phone: contact.phone, source: 'STUDIO' } });
    yield put(A.booked(answer.result));
  } catch (error) {
    yield put(A.bookFailed(messageOf(error, m.genericError)));
    return;
  }
  if (orderId) yield call(refreshOrder, deps, orderId);
}

/** account §4 "then order refresh": the booked order read again; the booking stands if it cannot be. */
export function* refreshOrder(deps: StudioDeps, orderId: number) {
  try {
    const answer: { result: Order } = yield call(deps.api.call, orderRoutes.get, { params: { orderId } });
    yield put(A.orderRefreshed(answer.result));
  } catch {
    // The thank-you shows the booking without the order's summary (spec: no user message).
  }
}

export function* studioSaga(deps: StudioDeps) {
  yield takeLatest(A.bookRequested.type, book, deps);
}
