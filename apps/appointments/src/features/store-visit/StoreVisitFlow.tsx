import { useMemo, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useInjectSaga, useInjectSlice } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { useSearchParams } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import { useApiClient } from '../../app/api';
import { messages } from '../../app/flow-messages';
import '../../shared/appointments.css';
import { SlotPicker } from '../../shared/slot-picker';
import { storeVisitSaga } from './saga';
import { storeVisitActions as A, storeVisitSlice, type StoreVisitState } from './slice';

/** Find a store near a pincode, book an eye test there, reschedule or cancel it. */
export default function StoreVisitFlow() {
  const api = useApiClient();
  const slice = useInjectSlice(storeVisitSlice);
  const saga = useMemo(() => storeVisitSaga(api), [api]);
  useInjectSaga('appointments/store-visit', saga);
  const state = useSelector((root: never) => slice.selectSlice(root)) as StoreVisitState;
  const dispatch = useDispatch();

  const { appointment } = state;
  if (appointment && state.bookedStatus !== 'reschedule') return <AppointmentCard state={state} />;
  if (state.store || state.bookedStatus === 'reschedule') return <BookingStep state={state} />;
  return <StoreSearch state={state} onSelect={(store) => dispatch(A.storeSelected(store))} />;
}

function StoreSearch({ state, onSelect }: { state: StoreVisitState; onSelect: (store: StoreVisitState['search']['stores'][number]) => void }) {
  const m = useMessages(messages);
  const dispatch = useDispatch();
  const [address, setAddress] = useState('');
  // From a product page: ?pid= finds the stores near the area that stock the product.
  const pid = Number(useSearchParams()[0].get('pid'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (address.trim()) dispatch(A.searchRequested({ address: address.trim(), ...(Number.isInteger(pid) && pid > 0 ? { pid } : {}) }));
  };
  return (
    <section aria-labelledby="stores-title" className="appt-flow">
      <h2 id="stores-title">{m.findStore}</h2>
      <form className="appt-row" onSubmit={submit} role="search">
        <label>
          {m.addressLabelStores}
          <input value={address} maxLength={100} onChange={(e) => setAddress(e.target.value)} />
        </label>
        <button type="submit">{m.search}</button>
      </form>
      {state.search.status === 'loading' ? <Skeleton /> : null}
      {state.search.error ? (
        <p role="alert" className="appt-error">
          {state.search.error}
        </p>
      ) : null}
      {state.search.status === 'success' && state.search.stores.length === 0 ? <p role="status">{m.noStores}</p> : null}
      <ul className="appt-list" aria-label={m.findStore}>
        {state.search.stores.map((store) => (
          <li key={store.code} className="appt-card">
            <h3>{store.name}</h3>
            <p>{store.address}</p>
            <p>
              {store.distanceKm !== undefined ? formatMessage(m.storeDistance, { km: store.distanceKm }) : null} · {store.opensAt}:00–{store.closesAt}:00
            </p>
            <button type="button" onClick={() => onSelect(store)}>
              {formatMessage(m.selectStore, { name: store.name })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BookingStep({ state }: { state: StoreVisitState }) {
  const m = useMessages(messages);
  const dispatch = useDispatch();
  const [contact, setContact] = useState({ name: '', phone: '' });
  const rescheduling = state.bookedStatus === 'reschedule';
  const store = state.store ?? state.appointment?.store ?? null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(A.bookRequested({ name: contact.name.trim(), phone: contact.phone }));
  };
  return (
    <section aria-labelledby="booking-title" className="appt-flow">
      <h2 id="booking-title">{store?.name}</h2>
      {store ? <p>{store.address}</p> : null}
      <SlotPicker
        slots={state.slots.data}
        loading={state.slots.status === 'loading'}
        selectedTime={state.selectedTime}
        onDate={(date) => dispatch(A.dateSelected(date))}
        onTime={(time) => dispatch(A.timeSelected(time))}
      />
      {state.slots.error ? (
        <p role="alert" className="appt-error">
          {state.slots.error}
        </p>
      ) : null}
      <form className="appt-form" onSubmit={submit}>
        {rescheduling ? null : (
          <>
            <label>
              {m.nameLabel}
              <input required autoComplete="name" value={contact.name} onChange={(e) => setContact({ ...contact, name: e.target.value })} />
            </label>
            <label>
              {m.phoneLabel}
              <input
                required
                inputMode="numeric"
                autoComplete="tel-national"
                pattern="\d{8,10}"
                value={contact.phone}
                onChange={(e) => setContact({ ...contact, phone: e.target.value.replace(/\D/g, '') })}
              />
            </label>
          </>
        )}
        {state.booking.error ? (
          <p role="alert" className="appt-error">
            {state.booking.error}
          </p>
        ) : null}
        <button type="submit" disabled={state.booking.status === 'loading' || !state.selectedTime}>
          {rescheduling ? m.confirmReschedule : m.bookEyeTest}
        </button>
        <button type="button" onClick={() => dispatch(rescheduling ? A.rescheduleAbandoned() : A.storeReset())}>
          {rescheduling ? m.close : m.changeStore}
        </button>
      </form>
    </section>
  );
}

function AppointmentCard({ state }: { state: StoreVisitState }) {
  const m = useMessages(messages);
  const dispatch = useDispatch();
  const a = state.appointment!;
  const cancelled = a.status === 'CANCELLED';
  const title = cancelled ? m.appointmentCancelled : a.bookedStatus === 'reschedule' ? m.appointmentRescheduled : m.appointmentBooked;
  return (
    <section aria-labelledby="appointment-title" className="appt-card" aria-live="polite">
      <h2 id="appointment-title">{title}</h2>
      <p>
        {formatMessage(m.appointmentSummary, { store: a.store?.name ?? a.storeCode ?? '', date: a.selectedDate, time: a.selectedTime, id: a.appointmentId })}
      </p>
      {state.cancel.error ? (
        <p role="alert" className="appt-error">
          {state.cancel.error}
        </p>
      ) : null}
      <div className="appt-row">
        {cancelled ? (
          <button type="button" onClick={() => dispatch(A.storeReset())}>
            {m.bookAnother}
          </button>
        ) : (
          <>
            <button type="button" onClick={() => dispatch(A.rescheduleStarted())}>
              {m.reschedule}
            </button>
            <button type="button" disabled={state.cancel.status === 'loading'} onClick={() => dispatch(A.cancelRequested())}>
              {m.cancelAppointment}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
