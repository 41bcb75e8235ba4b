import { useState } from 'react';
import { messageOf, orderRoutes, returnRoutes } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { FormError, LoadFailed } from '../../../app/form';
import { ItemImage } from '../../../app/order-items';
import { failureOf } from '../../../app/queries';
import { sectionMessages } from '../../../app/section-messages';
import { useReturnsApi } from '../api';
import { RefundChoice } from './RefundChoice';
import { SelfShipNote } from './SelfShipNote';

/** /sales/order/return-details/{itemId}: the return, its label, the refunds; cancel while it is open. */
export default function ReturnDetails({ itemId }: { itemId: number }) {
  const m = useMessages(sectionMessages);
  const api = useReturnsApi();
  const details = useQuery(returnRoutes.details, { params: { itemId } });
  const found = details.data?.result;
  // The label and the refunds are asked for once the return is known (its group and order).
  const labelQuery = useQuery(returnRoutes.labelStatus, { params: { groupId: found?.groupId } }, { enabled: found !== undefined });
  const refundsQuery = useQuery(returnRoutes.refundDetails, { params: { orderId: found?.orderId } }, { enabled: found !== undefined });
  // The returned items' names and pictures come from the order; without it the return still shows.
  const orderQuery = useQuery(orderRoutes.get, { params: { orderId: found?.orderId } }, { enabled: found !== undefined });
  // A return the shopper ships and has not sent yet: where to (the API's return config).
  const shipping = found?.mode === 'self_ship' && found.status === 'REQUESTED';
  const configQuery = useQuery(returnRoutes.config, {}, { enabled: shipping });
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const loadFailure = failureOf(details, labelQuery, refundsQuery);
  if (loadFailure) return <LoadFailed message={messageOf(loadFailure.error, m.somethingWrong)} retry={m.retry} onRetry={loadFailure.retry} />;
  if (!found || !labelQuery.data || !refundsQuery.data) return <SkeletonGrid rows={2} label={m.loading} />;
  const ret = found;
  const label = labelQuery.data.result;
  const refunds = refundsQuery.data.result.refunds.filter((r) => r.itemId === itemId);
  const items = orderQuery.data?.result.items.filter((i) => ret.itemIds.includes(i.id)) ?? [];
  async function cancel() {
    setFailure(null);
    try {
      await api.cancel(ret.orderId, ret.returnId);
      setNotice(m.returnCancelled);
      // The return, its label and refunds as they are now.
      [details, labelQuery, refundsQuery].forEach((load) => load.reload());
    } catch (error) {
      setFailure(messageOf(error, m.somethingWrong));
    }
  }
  return (
    <section className="acc-card" aria-label={formatMessage(m.returnGroup, { groupId: ret.groupId })} data-testid="account-return-details">
      <h2 className="acc-card__title">{formatMessage(m.returnGroup, { groupId: ret.groupId })}</h2>
      {items.length ? (
        <ul className="acc-list" aria-label={m.returnedItems}>
          {items.map((i) => (
            <li key={i.id} className="acc-item">
              <ItemImage item={i} />
              <span>{i.name}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p>{formatMessage(m.returnStatus, { status: m[`returnStatus_${ret.status}`] })}</p>
      <p>{formatMessage(m.returnModeLine, { mode: m[`mode_${ret.mode}`] })}</p>
      <p>{formatMessage(m.labelStatus, { status: m[`labelStatus_${label.status}`] })}</p>
      {shipping && configQuery.data ? <SelfShipNote address={configQuery.data.result.returnAddress} orderId={ret.orderId} /> : null}
      <h3>{m.refunds}</h3>
      {refunds.length ? (
        <ul>
          {refunds.map((r) => (
            <li key={r.refundId}>
              {formatMessage(m.refundLine, {
                amount: formatPrice(r.amount, r.currencyCode),
                method: m[`refundMethod_${r.method}`],
                status: m[`refundStatus_${r.status}`],
              })}
            </li>
          ))}
        </ul>
      ) : ret.returnMethod === 'refund' && ret.status !== 'CANCELLED' && orderQuery.data ? (
        // A return made without its method (an older build asked it afterwards): asked here, never a dead end.
        <RefundChoice orderId={ret.orderId} itemId={itemId} currency={orderQuery.data.result.amount.currencyCode} onDone={refundsQuery.reload} />
      ) : (
        <p>{m.noRefunds}</p>
      )}
      {notice ? <p role="status">{notice}</p> : null}
      <FormError message={failure} />
      {(ret.status === 'REQUESTED' || ret.status === 'PICKUP_SCHEDULED') && refunds.every((r) => r.status === 'PENDING' || r.status === 'CANCELLED') ? (
        <button type="button" className="ui-button" onClick={cancel}>
          {m.cancelReturn}
        </button>
      ) : null}
      <p>
        <Link to={`/sales/order/history/order-detail/${ret.orderId}`}>{formatMessage(m.viewOrder, { id: ret.orderId })}</Link>
      </p>
    </section>
  );
}
