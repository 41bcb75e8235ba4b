import { useState, type FormEvent } from 'react';
import { messageOf } from '@eyewear/api-client';
import { formatMessage, formatPrice, useCountry, useMessages } from '@eyewear/i18n';
import { isPincodeOf } from '@eyewear/i18n/rules';
import { pageMessages } from '../../../app/page-messages';
import { useDelivery } from '../api';
import { formatDay } from '../rules';

/** Delivery estimate by pincode (India) or postcode: express time and delivery details; reset clears them. */
export function Delivery({ productId, currency }: { productId: number; currency: string }) {
  const m = useMessages(pageMessages);
  const country = useCountry();
  const delivery = useDelivery(productId);
  const [pincode, setPincode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const label = country === 'in' ? m.pincode : m.postcode;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = pincode.trim();
    if (!isPincodeOf(country, value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    delivery.check(value);
  };
  const reset = () => {
    setPincode('');
    setInvalid(false);
    delivery.reset();
  };
  const error = invalid ? m.invalidPincode : delivery.status === 'failed' ? messageOf(delivery.error, m.systemError) : null;
  const { express, details } = delivery;
  return (
    <section className="pdp-section" aria-labelledby="pdp-delivery">
      <h2 id="pdp-delivery">{m.deliveryTitle}</h2>
      <form className="pdp-inline-form" onSubmit={submit} onReset={reset} noValidate>
        <label>
          {label}
          <input
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            value={pincode}
            onChange={(e) => setPincode(e.target.value.replace(/\D/g, ''))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'pdp-pincode-error' : undefined}
          />
        </label>
        <button type="submit" className="ui-button">
          {m.check}
        </button>
        <button type="reset" className="ui-button ui-button--link">
          {m.reset}
        </button>
      </form>
      {error ? (
        <p id="pdp-pincode-error" role="alert" className="pdp-error">
          {error}
        </p>
      ) : null}
      {delivery.status === 'loading' ? <p role="status">{m.checking}</p> : null}
      {details ? (
        <ul className="pdp-delivery" aria-live="polite">
          {!details.serviceable ? <li>{details.message ?? m.notServiceable}</li> : null}
          {express?.isExpress && express.estimatedDate
            ? express.expressOptions.map((option) => (
                <li key={option.id}>
                  {formatMessage(m.expressBy, {
                    date: formatDay(express.estimatedDate!),
                    cutOff: option.cutOffTime ?? '',
                    fee: formatPrice(option.fee, currency),
                  })}
                </li>
              ))
            : null}
          {details.serviceable && details.estimatedDate ? <li>{formatMessage(m.deliveryBy, { date: formatDay(details.estimatedDate) })}</li> : null}
          {details.serviceable && details.message ? <li>{details.message}</li> : null}
        </ul>
      ) : null}
    </section>
  );
}
