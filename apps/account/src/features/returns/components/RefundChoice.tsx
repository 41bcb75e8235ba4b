import { useState, type FormEvent } from 'react';
import { messageOf, returnRoutes, type RefundMethod } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { useNavigate } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { FormError, LoadFailed } from '../../../app/form';
import { failureOf } from '../../../app/queries';
import { sectionMessages } from '../../../app/section-messages';
import { useReturnsApi } from '../api';

/**
 * Picks the refund method of a return made without one (by a build that asked it afterwards, or
 * when none was offered), then shows the return details, or tells `onDone` (on those details).
 */
export function RefundChoice({ orderId, itemId, currency, onDone }: { orderId: number; itemId: number; currency: string; onDone?(): void }) {
  const m = useMessages(sectionMessages);
  const api = useReturnsApi();
  const navigate = useNavigate();
  const refundMethods = useQuery(returnRoutes.refundMethods, { params: { itemId } });
  const estimate = useQuery(returnRoutes.refundEstimate, { params: { itemId } });
  const [choice, setChoice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const loadFailure = failureOf(refundMethods, estimate);
  if (loadFailure) return <LoadFailed message={messageOf(loadFailure.error, m.somethingWrong)} retry={m.retry} onRetry={loadFailure.retry} />;
  if (!refundMethods.data || !estimate.data) return <SkeletonGrid rows={1} label={m.loading} />;
  const methods = refundMethods.data.result.methods.filter((r) => r.enabled);
  const chosen = choice || methods[0]?.method || '';
  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      await api.createRefund(orderId, itemId, chosen as RefundMethod['method']);
      if (onDone) onDone();
      else navigate(`/sales/order/return-details/${itemId}`);
    } catch (error) {
      setFailure(messageOf(error, m.somethingWrong));
    }
  }
  return (
    <form onSubmit={submit} className="acc-card" aria-label={m.refundTitle}>
      <h2 className="acc-card__title">{m.refundTitle}</h2>
      <p>{formatMessage(m.refundEstimate, { amount: formatPrice(estimate.data.result.amount, currency) })}</p>
      <fieldset>
        <legend>{m.refundMethod}</legend>
        {methods.map((r) => (
          <label key={r.method} className="acc-radio">
            <input type="radio" name="refundMethod" value={r.method} checked={chosen === r.method} onChange={() => setChoice(r.method)} />
            {r.label}
            {r.description ? <small> ({r.description})</small> : null}
          </label>
        ))}
      </fieldset>
      <FormError message={failure} />
      <button type="submit" className="ui-button">
        {m.requestRefund}
      </button>
    </form>
  );
}
