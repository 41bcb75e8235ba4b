import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { messageOf, type OrderDetail } from '@eyewear/api-client';
import { cartChanged } from '@eyewear/event-bus';
import { formatMessage, formatPrice, useMessages, useDateOf } from '@eyewear/i18n';
import { Link, useNavigate } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { FormError, LoadFailed } from '../../../app/form';
import { UNSHIPPED } from '../../../app/order-items';
import { sectionMessages } from '../../../app/section-messages';
import { useGuestSessionOn401, useOrder, useOrdersApi } from '../api';
import { orderPageMessages } from '../order-page-messages';
import { CancelForm, ChangeAddress, NeftForm } from './later';
import { OrderDelivery } from './OrderDelivery';
import { OrderItemCard } from './OrderItemCard';
import { OrderSummary } from './OrderSummary';
import { ReturnAction } from './ReturnAction';

/**
 * The customer's own order: items, delivery and parcel, payments, refunds and totals; cancel
 * the order or one item (its refund shown first), COD confirmation, another address, NEFT,
 * returns; the invoice, buy it again, help.
 */
export function OwnOrderDetail({ orderId }: { orderId: number }) {
  const m = useMessages(sectionMessages);
  const p = useMessages(orderPageMessages);
  const dateOf = useDateOf();
  const api = useOrdersApi();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const order = useOrder(orderId);
  /** The cancel form open: of the whole order, or of one item (its id). */
  const [cancelling, setCancelling] = useState<'order' | number | null>(null);
  const [moving, setMoving] = useState(false);
  const [buying, setBuying] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useGuestSessionOn401(order.status === 'failed' ? order.error : null);

  if (order.status === 'failed') return <LoadFailed message={messageOf(order.error, m.somethingWrong)} retry={m.retry} onRetry={order.reload} />;
  if (!order.data) return <SkeletonGrid rows={3} label={m.loading} />;
  const o: OrderDetail = order.data.result;
  const cod = o.payments.paymentList.some((p) => p.method === 'cod');
  const cancellable = o.status !== 'CANCELLED' && o.items.some((i) => UNSHIPPED.has(i.status));
  const movable = cancellable && o.items.every((i) => UNSHIPPED.has(i.status) || i.status === 'CANCELLED');
  /** An unpaid order is cancelled whole; a paid one item by item too. */
  const itemCancellable = (status: string) => cancellable && o.status !== 'PENDING_PAYMENT' && UNSHIPPED.has(status);
  /** A change is done: say so and show the order as it is now. */
  const changed = (message: string) => {
    setNotice(message);
    order.reload();
  };
  const cancelled = (message: string) => {
    setCancelling(null);
    changed(message);
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

  async function buyAgain() {
    if (buying) return;
    setBuying(true);
    setFailure(null);
    try {
      const cart = (await api.buyAgain(o.id)).result;
      dispatch(cartChanged({ count: cart.itemsQty, cart }));
      navigate('/cart');
    } catch (error) {
      setBuying(false);
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
      <div className="acc-actions">
        <Link className="ui-button" to={`/sales/order/invoice/${o.id}`}>
          {p.invoice}
        </Link>
        <button type="button" className="ui-button" onClick={buyAgain} disabled={buying} aria-busy={buying}>
          {buying ? p.buyingAgain : p.buyAgain}
        </button>
        <Link to={`/support?orderId=${o.id}`}>{p.help}</Link>
      </div>
      <OrderDelivery order={o} />
      <section aria-label={m.items}>
        <h2>{m.items}</h2>
        <ul className="acc-list">
          {o.items.map((item) => (
            <OrderItemCard
              key={item.id}
              orderId={o.id}
              item={item}
              price={formatPrice(item.price.value, o.amount.currencyCode)}
              onChanged={order.reload}
              actions={
                itemCancellable(item.status) ? (
                  <>
                    <button
                      type="button"
                      className="ui-button"
                      aria-expanded={cancelling === item.id}
                      onClick={() => setCancelling((c) => (c === item.id ? null : item.id))}
                    >
                      {formatMessage(p.cancelItem, { name: item.name })}
                    </button>
                    {cancelling === item.id ? <CancelForm order={o} item={item} onDone={cancelled} /> : null}
                  </>
                ) : null
              }
            />
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
          <button
            type="button"
            className="ui-button"
            aria-expanded={cancelling === 'order'}
            onClick={() => setCancelling((c) => (c === 'order' ? null : 'order'))}
          >
            {m.cancelOrder}
          </button>
        ) : null}
        {movable ? (
          <button type="button" className="ui-button" aria-expanded={moving} onClick={() => setMoving((v) => !v)}>
            {m.changeAddress}
          </button>
        ) : null}
        <ReturnAction order={o} />
      </div>
      {cancelling === 'order' ? <CancelForm order={o} onDone={cancelled} /> : null}
      {moving ? (
        <ChangeAddress
          orderId={o.id}
          onDone={() => {
            setMoving(false);
            changed(m.addressChanged);
          }}
          onCancel={() => setMoving(false)}
        />
      ) : null}
      {cod ? <NeftForm orderId={o.id} /> : null}
    </div>
  );
}
