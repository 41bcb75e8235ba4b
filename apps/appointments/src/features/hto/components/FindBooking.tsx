import { useState } from 'react';
import { htoRoutes, type HtoAppointment } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { ErrorText } from '../../../app/error-text';
import { messages } from '../../../app/flow-messages';
import { useSubmit } from '../../../app/use-submit';

/** The last home visit booked with a mobile number, or that there is none. */
export function FindBooking({ onFound }: { onFound: (visit: HtoAppointment) => void }) {
  const m = useMessages(messages);
  const api = useApiClient();
  const [phone, setPhone] = useState('');
  const [none, setNone] = useState(false);
  const lookup = useSubmit(m.genericError);
  return (
    <section aria-labelledby="hto-find" className="appt-card">
      <h2 id="hto-find">{m.findBooking}</h2>
      <form
        className="appt-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (!phone) return;
          setNone(false);
          void lookup.run(
            () => api.call(htoRoutes.lastOrder, { query: { telephone: phone } }),
            (answer) => (answer.result ? onFound(answer.result) : setNone(true)),
          );
        }}
      >
        <label>
          {m.findBookingLabel}
          <input inputMode="numeric" autoComplete="tel-national" value={phone} onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))} maxLength={10} />
        </label>
        <button type="submit" className="ui-button appt-button--secondary">
          {m.lookUp}
        </button>
      </form>
      {none ? <p role="status">{m.noBooking}</p> : null}
      <ErrorText message={lookup.error} />
    </section>
  );
}
