import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { appointmentRoutes, messageOf, type Store } from '@eyewear/api-client';
import { useApiClient, useInjectSaga, useInjectSlice, useQuery } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import '../../../app/appointments.css';
import { NO_CONTACT } from '../../../app/contact-fields';
import { ErrorText } from '../../../app/error-text';
import { messages } from '../../../app/flow-messages';
import { useDateFormats } from '../../../app/format';
import { StoreCards } from '../../../app/store-cards';
import { studioSaga } from '../state/saga';
import { studioActions as A, studioSlice } from '../state/slice';
import { StudioModal } from './StudioModal';

/** The studio flow, reached from the cart: pick a studio, a time, book; thank-you. */
export default function StudioFlow({ orderId }: { orderId?: number }) {
  const m = useMessages(messages);
  const f = useDateFormats();
  const api = useApiClient();
  const slice = useInjectSlice(studioSlice);
  useInjectSaga('appointments/studio', studioSaga, { api });
  const { confirmation, order } = useSelector(slice.selectSlice);
  const dispatch = useDispatch();
  const stores = useQuery(appointmentRoutes.studioStores);
  // The studio whose times are open (shopping §4 Studio flow: a modal), and the shopper's name and phone.
  const [open, setOpen] = useState<Store | null>(null);
  const [contact, setContact] = useState(NO_CONTACT);
  const choose = (store: Store | null) => {
    setOpen(store);
    dispatch(A.reset());
  };

  if (confirmation) {
    const a = confirmation;
    return (
      <section className="appt-card" aria-labelledby="studio-thanks" aria-live="polite">
        <h2 id="studio-thanks">{m.thankYou}</h2>
        <p>
          {formatMessage(m.appointmentSummary, {
            store: a.store?.name ?? a.storeCode ?? '',
            date: f.date(a.selectedDate),
            time: f.time(a.selectedTime),
            id: a.appointmentId,
          })}
        </p>
        {order ? <p>{formatMessage(m.studioOrder, { id: order.id, items: order.items.map((item) => item.name).join(', ') })}</p> : null}
        {/* A form reset keeps the stores. */}
        <button
          type="button"
          className="ui-button"
          onClick={() => {
            setContact(NO_CONTACT);
            choose(null);
          }}
        >
          {m.bookAnother}
        </button>
      </section>
    );
  }
  const list = stores.status === 'ready' ? (stores.data?.result.stores ?? []) : [];
  return (
    <section className="appt-flow" aria-labelledby="studio-stores">
      <h2 id="studio-stores">{m.studioStores}</h2>
      {stores.status === 'loading' ? <Skeleton /> : null}
      <ErrorText message={stores.status === 'failed' ? messageOf(stores.error, m.genericError) : null} />
      {stores.status === 'ready' && list.length === 0 ? <p role="status">{m.studioNone}</p> : null}
      <StoreCards stores={list} onSelect={choose} />
      {open ? <StudioModal store={open} orderId={orderId} contact={contact} onContact={setContact} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
