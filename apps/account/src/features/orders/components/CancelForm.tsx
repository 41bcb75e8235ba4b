import { useRef, useState, type FormEvent } from 'react';
import { messageOf, orderRoutes, type Order } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { FormError, LoadFailed, SelectField } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { useOrdersApi } from '../api';
import { orderPageMessages } from '../order-page-messages';
import { useRefundTo } from './OrderMoney';

/**
 * Cancels an order, or one item of it (`item`), with a reason (and a refund method when the API
 * offers some), saying before the shopper confirms what comes back and where it goes (the API's
 * preview of the ledger, issue 42).
 */
export function CancelForm({ order, item, onDone }: { order: Order; item?: Order['items'][number]; onDone(message: string): void }) {
  const m = useMessages(sectionMessages);
  const p = useMessages(orderPageMessages);
  const api = useOrdersApi();
  const options = useQuery(orderRoutes.cancelReasons, { params: { orderId: order.id } });
  const [reasonId, setReasonId] = useState('');
  const [refundMethod, setRefundMethod] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // One cancellation per form: a double click or a second submit before the answer sends nothing more.
  const inFlight = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  if (options.status === 'failed') return <LoadFailed message={messageOf(options.error, m.somethingWrong)} retry={m.retry} onRetry={options.reload} />;
  if (options.status !== 'ready' || !options.data) return <SkeletonGrid rows={1} label={m.loading} />;
  const { reasons, refundMethods } = options.data.result;
  const enabled = refundMethods.filter((r) => r.enabled);
  const chosen = (refundMethod || enabled[0]?.method) as 'source' | 'storecredit' | undefined;
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    setFailure(null);
    try {
      const answer = await api.cancel(order.id, {
        ...(item ? { itemIds: [item.id] } : {}),
        reasonId: Number(reasonId || reasons[0]!.id),
        ...(chosen ? { refundMethod: chosen } : {}),
      });
      const r = answer.result;
      onDone(r.refundAmount > 0 ? formatMessage(m.cancelled, { amount: formatPrice(r.refundAmount, r.currencyCode) }) : m.cancelledNoRefund);
    } catch (error) {
      // Cancelled meanwhile (another tab): say so and show the order as it is now.
      if ((error as { body?: { code?: string } }).body?.code === 'ALREADY_CANCELLED') return onDone(messageOf(error, m.somethingWrong));
      inFlight.current = false;
      setSubmitting(false);
      setFailure(messageOf(error, m.somethingWrong));
    }
  }
  return (
    <form onSubmit={submit} className="acc-card" aria-label={item ? formatMessage(p.cancelItem, { name: item.name }) : m.cancelOrder}>
      <SelectField
        name="reason"
        label={m.cancelReason}
        value={reasonId || String(reasons[0]?.id ?? '')}
        onChange={setReasonId}
        options={reasons.map((r) => ({ value: String(r.id), label: r.reason }))}
      />
      {enabled.length ? (
        <fieldset>
          <legend>{m.refundMethod}</legend>
          {enabled.map((r) => (
            <label key={r.method} className="acc-radio">
              <input
                type="radio"
                name="refundMethod"
                value={r.method}
                checked={(refundMethod || enabled[0]!.method) === r.method}
                onChange={() => setRefundMethod(r.method)}
              />
              {r.label}
            </label>
          ))}
        </fieldset>
      ) : null}
      <RefundPreview orderId={order.id} itemId={item?.id} refundMethod={chosen} />
      <FormError message={failure} />
      <button type="submit" className="ui-button" disabled={submitting} aria-busy={submitting}>
        {m.confirmCancel}
      </button>
    </form>
  );
}

/** What the cancel would refund and where each part goes, asked again when the refund method changes. */
function RefundPreview({ orderId, itemId, refundMethod }: { orderId: number; itemId?: number; refundMethod?: 'source' | 'storecredit' }) {
  const m = useMessages(sectionMessages);
  const p = useMessages(orderPageMessages);
  const refundTo = useRefundTo();
  const query = { ...(itemId ? { itemIds: String(itemId) } : {}), ...(refundMethod ? { refundMethod } : {}) };
  const preview = useQuery(orderRoutes.cancelPreview, { params: { orderId }, query });
  if (preview.status === 'failed') return <LoadFailed message={messageOf(preview.error, m.somethingWrong)} retry={m.retry} onRetry={preview.reload} />;
  if (!preview.data) return <SkeletonGrid rows={1} label={m.loading} />;
  const r = preview.data.result;
  const money = (n: number) => formatPrice(n, r.currencyCode);
  return (
    <section aria-label={p.yourRefund} aria-live="polite" className="acc-refund-preview">
      {r.refundAmount > 0 ? (
        <>
          <p>
            <strong>{formatMessage(p.refundPreview, { amount: money(r.refundAmount) })}</strong>
          </p>
          <ul>
            {r.refunds.map((part) => (
              <li key={part.method}>{formatMessage(p.refundPart, { amount: money(part.amount), method: refundTo(part.method) })}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{p.noRefundPreview}</p>
      )}
    </section>
  );
}
