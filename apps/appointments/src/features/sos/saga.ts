import { call, put, takeLatest } from 'redux-saga/effects';
import { htoRoutes, type ApiClient, type AppointmentStatus, type HtoAgent } from '@eyewear/api-client';
import { sosActions as A } from './slice';

/** account §4: proceeds only when the appointment is OPEN; otherwise, or on error, /HTO/sos?error=true. */
export function* checkSos(api: ApiClient, action: ReturnType<typeof A.checkRequested>) {
  try {
    const answer: { result: { appointmentId: string; status: AppointmentStatus; agent?: HtoAgent } } = yield call(api.call, htoRoutes.sos, {
      query: { appointmentId: action.payload },
    });
    if (answer.result.status === 'OPEN') yield put(A.proceeded({ appointmentId: answer.result.appointmentId, agent: answer.result.agent ?? null }));
    else yield put(A.redirected());
  } catch {
    yield put(A.redirected());
  }
}

export function sosSaga(api: ApiClient) {
  return function* root() {
    yield takeLatest(A.checkRequested.type, checkSos, api);
  };
}
