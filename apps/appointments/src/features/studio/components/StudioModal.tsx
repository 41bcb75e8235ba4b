import { useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { Store } from '@eyewear/api-client';
import { useInjectSlice } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { ContactFields, type Contact } from '../../../app/contact-fields';
import { Dialog } from '../../../app/dialog';
import { ErrorText } from '../../../app/error-text';
import { messages } from '../../../app/flow-messages';
import { SlotPicker } from '../../../app/slot-picker';
import { useStoreSlots } from '../../../app/store-slots';
import { studioActions as A, studioSlice } from '../state/slice';

/** A studio's times in a dialog; opening it clears the booked time (shopping §4 Studio flow). */
export function StudioModal({
  store,
  orderId,
  contact,
  onContact,
  onClose,
}: {
  store: Store;
  orderId?: number;
  contact: Contact;
  onContact: (contact: Contact) => void;
  onClose: () => void;
}) {
  const m = useMessages(messages);
  const { submitting, error } = useSelector(useInjectSlice(studioSlice).selectSlice);
  const dispatch = useDispatch();
  const [date, setDate] = useState<string>();
  const [time, setTime] = useState<string | null>(null);
  const slots = useStoreSlots(store.code, date);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(A.bookRequested({ ...(orderId ? { orderId } : {}), storeCode: store.code, date: slots.data?.result.date, time, contact }));
  };
  return (
    <Dialog title={formatMessage(m.chooseTimeAt, { name: store.name })} onClose={onClose} closeLabel={m.close}>
      <SlotPicker
        query={slots}
        selectedTime={time}
        onDate={(next) => {
          setDate(next);
          setTime(null);
        }}
        onTime={setTime}
      />
      <form className="appt-form" onSubmit={submit}>
        {orderId ? null : <ContactFields value={contact} onChange={onContact} />}
        <ErrorText message={error} />
        <button type="submit" className="ui-button" disabled={submitting || !time}>
          {m.bookEyeTest}
        </button>
      </form>
    </Dialog>
  );
}
