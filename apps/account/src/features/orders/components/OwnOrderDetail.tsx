import { useState } from 'react';
import { messageOf } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages, useDateOf } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { FormError, LoadFailed } from '../../../app/form';
import { UNSHIPPED } from '../../../app/order-items';
import { sectionMessages } from '../../../app/section-messages';
import { useGuestSessionOn401, useOrder, useOrdersApi } from '../api';
import { CancelForm } from './CancelForm';
import { ChangeAddress } from './ChangeAddress';
import { NeftForm } from './NeftForm';
import { OrderItemCard } from './OrderItemCard';
import { OrderSummary } from './OrderSummary';

/** The customer's own order: items, payments, totals; cancel, COD confirmation, another address, NEFT, returns. */
export function OwnOrderDetail({ orderId }: { orderId: number }) {
  const m = useMessages(sectionMessages);
  const dateOf = useDateOf();
  const api = useOrdersApi();
  const order = useOrder(orderId);
  const [cancelling, setCancelling] = useState(false);
  const [moving, setMoving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useGuestSessionOn401(order.status === 'failed' ? order.error : null);

  if (order.status === 'failed') return <LoadFailed message={messageOf(order.error, m.somethingWrong)} retry={m.retry} onRetry={order.reload} />;
  if (!order.data) return <SkeletonGrid rows={3} label={m.loading} />;
  const o = order.data.result;
  const cod = o.payments.paymentList.some((p) => p.method === 'cod');
  const cancellable = o.status !== 'CANCELLED' && o.items.some((i) => UNSHIPPED.has(i.status));
  const movable = cancellable && o.items.every((i) => UNSHIPPED.has(i.status) || i.status === 'CANCELLED');
  const returnable = o.items.some((i) => i.status === 'DELIVERED' || i.status === 'SHIPPED');
  /** A change is done: say so and show the order as it is now. */
  const changed = (message: string) => {
    setNotice(message);
    order.reload();
  };

  async function confirmCod() {
    setFailure(null);
    try {
      await api.confirmCod(o.id);
      changed(m.codConfirmed);
    } catch (error) {
      setFailure(messageOf(error, m.somethingWrong));
    }
  }

  return (
    <div className="acc-order">
      <p>
        {formatMessage(m.placedOn, { date: dateOf(o.createdAt) })} · {formatMessage(m.orderStatus, { status: m[`orderStatus_${o.status}`] })}
      </p>
      {notice ? (
        <p role="status" className="acc-success">
          {notice}
        </p>
      ) : null}
      <FormError message={failure} />
      <section aria-label={m.items}>
        <h2>{m.items}</h2>
        <ul className="acc-list">
          {o.items.map((item) => (
            <OrderItemCard key={item.id} orderId={o.id} item={item} price={formatPrice(item.price.value, o.amount.currencyCode)} onChanged={order.reload} />
          ))}
        </ul>
      </section>
      <OrderSummary order={o} />
      <div className="acc-actions">
        {cod && o.codConfirmed === false ? (
          <button type="button" className="ui-button" onClick={confirmCod}>
            {m.confirmCod}
          </button>
        ) : null}
        {cancellable ? (
          <button type="button" className="ui-button" aria-expanded={cancelling} onClick={() => setCancelling((c) => !c)}>
            {m.cancelOrder}
          </button>
        ) : null}
        {movable ? (
          <button type="button" className="ui-button" aria-expanded={moving} onClick={() => setMoving((v) => !v)}>
            {m.changeAddress}
          </button>
        ) : null}
        {returnable ? (
          <Link className="ui-button" to={`/sales/order/return/products/${o.id}`}>
            {m.returnItems}
          </Link>
        ) : null}
      </div>
      {cancelling ? (
        <CancelForm
          order={o}
          onDone={(message) => {
            setCancelling(false);
            changed(message);
          }}
        />
      ) : null}
      {moving ? (
        <ChangeAddress
          orderId={o.id}
          onDone={() => {
            setMoving(false);
            changed(m.addressChanged);
          }}
        />
      ) : null}
      {cod ? <NeftForm orderId={o.id} /> : null}
    </div>
  );
}
