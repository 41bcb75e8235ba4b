import { all, call, put, takeLatest } from 'redux-saga/effects';
import { ApiError, htoRoutes, messageOf, type ApiClient, type HtoServiceability } from '@eyewear/api-client';
import { messages } from '../../../app/flow-messages';
import { currentPosition, locationMessage, type Position } from '../geolocation';
import { htoActions as A } from './slice';

const m = messages.defaults;

export interface HtoDeps {
  api: ApiClient;
  /** The browser's geolocation (a test's stand-in); `navigator.geolocation` when absent. */
  geolocation?: Geolocation;
}

/** Serviceability by lat,lng; a geocoded pincode keeps its own pincode and city. */
function* serviceability(deps: HtoDeps, position: Position, place: { pincode?: string; city?: string } = {}) {
  const answer: { result: HtoServiceability } = yield call(deps.api.call, htoRoutes.validateLocation, {
    query: { location: `${position.lat},${position.lng}` },
  });
  yield put(A.locationResolved({ ...answer.result, ...(place.pincode ? { pincode: place.pincode } : {}), ...(place.city ? { city: place.city } : {}) }));
}

/** The browser's position (shopping §8: each failure has its exact message), then serviceability. */
export function* locate(deps: HtoDeps) {
  let position: Position;
  try {
    position = yield call(currentPosition, deps.geolocation);
  } catch (error) {
    yield put(A.locationFailed(locationMessage(error)));
    return;
  }
  try {
    yield call(serviceability, deps, position);
  } catch (error) {
    yield put(A.locationFailed(messageOf(error, m.geoDefault)));
  }
}

/** A pincode geocoded against the known places (404: 'No Result Found..'), then serviceability. */
export function* locatePincode(deps: HtoDeps, action: ReturnType<typeof A.pincodeSubmitted>) {
  try {
    const place: { result: { lat: number; lng: number; city: string; pincode: string } } = yield call(deps.api.call, htoRoutes.geocode, {
      query: { pinCode: action.payload },
    });
    yield call(serviceability, deps, place.result, place.result);
  } catch (error) {
    const notFound = error instanceof ApiError && error.status === 404;
    yield put(A.locationFailed(notFound ? m.noResult : messageOf(error, m.genericError)));
  }
}

/** Where home visits would go: the latest request wins. */
export function* htoSaga(deps: HtoDeps) {
  yield all([takeLatest(A.locateRequested.type, locate, deps), takeLatest(A.pincodeSubmitted.type, locatePincode, deps)]);
}
