import { useState } from 'react';
import { type Refund, type Return, type ReturnLabelStatus } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { messageOf } from '../../shared/api';
import { FormError, LoadFailed } from '../../shared/form';
import { useAccountApi, useRemote } from '../../shared/hooks';
import { sectionMessages } from '../account/messages';

/** /sales/order/return-details/{itemId}: the return, its label, the refunds; cancel while it is open. */
export default function ReturnDetails({ itemId }: { itemId: number }) {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const data = useRemote(async () => {
    const ret = (await api.returnDetails(itemId)).result as Return;
    const [label, refunds] = await Promise.all([api.labelStatus(ret.groupId), api.refundDetails(ret.orderId)]);
    return { ret, label: label.result as ReturnLabelStatus, refunds: (refunds.result.refunds as Refund[]).filter((r) => r.itemId === itemId) };
  }, [itemId]);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (data.status === 'loading' && !data.data) return <SkeletonGrid rows={2} label={m.loading} />;
  if (data.status === 'failed') return <LoadFailed message={messageOf(data.error, m.somethingWrong)} retry={m.retry} onRetry={data.reload} />;
  const { ret, label, refunds } = data.data!;
  async function cancel() {
    setFailure(null);
    try {
      await api.cancelReturn(ret.orderId, ret.returnId);
      setNotice(m.returnCancelled);
      data.reload();
    } catch (error) {
      setFailure(messageOf(error, m.somethingWrong));
    }
  }
  return (
    <section className="acc-card" aria-label={formatMessage(m.returnGroup, { groupId: ret.groupId })} data-testid="account-return-details">
      <h2 className="acc-card__title">{formatMessage(m.returnGroup, { groupId: ret.groupId })}</h2>
      <p>{formatMessage(m.returnStatus, { status: m[`returnStatus_${ret.status}`] })}</p>
      <p>{formatMessage(m.returnModeLine, { mode: m[`mode_${ret.mode}`] })}</p>
      <p>{formatMessage(m.labelStatus, { status: label.status })}</p>
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
