import { useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { messageOf, type Store } from '@eyewear/api-client';
import { useEvent, useInjectSlice } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { ContactFields, NO_CONTACT } from '../../../app/contact-fields';
import { ErrorText } from '../../../app/error-text';
import { messages } from '../../../app/flow-messages';
import { SlotPicker } from '../../../app/slot-picker';
import { useStoreSlots } from '../../../app/store-slots';
import { storeVisitActions as A, storeVisitSlice } from '../state/slice';

/** A date and a time at the store, then the shopper's name and phone; while rescheduling, the new time only. */
export function BookingStep({ store, onReset }: { store: Store | null; onReset: () => void }) {
  const m = useMessages(messages);
  const dispatch = useDispatch();
  const { appointment, bookedStatus, booking } = useSelector(useInjectSlice(storeVisitSlice).selectSlice);
  const rescheduling = bookedStatus === 'reschedule';
  const [date, setDate] = useState<string>();
  const [time, setTime] = useState<string | null>(null);
  const [contact, setContact] = useState(NO_CONTACT);
  const slots = useStoreSlots(store?.code ?? appointment?.storeCode, date);
  const pickDate = (next: string) => {
    setTime(null);
    if (next === date) slots.reload();
    else setDate(next);
  };
  // The time was taken meanwhile: its day's times are asked again.
  useEvent(A.slotTaken, pickDate);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(A.bookRequested({ storeCode: store?.code, date: slots.data?.result.date, time, contact: { name: contact.name.trim(), phone: contact.phone } }));
  };
  return (
    <section aria-labelledby="booking-title" className="appt-flow">
      <h2 id="booking-title">{store?.name}</h2>
      {store ? <p>{store.address}</p> : null}
      <SlotPicker query={slots} selectedTime={time} onDate={pickDate} onTime={setTime} />
      <ErrorText message={slots.status === 'failed' ? messageOf(slots.error, m.genericError) : null} />
      <form className="appt-form" onSubmit={submit}>
        {rescheduling ? null : <ContactFields value={contact} onChange={setContact} />}
        <ErrorText message={booking.error} />
        <button type="submit" className="ui-button" disabled={booking.submitting || !time}>
          {rescheduling ? m.confirmReschedule : m.bookEyeTest}
        </button>
        <button type="button" className="ui-button appt-button--secondary" onClick={rescheduling ? () => dispatch(A.rescheduleAbandoned()) : onReset}>
          {rescheduling ? m.close : m.changeStore}
        </button>
      </form>
    </section>
  );
}
