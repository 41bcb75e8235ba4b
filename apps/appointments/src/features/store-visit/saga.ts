import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import { ApiError, appointmentRoutes, type ApiClient, type Appointment, type Store, type StoreSlots } from '@eyewear/api-client';
import { errorMessage } from '../../app/api';
import { messages } from '../../app/flow-messages';
import { NEARBY, SLOT_REQUEST } from '../../shared/constants';
import { storeVisitActions as A, storeVisitSlice, type StoreVisitState } from './slice';

const m = messages.defaults;

const selectState = (root: Record<string, unknown>) => (root[storeVisitSlice.reducerPath] ?? storeVisitSlice.getInitialState()) as StoreVisitState;

export function* searchStores(api: ApiClient, action: ReturnType<typeof A.searchRequested>) {
  try {
    const { address, pid } = action.payload;
    const answer: { result: { stores: Store[] } } = pid
      ? yield call(api.call, appointmentRoutes.storeApiNearby, { query: { area: address, pid } })
      : yield call(api.call, appointmentRoutes.nearbyStores, { query: { address, ...NEARBY } });
    yield put(A.searchLoaded(answer.result.stores));
  } catch (error) {
    const notFound = error instanceof ApiError && error.status === 404;
    yield put(A.searchFailed(notFound ? m.noResult : errorMessage(error, m.genericError)));
  }
}

export function* loadSlots(api: ApiClient, action: ReturnType<typeof A.storeSelected | typeof A.dateSelected | typeof A.rescheduleStarted>) {
  const state: StoreVisitState = yield select(selectState);
  const storeCode = state.store?.code ?? state.appointment?.storeCode;
  if (!storeCode) return;
  const date = A.dateSelected.match(action) ? action.payload : undefined;
  yield put(A.slotsRequested());
  try {
    const answer: { result: StoreSlots } = yield call(api.call, appointmentRoutes.storeSlots, {
      body: { storeCode, ...SLOT_REQUEST, ...(date ? { date } : {}) },
    });
    yield put(A.slotsLoaded(answer.result));
  } catch (error) {
    yield put(A.slotsFailed(errorMessage(error, m.genericError)));
  }
}

/** Book, or reschedule when bookedStatus is reschedule; then refresh the appointment's details. */
export function* bookSlot(api: ApiClient, action: ReturnType<typeof A.bookRequested>) {
  const state: StoreVisitState = yield select(selectState);
  const date = state.slots.data?.date;
  if (!state.selectedTime || !date) {
    yield put(A.bookFailed(m.chooseTime));
    return;
  }
  try {
    let answer: { result: Appointment };
    if (state.bookedStatus === 'reschedule' && state.appointment) {
      answer = yield call(api.call, appointmentRoutes.reschedule, {
        body: { appointmentId: state.appointment.appointmentId, selectedDate: date, selectedTime: state.selectedTime },
      });
    } else {
      answer = yield call(api.call, appointmentRoutes.testYourVision, {
        body: {
          storeCode: state.store!.code,
          selectedDate: date,
          selectedTime: state.selectedTime,
          name: action.payload.name,
          phone: action.payload.phone,
          source: 'TYV',
        },
      });
    }
    yield put(A.booked(answer.result));
    const details: { result: Appointment } = yield call(api.call, appointmentRoutes.get, { params: { appointmentId: answer.result.appointmentId } });
    yield put(A.detailsLoaded(details.result));
  } catch (error) {
    yield put(A.bookFailed(errorMessage(error, m.genericError)));
    if (error instanceof ApiError && error.status === 409) yield put(A.dateSelected(date));
  }
}

export function* cancelAppointment(api: ApiClient) {
  const state: StoreVisitState = yield select(selectState);
  if (!state.appointment) return;
  try {
    const answer: { result: Appointment } = yield call(api.call, appointmentRoutes.cancel, { body: { appointmentId: state.appointment.appointmentId } });
    yield put(A.cancelled(answer.result));
  } catch (error) {
    yield put(A.cancelFailed(errorMessage(error, m.genericError)));
  }
}

export function storeVisitSaga(api: ApiClient) {
  return function* root() {
    yield all([
      takeLatest(A.searchRequested.type, searchStores, api),
      takeLatest([A.storeSelected.type, A.dateSelected.type, A.rescheduleStarted.type], loadSlots, api),
      takeLatest(A.bookRequested.type, bookSlot, api),
      takeLatest(A.cancelRequested.type, cancelAppointment, api),
    ]);
  };
}
