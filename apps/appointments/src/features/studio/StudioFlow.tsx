import { useEffect, useMemo, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useInjectSaga, useInjectSlice } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import { useApiClient } from '../../app/api';
import { messages } from '../../app/flow-messages';
import '../../shared/appointments.css';
import { Dialog } from '../../shared/dialog';
import { SlotPicker } from '../../shared/slot-picker';
import { studioSaga } from './saga';
import { studioActions as A, studioSlice, type StudioState } from './slice';

/** The studio flow, reached from the cart: pick a studio, a time, book; thank-you. */
export default function StudioFlow({ orderId }: { orderId?: number }) {
  const m = useMessages(messages);
  const api = useApiClient();
  const slice = useInjectSlice(studioSlice);
  const saga = useMemo(() => studioSaga(api), [api]);
  useInjectSaga('appointments/studio', saga);
  const state = useSelector((root: never) => slice.selectSlice(root)) as StudioState;
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch(A.storesRequested());
  }, [dispatch]);

  if (state.showThankYou && state.bookConfirmation) {
    const a = state.bookConfirmation;
    return (
      <section className="appt-card" aria-labelledby="studio-thanks" aria-live="polite">
        <h2 id="studio-thanks">{m.thankYou}</h2>
        <p>
          {formatMessage(m.appointmentSummary, { store: a.store?.name ?? a.storeCode ?? '', date: a.selectedDate, time: a.selectedTime, id: a.appointmentId })}
        </p>
        {state.order ? <p>{formatMessage(m.studioOrder, { id: state.order.id, items: state.order.items.map((item) => item.name).join(', ') })}</p> : null}
        <button type="button" onClick={() => dispatch(A.formReset())}>
          {m.bookAnother}
        </button>
      </section>
    );
  }
  return (
    <section className="appt-flow" aria-labelledby="studio-stores">
      <h2 id="studio-stores">{m.studioStores}</h2>
      {state.stores.status === 'loading' ? <Skeleton /> : null}
      {state.stores.error ? (
        <p role="alert" className="appt-error">
          {state.stores.error}
        </p>
      ) : null}
      {state.stores.status === 'success' && state.stores.list.length === 0 ? <p role="status">{m.studioNone}</p> : null}
      <ul className="appt-list">
        {state.stores.list.map((store) => (
          <li key={store.code} className="appt-card">
            <h3>{store.name}</h3>
            <p>{store.address}</p>
            <button type="button" onClick={() => dispatch(A.modalOpened(store))}>
              {formatMessage(m.selectStore, { name: store.name })}
            </button>
          </li>
        ))}
      </ul>
      {state.modal.open && state.modal.data ? <StudioModal state={state} orderId={orderId} /> : null}
    </section>
  );
}

function StudioModal({ state, orderId }: { state: StudioState; orderId?: number }) {
  const m = useMessages(messages);
  const dispatch = useDispatch();
  const store = state.modal.data!;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(A.bookRequested(orderId ? { orderId } : {}));
  };
  return (
    <Dialog title={formatMessage(m.chooseTimeAt, { name: store.name })} onClose={() => dispatch(A.modalClosed())} closeLabel={m.close}>
      <SlotPicker
        slots={state.timeSlot.data}
        loading={state.timeSlot.status === 'loading'}
        selectedTime={state.bookTime}
        onDate={(date) => dispatch(A.dateSelected(date))}
        onTime={(time) => dispatch(A.timeSelected(time))}
      />
      <form className="appt-form" onSubmit={submit}>
        {orderId ? null : (
          <>
            <label>
              {m.nameLabel}
              <input required autoComplete="name" value={state.formData.name} onChange={(e) => dispatch(A.formChanged({ name: e.target.value }))} />
            </label>
            <label>
              {m.phoneLabel}
              <input
                required
                inputMode="numeric"
                pattern="\d{8,10}"
                value={state.formData.phone}
                onChange={(e) => dispatch(A.formChanged({ phone: e.target.value.replace(/\D/g, '') }))}
              />
            </label>
          </>
        )}
        {state.bookError ? (
          <p role="alert" className="appt-error">
            {state.bookError}
          </p>
        ) : null}
        <button type="submit" disabled={state.bookStatus === 'loading' || !state.bookTime}>
          {m.bookEyeTest}
        </button>
      </form>
    </Dialog>
  );
}
