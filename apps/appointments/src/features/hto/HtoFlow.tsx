import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useInjectSaga, useInjectSlice } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { campaignFromSearch } from '@eyewear/i18n/rules';
import { Link, useSearchParams } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import { useApiClient } from '../../app/api';
import { messages } from '../../app/flow-messages';
import { Dialog } from '../../shared/dialog';
import '../../shared/appointments.css';
import { htoSaga } from './saga';
import { htoActions as A, htoSlice, type HtoState } from './slice';

/** shopping §9: the five UTM keys, read from utm_* query parameters (campaignFromSearch); none is no campaign. */
function utmOf(search: URLSearchParams) {
  const campaign = campaignFromSearch(search);
  return Object.keys(campaign).length > 0 ? campaign : undefined;
}

export default function HtoFlow() {
  const m = useMessages(messages);
  const api = useApiClient();
  const slice = useInjectSlice(htoSlice);
  const saga = useMemo(() => htoSaga(api), [api]);
  useInjectSaga('appointments/hto', saga);
  const state = useSelector((root: never) => slice.selectSlice(root)) as HtoState;
  const dispatch = useDispatch();
  const [search] = useSearchParams();
  const hecId = search.get('appointmentId');

  useEffect(() => {
    dispatch(A.pageRequested());
    if (hecId) dispatch(A.hecRequested(hecId));
  }, [dispatch, hecId]);

  if (state.page.status === 'idle' || state.page.status === 'loading') return <Skeleton />;
  if (state.page.status === 'failed' || !state.page.data) {
    return (
      <p role="alert" className="appt-error">
        {state.page.error} <button onClick={() => dispatch(A.pageRequested())}>{m.retry}</button>
      </p>
    );
  }
  const { sections, config } = state.page.data;
  const hero = sections.find((s) => s.type === 'hero') as { title?: string; subtitle?: string } | undefined;
  const steps = (sections.find((s) => s.type === 'steps') as { items?: string[] } | undefined)?.items ?? [];
  return (
    <div className="appt-flow">
      {hero ? (
        <section>
          <h2>{hero.title}</h2>
          <p>{hero.subtitle}</p>
          <p>{config.price > 0 ? formatMessage(m.htoPrice, { price: `${String(config.currency ?? '')} ${config.price}` }) : m.htoFree}</p>
          <ol>
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      ) : null}
      {hecId ? <HecPanel state={state} /> : null}
      {!config.enabled ? (
        <p role="status">{m.htoUnavailable}</p>
      ) : state.appointmentInfo ? (
        <BookedVisit state={state} />
      ) : (
        <>
          {state.cancel.status === 'success' ? (
            <p role="status" className="appt-success">
              {m.visitCancelled}
            </p>
          ) : null}
          <LocationStep state={state} />
          {state.location.serviceable ? <SlotStep state={state} utm={utmOf(search)} /> : null}
          <FindBooking state={state} />
        </>
      )}
    </div>
  );
}

