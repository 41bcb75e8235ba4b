import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import { ApiError, appointmentRoutes, messageOf, type ApiClient, type Appointment } from '@eyewear/api-client';
import { messages } from '../../../app/flow-messages';
import { storeVisitActions as A, storeVisitSlice, type StoreVisitState } from './slice';

const m = messages.defaults;

export interface StoreVisitDeps {
  api: ApiClient;
}

const selectState = (root: Record<string, unknown>) => (root[storeVisitSlice.reducerPath] ?? storeVisitSlice.getInitialState()) as StoreVisitState;

/** Book, or reschedule when bookedStatus is reschedule; then refresh the appointment's details. */
export function* bookSlot(deps: StoreVisitDeps, action: ReturnType<typeof A.bookRequested>) {
  const { storeCode, date, time, contact } = action.payload;
  if (!time || !date) {
    yield put(A.bookFailed(m.chooseTime));
    return;
  }
  const state: StoreVisitState = yield select(selectState);
  try {
    const answer: { result: Appointment } =
      state.bookedStatus === 'reschedule' && state.appointment
        ? yield call(deps.api.call, appointmentRoutes.reschedule, {
            body: { appointmentId: state.appointment.appointmentId, selectedDate: date, selectedTime: time },
          })
        : yield call(deps.api.call, appointmentRoutes.testYourVision, {
            body: { storeCode, selectedDate: date, selectedTime: time, name: contact.name, phone: contact.phone, source: 'TYV' },
          });
    yield put(A.booked(answer.result));
    const details: { result: Appointment } = yield call(deps.api.call, appointmentRoutes.get, { params: { appointmentId: answer.result.appointmentId } });
    yield put(A.detailsLoaded(details.result));
  } catch (error) {
    yield put(A.bookFailed(messageOf(error, m.genericError)));
    if (error instanceof ApiError && error.status === 409) yield put(A.slotTaken(date));
  }
}

export function* cancelAppointment(deps: StoreVisitDeps) {
  const state: StoreVisitState = yield select(selectState);
  if (!state.appointment) return;
  try {
    const answer: { result: Appointment } = yield call(deps.api.call, appointmentRoutes.cancel, { body: { appointmentId: state.appointment.appointmentId } });
    yield put(A.cancelled(answer.result));
  } catch (error) {
    yield put(A.cancelFailed(messageOf(error, m.genericError)));
  }
}

/** The appointment's flow: book or reschedule, then read it again; cancel. */
export function* storeVisitSaga(deps: StoreVisitDeps) {
  yield all([takeLatest(A.bookRequested.type, bookSlot, deps), takeLatest(A.cancelRequested.type, cancelAppointment, deps)]);
}
