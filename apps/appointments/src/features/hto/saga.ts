import { all, call, put, takeLatest } from 'redux-saga/effects';
import { ApiError, appointmentRoutes, htoRoutes, type ApiClient } from '@eyewear/api-client';
import { errorMessage } from '../../app/api';
import { messages } from '../../app/flow-messages';
import { currentPosition, locationMessage, type Position } from '../../shared/geolocation';
import { htoActions as A } from './slice';

const m = messages.defaults;

export function* loadPage(api: ApiClient) {
  try {
    const page: { result: Parameters<typeof A.pageLoaded>[0] } = yield call(api.call, htoRoutes.page, { query: { v: Date.now() } });
    yield put(A.pageLoaded(page.result));
    const reasons: { result: { reasons: Parameters<typeof A.cancelReasonsLoaded>[0] } } = yield call(api.call, htoRoutes.cancelReasons);
    yield put(A.cancelReasonsLoaded(reasons.result.reasons));
  } catch (error) {
    yield put(A.pageFailed(errorMessage(error, m.genericError)));
  }
}

export function* loadSlots(api: ApiClient, pincode: string) {
  yield put(A.slotsRequested());
  try {
    const answer: { result: { days: Parameters<typeof A.slotsLoaded>[0] } } = yield call(api.call, htoRoutes.slots, { query: { pinCode: pincode } });
    yield put(A.slotsLoaded(answer.result.days));
  } catch (error) {
    yield put(A.slotsFailed(errorMessage(error, m.genericError)));
  }
}

/** Serviceability by lat,lng; then the slots of the place's pincode when visits reach it. */
function* serviceability(api: ApiClient, position: Position, pincode?: string, city?: string) {
  const answer: { result: Parameters<typeof A.locationResolved>[0] } = yield call(api.call, htoRoutes.validateLocation, {
    query: { location: `${position.lat},${position.lng}` },
  });
  const resolved = { ...answer.result, ...(pincode ? { pincode } : {}), ...(city ? { city } : {}) };
  yield put(A.locationResolved(resolved));
  if (resolved.serviceable && resolved.pincode) yield call(loadSlots, api, resolved.pincode);
}

export function* locate(api: ApiClient) {
  let position: Position;
  try {
    position = yield call(currentPosition);
  } catch (error) {
    yield put(A.locationFailed(locationMessage(error)));
    return;
  }
  try {
    yield call(serviceability, api, position);
  } catch (error) {
    yield put(A.locationFailed(errorMessage(error, m.geoDefault)));
  }
}

export function* locatePincode(api: ApiClient, action: ReturnType<typeof A.pincodeSubmitted>) {
  try {
    const place: { result: { lat: number; lng: number; city: string; pincode: string } } = yield call(api.call, htoRoutes.geocode, {
      query: { pinCode: action.payload },
    });
    yield call(serviceability, api, place.result, place.result.pincode, place.result.city);
  } catch (error) {
    const notFound = error instanceof ApiError && error.status === 404;
    yield put(A.locationFailed(notFound ? m.noResult : errorMessage(error, m.genericError)));
  }
}

export function* book(api: ApiClient, action: ReturnType<typeof A.bookRequested>) {
  try {
    const answer: { result: Parameters<typeof A.booked>[0] } = yield call(api.call, htoRoutes.createOrder, { body: action.payload });
    yield put(A.booked(answer.result));
  } catch (error) {
    yield put(A.bookFailed(errorMessage(error, m.genericError)));
  }
}

export function* cancel(api: ApiClient, action: ReturnType<typeof A.cancelRequested>) {
  try {
    const answer: { result: Parameters<typeof A.cancelled>[0] } = yield call(api.call, htoRoutes.cancel, {
      params: { orderId: action.payload.orderId },
      query: { reason: action.payload.reason },
    });
    yield put(A.cancelled(answer.result));
  } catch (error) {
    yield put(A.cancelFailed(errorMessage(error, m.genericError)));
  }
}

export function* lastOrder(api: ApiClient, action: ReturnType<typeof A.lastOrderRequested>) {
  try {
    const answer: { result: Parameters<typeof A.lastOrderLoaded>[0] } = yield call(api.call, htoRoutes.lastOrder, { query: { telephone: action.payload } });
    yield put(A.lastOrderLoaded(answer.result));
  } catch (error) {
    yield put(A.lastOrderFailed(errorMessage(error, m.genericError)));
  }
}

export function* hec(api: ApiClient, action: ReturnType<typeof A.hecRequested | typeof A.hecSyncRequested | typeof A.hecCancelRequested>) {
  try {
    let answer: { result: Parameters<typeof A.hecLoaded>[0] };
    if (A.hecCancelRequested.match(action)) {
      answer = yield call(api.call, appointmentRoutes.hecCancel, { query: { orderId: action.payload.orderId, reasonCancellation: action.payload.reason } });
    } else if (A.hecSyncRequested.match(action)) {
      answer = yield call(api.call, appointmentRoutes.hecSync, { params: { appointmentId: action.payload }, query: { source: 'HEC' } });
    } else {
      answer = yield call(api.call, appointmentRoutes.hecGet, { params: { appointmentId: action.payload } });
    }
    yield put(A.hecLoaded(answer.result));
  } catch (error) {
    yield put(A.hecFailed(errorMessage(error, m.genericError)));
  }
}

export function htoSaga(api: ApiClient) {
  return function* root() {
    yield all([
      takeLatest(A.pageRequested.type, loadPage, api),
      takeLatest(A.locateRequested.type, locate, api),
      takeLatest(A.pincodeSubmitted.type, locatePincode, api),
      takeLatest(A.bookRequested.type, book, api),
      takeLatest(A.cancelRequested.type, cancel, api),
      takeLatest(A.lastOrderRequested.type, lastOrder, api),
      takeLatest([A.hecRequested.type, A.hecSyncRequested.type, A.hecCancelRequested.type], hec, api),
    ]);
  };
}
