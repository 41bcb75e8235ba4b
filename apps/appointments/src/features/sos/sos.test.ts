import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { ApiError, htoRoutes, type ApiClient } from '@eyewear/api-client';
import { checkSos } from './saga';
import { initialSosState, sosActions as A, sosSlice, SOS_ERROR_PATH } from './slice';

const api = { call: jest.fn() } as unknown as ApiClient;
const agent = { name: 'Asha', phone: '+91 80 4719 4111' };

describe('SOS check', () => {
  it('proceeds when the appointment is OPEN', () =>
    expectSaga(checkSos, api, A.checkRequested('HEC-1'))
      .provide([[matchers.call(api.call, htoRoutes.sos, { query: { appointmentId: 'HEC-1' } }), { result: { appointmentId: 'HEC-1', status: 'OPEN', agent } }]])
      .put(A.proceeded({ appointmentId: 'HEC-1', agent }))
      .run());

  it.each(['CANCELLED', 'COMPLETED'])('goes to /HTO/sos?error=true when the status is %s', async (status) => {
    const { storeState } = await expectSaga(checkSos, api, A.checkRequested('HEC-1'))
      .withReducer(sosSlice.reducer, initialSosState)
      .provide([[matchers.call.fn(api.call), { result: { appointmentId: 'HEC-1', status } }]])
      .put(A.redirected())
      .run();
    expect(storeState.redirect).toBe(SOS_ERROR_PATH);
    expect(SOS_ERROR_PATH).toBe('/HTO/sos?error=true');
  });

  it('goes to the error page when the check fails', () =>
    expectSaga(checkSos, api, A.checkRequested('HEC-1'))
      .provide([[matchers.call.fn(api.call), throwError(new ApiError(404, { message: 'Appointment not found' }, 'Appointment not found'))]])
      .put(A.redirected())
      .run());
});
