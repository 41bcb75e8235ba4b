import { useRef, useState, type FormEvent } from 'react';
import { messageOf } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { Field, FormError } from '../../../app/form';
import { newAttemptKey, useUpgradeApi } from '../api';
import { upgradeMessages } from '../messages';

/** Card payment of a difference, through the order payment call (the cart's simulated gateway decides). */
export function PayDifference({
  paymentOrderId,
  amount,
  currencyCode,
  onPaid,
}: {
  paymentOrderId: number;
  amount: number;
  currencyCode: string;
  onPaid(): Promise<void>;
}) {
  const m = useMessages(upgradeMessages);
  const items = useUpgradeApi();
  const [card, setCard] = useState({ number: '', nameOnCard: '', expiryMonth: '', expiryYear: '', cvv: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One attempt keeps its key until its answer arrives: a double submit never pays twice.
  const attempt = useRef<string | null>(null);
  const set = (key: keyof typeof card) => (value: string) => setCard((c) => ({ ...c, [key]: value }));
  const price = formatPrice(amount, currencyCode as 'INR');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    attempt.current ??= newAttemptKey();
    try {
      await items.payOrder(
        paymentOrderId,
        amount,
        {
          number: card.number.replace(/\s/g, ''),
          nameOnCard: card.nameOnCard,
          expiryMonth: Number(card.expiryMonth),
          expiryYear: Number(card.expiryYear),
          cvv: card.cvv,
        },
        attempt.current,
      );
      attempt.current = null;
      await onPaid();
    } catch (error) {
      attempt.current = null;
      setFailure(messageOf(error, m.somethingWrong));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="acc-card" aria-label={m.payTitle}>
      <h2 className="acc-card__title">{m.payTitle}</h2>
      <p>{formatMessage(m.pending, { amount: price })}</p>
      <Field name="cardNumber" label={m.cardNumber} inputMode="numeric" autoComplete="cc-number" value={card.number} onChange={set('number')} />
      <Field name="nameOnCard" label={m.nameOnCard} autoComplete="cc-name" value={card.nameOnCard} onChange={set('nameOnCard')} />
      <Field name="expiryMonth" label={m.expiryMonth} inputMode="numeric" autoComplete="cc-exp-month" value={card.expiryMonth} onChange={set('expiryMonth')} />
      <Field name="expiryYear" label={m.expiryYear} inputMode="numeric" autoComplete="cc-exp-year" value={card.expiryYear} onChange={set('expiryYear')} />
      <Field name="cvv" label={m.cvv} type="password" inputMode="numeric" autoComplete="cc-csc" value={card.cvv} onChange={set('cvv')} />
      <FormError message={failure} />
      <button type="submit" className="ui-button" disabled={busy} aria-busy={busy}>
        {busy ? m.paying : formatMessage(m.pay, { amount: price })}
      </button>
    </form>
  );
}
