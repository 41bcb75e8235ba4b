import { useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useInjectSlice } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { ErrorText } from '../../../app/error-text';
import { messages } from '../../../app/flow-messages';
import { htoActions as A, htoSlice } from '../state/slice';

/** Where to visit: the browser's location or a pincode, and whether home visits reach it. */
export function LocationStep() {
  const m = useMessages(messages);
  const dispatch = useDispatch();
  const location = useSelector(useInjectSlice(htoSlice).selectSlice);
  const [pincode, setPincode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pincode.trim()) dispatch(A.pincodeSubmitted(pincode.trim()));
  };
  return (
    <section aria-labelledby="hto-location" className="appt-card">
      <h2 id="hto-location">{m.whereVisit}</h2>
      <form className="appt-row" onSubmit={submit}>
        <button type="button" className="ui-button appt-button--secondary" onClick={() => dispatch(A.locateRequested())}>
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
        <button type="submit" className="ui-button">
          {m.check}
        </button>
      </form>
      <div aria-live="polite">
        {location.status === 'loading' ? <p role="status">{m.locating}</p> : null}
        <ErrorText message={location.error} />
        {location.status === 'ready' && location.serviceable ? (
          <p role="status" className="appt-success">
            {formatMessage(m.serviceable, { city: location.city ?? '', pincode: location.pincode ?? '' })}
          </p>
        ) : null}
        {location.status === 'ready' && !location.serviceable ? <p role="status">{m.notServiceable}</p> : null}
      </div>
    </section>
  );
}
