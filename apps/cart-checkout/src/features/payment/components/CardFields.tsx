import { useEffect, useId, useState } from 'react';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { cardType, cvvLength, digitsOnly, isDigitsOnly, luhnValid } from '@eyewear/i18n/rules';
import { messages } from '../../../app/messages';
import type { PayInput } from '../../checkout';
import { paymentMessages } from '../messages';

const YEAR = new Date().getFullYear();

/** A new card: number (type detected, Luhn checked), name, expiry, CVV, save; reports the card when it is valid, else the first error. */
export function CardFields({ onChange, onBin }: { onChange(card: PayInput['card'] | null, error: string | null): void; onBin(bin: string): void }) {
  const m = useMessages(messages);
  const p = useMessages(paymentMessages);
  const id = useId();
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [month, setMonth] = useState('');
  const [year, setYear] = useState('');
  const [cvv, setCvv] = useState('');
  const [save, setSave] = useState(false);
  const digits = digitsOnly(number);
  const type = cardType(digits);
  useEffect(() => {
    let error: string | null = null;
    if (!luhnValid(digits)) error = m.invalidCard;
    else if (!month || !year) error = m.invalidExpiry;
    else if (!(cvv.length === cvvLength(type) && isDigitsOnly(cvv))) error = m.invalidCvv;
    onChange(
      error ? null : { number: digits, nameOnCard: name.trim() || 'Card holder', expiryMonth: Number(month), expiryYear: Number(year), cvv, saveCard: save },
      error,
    );
  }, [digits, name, month, year, cvv, save, type, m, onChange]);
  useEffect(() => {
    if (digits.length >= 6) onBin(digits.slice(0, 6));
  }, [digits.slice(0, 6)]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="cc-form">
      <p className="cc-hint cc-field--wide" data-testid="card-note">
        {p.cardNote}
      </p>
      <div className="cc-field cc-field--wide">
        <label htmlFor={`${id}-number`}>{m.cardNumber}</label>
        <input id={`${id}-number`} inputMode="numeric" autoComplete="cc-number" value={number} onChange={(e) => setNumber(e.target.value)} maxLength={23} />
        {type ? <span data-testid="card-type">{formatMessage(m.cardTypeDetected, { type })}</span> : null}
      </div>
      <div className="cc-field cc-field--wide">
        <label htmlFor={`${id}-name`}>{m.nameOnCard}</label>
        <input id={`${id}-name`} autoComplete="cc-name" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="cc-field">
        <label htmlFor={`${id}-month`}>{m.expiryMonth}</label>
        <select id={`${id}-month`} value={month} onChange={(e) => setMonth(e.target.value)}>
          <option value="">MM</option>
          {Array.from({ length: 12 }, (_, i) => (
            <option key={i} value={i + 1}>
              {String(i + 1).padStart(2, '0')}
            </option>
          ))}
        </select>
      </div>
      <div className="cc-field">
        <label htmlFor={`${id}-year`}>{m.expiryYear}</label>
        <select id={`${id}-year`} value={year} onChange={(e) => setYear(e.target.value)}>
          <option value="">YYYY</option>
          {Array.from({ length: 15 }, (_, i) => (
            <option key={i} value={YEAR + i}>
              {YEAR + i}
            </option>
          ))}
        </select>
      </div>
      <div className="cc-field">
        <label htmlFor={`${id}-cvv`}>{m.cvv}</label>
        <input id={`${id}-cvv`} inputMode="numeric" autoComplete="cc-csc" type="password" value={cvv} onChange={(e) => setCvv(e.target.value)} maxLength={4} />
      </div>
      <div className="cc-field">
        <label>
          <input type="checkbox" checked={save} onChange={(e) => setSave(e.target.checked)} /> {m.saveCard}
        </label>
      </div>
    </div>
  );
}