function LocationStep({ state }: { state: HtoState }) {
  const m = useMessages(messages);
  const dispatch = useDispatch();
  const [pincode, setPincode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pincode.trim()) dispatch(A.pincodeSubmitted(pincode.trim()));
  };
  const { location } = state;
  return (
    <section aria-labelledby="hto-location">
      <h2 id="hto-location">{m.whereVisit}</h2>
      <form className="appt-row" onSubmit={submit}>
        <button type="button" onClick={() => dispatch(A.locateRequested())}>
          {m.useMyLocation}
        </button>
        <label>
          {m.pincodeLabel}
          <input
            name="pincode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            value={pincode}
            onChange={(e) => setPincode(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <button type="submit">{m.check}</button>
      </form>
      <div aria-live="polite">
        {location.status === 'loading' ? <p role="status">{m.locating}</p> : null}
        {location.error ? (
          <p role="alert" className="appt-error">
            {location.error}
          </p>
        ) : null}
        {location.status === 'success' && location.serviceable ? (
          <p role="status" className="appt-success">
            {formatMessage(m.serviceable, { city: location.city ?? '', pincode: location.pincode ?? '' })}
          </p>
        ) : null}
        {location.status === 'success' && !location.serviceable ? <p role="status">{m.notServiceable}</p> : null}
      </div>
    </section>
  );
}

function SlotStep({ state, utm }: { state: HtoState; utm: ReturnType<typeof utmOf> }) {
  const m = useMessages(messages);
  const dispatch = useDispatch();
  const [choice, setChoice] = useState<{ date: string; slotId: string } | null>(null);
  const [form, setForm] = useState({ name: '', telephone: '', email: '', address: '' });
  if (state.slots.status === 'loading') return <Skeleton />;
  if (state.slots.error)
    return (
      <p role="alert" className="appt-error">
        {state.slots.error}
      </p>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice || !state.location.pincode) return;
    dispatch(
      A.bookRequested({
        ...(utm ? { utm } : {}),
        userInfo: { name: form.name.trim(), telephone: form.telephone, address: form.address.trim(), ...(form.email ? { email: form.email } : {}) },
        pincode: state.location.pincode,
        date: choice.date,
        slotId: choice.slotId,
      }),
    );
  };
  const field = (key: keyof typeof form) => ({ value: form[key], onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }) });
  return (
    <section aria-labelledby="hto-slots">
      <h2 id="hto-slots">{m.chooseSlot}</h2>
      {state.slots.days.map((day) => (
        <fieldset key={day.date}>
          <legend>{day.date}</legend>
          <div className="appt-slots">
            {day.slots.map((slot) => (
              <button
                key={slot.id}
                type="button"
                disabled={!slot.available}
                aria-pressed={choice?.date === day.date && choice.slotId === slot.id}
                onClick={() => setChoice({ date: day.date, slotId: slot.id })}
              >
                {slot.label}
                {slot.available ? '' : ` (${m.slotFull})`}
              </button>
            ))}
          </div>
        </fieldset>
      ))}
      {choice ? (
        <form className="appt-form" onSubmit={submit}>
          <label>
            {m.nameLabel}
            <input required autoComplete="name" {...field('name')} />
          </label>
          <label>
            {m.phoneLabel}
            <input required inputMode="numeric" autoComplete="tel-national" pattern="\d{8,10}" {...field('telephone')} />
          </label>
          <label>
            {m.emailLabel}
            <input type="email" autoComplete="email" {...field('email')} />
          </label>
          <label>
            {m.addressLabel}
            <textarea required autoComplete="street-address" {...field('address')} />
          </label>
          {state.booking.error ? (
            <p role="alert" className="appt-error">
              {state.booking.error}
            </p>
          ) : null}
          <button type="submit" disabled={state.booking.status === 'loading'}>
            {state.booking.status === 'loading' ? m.booking : m.bookVisit}
          </button>
        </form>
      ) : null}
    </section>
  );
}

