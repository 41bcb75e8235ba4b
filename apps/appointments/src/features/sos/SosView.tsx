import { useEffect, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useInjectSaga, useInjectSlice } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Link, useNavigate, useSearchParams } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import { useApiClient } from '../../app/api';
import { messages } from '../../app/flow-messages';
import '../../shared/appointments.css';
import { sosSaga } from './saga';
import { sosActions as A, sosSlice, type SosState } from './slice';

export default function SosView() {
  const m = useMessages(messages);
  const api = useApiClient();
  const slice = useInjectSlice(sosSlice);
  const saga = useMemo(() => sosSaga(api), [api]);
  useInjectSaga('appointments/sos', saga);
  const state = useSelector((root: never) => slice.selectSlice(root)) as SosState;
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const error = search.get('error') === 'true';
  const appointmentId = search.get('appointmentId');

  useEffect(() => {
    if (!error && appointmentId) dispatch(A.checkRequested(appointmentId));
  }, [dispatch, error, appointmentId]);
  useEffect(() => {
    if (state.redirect) {
      navigate(state.redirect, { replace: true });
      dispatch(A.redirectDone());
    }
  }, [state.redirect, navigate, dispatch]);

  const back = <Link to="/HTO">{m.backToHto}</Link>;
  if (error) {
    return (
      <div className="appt-flow">
        <p role="alert" className="appt-error">
          {m.sosError}
        </p>
        {back}
      </div>
    );
  }
  if (!appointmentId) {
    return (
      <div className="appt-flow">
        <p role="status">{m.sosMissing}</p>
        {back}
      </div>
    );
  }
  if (state.status !== 'success') return <Skeleton />;
  return (
    <div className="appt-flow">
      <p role="status">{formatMessage(m.sosOpen, { id: state.appointmentId ?? '', name: state.agent?.name ?? '', phone: state.agent?.phone ?? '' })}</p>
      {state.agent ? <a href={`tel:${state.agent.phone.replace(/\s/g, '')}`}>{state.agent.phone}</a> : null}
      {back}
    </div>
  );
}