function BookedVisit({ state }: { state: HtoState }) {
  const m = useMessages(messages);
  const dispatch = useDispatch();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const visit = state.appointmentInfo!;
  useEffect(() => {
    if (state.cancel.status === 'success') setCancelling(false);
  }, [state.cancel.status]);
  return (
    <section aria-labelledby="hto-booked" className="appt-card">
      <h2 id="hto-booked">{m.visitBooked}</h2>
      <p>{formatMessage(m.visitSummary, { date: visit.date, slot: visit.slotLabel ?? visit.slotId, pincode: visit.pincode, id: visit.appointmentId })}</p>
      {visit.agent ? <p>{formatMessage(m.agent, { name: visit.agent.name, phone: visit.agent.phone })}</p> : null}
      <p>{formatMessage(m.status, { status: visit.status })}</p>
      <div className="appt-row">
        <button type="button" onClick={() => dispatch(A.hecSyncRequested(visit.appointmentId))}>
          {m.refreshStatus}
        </button>
        <Link to={`/HTO/sos?appointmentId=${encodeURIComponent(visit.appointmentId)}`}>{m.urgentHelp}</Link>
        {visit.status === 'OPEN' ? (
          <button type="button" onClick={() => setCancelling(true)}>
            {m.cancelVisit}
          </button>
        ) : null}
      </div>
      {cancelling ? (
        <Dialog title={m.cancelTitle} onClose={() => setCancelling(false)} closeLabel={m.close}>
          <form
            className="appt-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (reason) dispatch(A.cancelRequested({ orderId: visit.orderId, reason }));
            }}
          >
            <label>
              {m.cancelReasonLabel}
              <select required value={reason} onChange={(e) => setReason(e.target.value)}>
                <option value="" />
                {state.cancelReasons.map((r) => (
                  <option key={r.id} value={r.reason}>
                    {r.reason}
                  </option>
                ))}
              </select>
            </label>
            {state.cancel.error ? (
              <p role="alert" className="appt-error">
                {state.cancel.error}
              </p>
            ) : null}
            <button type="submit" disabled={state.cancel.status === 'loading'}>
              {m.confirmCancel}
            </button>
          </form>
        </Dialog>
      ) : null}
    </section>
  );
}

function FindBooking({ state }: { state: HtoState }) {
  const m = useMessages(messages);
  const dispatch = useDispatch();
  const [phone, setPhone] = useState('');
  return (
    <section aria-labelledby="hto-find">
      <h2 id="hto-find">{m.findBooking}</h2>
      <form
        className="appt-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (phone) dispatch(A.lastOrderRequested(phone));
        }}
      >
        <label>
          {m.findBookingLabel}
          <input inputMode="numeric" value={phone} onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))} maxLength={10} />
        </label>
        <button type="submit">{m.lookUp}</button>
      </form>
      {state.lookup.found === false ? <p role="status">{m.noBooking}</p> : null}
      {state.lookup.error ? (
        <p role="alert" className="appt-error">
          {state.lookup.error}
        </p>
      ) : null}
    </section>
  );
}

/** Home eye check-up detail (reached with ?appointmentId=): sync and cancel with a reason. */
function HecPanel({ state }: { state: HtoState }) {
  const m = useMessages(messages);
  const dispatch = useDispatch();
  const [reason, setReason] = useState('');
  const { hec } = state;
  if (hec.status === 'loading' && !hec.appointment) return <Skeleton />;
  if (!hec.appointment)
    return hec.error ? (
      <p role="alert" className="appt-error">
        {hec.error}
      </p>
    ) : null;
  const a = hec.appointment;
  return (
    <section aria-labelledby="hec-detail" className="appt-card">
      <h2 id="hec-detail">{a.appointmentId}</h2>
      <p>{formatMessage(m.status, { status: a.status })}</p>
      <p>
        {a.selectedDate} {a.selectedTime} · {a.address}
      </p>
      {a.optometrist ? <p>{formatMessage(m.agent, { name: a.optometrist.name, phone: a.optometrist.phone ?? '' })}</p> : null}
      {a.cancellationReason ? <p>{a.cancellationReason}</p> : null}
      {hec.error ? (
        <p role="alert" className="appt-error">
          {hec.error}
        </p>
      ) : null}
      <button type="button" onClick={() => dispatch(A.hecSyncRequested(a.appointmentId))}>
        {m.refreshStatus}
      </button>
      {a.status === 'OPEN' && a.orderId ? (
        <form
          className="appt-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim()) dispatch(A.hecCancelRequested({ orderId: a.orderId!, reason: reason.trim() }));
          }}
        >
          <label>
            {m.cancelReasonLabel}
            <input value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
          </label>
          <button type="submit">{m.cancelVisit}</button>
        </form>
      ) : null}
    </section>
  );
}
