import { formatMessage, formatPrice, useMessages, useDateOf } from '@eyewear/i18n';
import { messageOf } from '@eyewear/api-client';
import { SkeletonGrid } from '@eyewear/ui';
import { LoadFailed } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { useTrackedOrder } from '../api';
import { OrderItemCard } from './OrderItemCard';

/**
 * An order opened from an e-mail or SMS link (no login), proved by its e-mail: the API gives
 * only its status, items, total and city (no phone, no address, no payments); only the power
 * can be updated, confirmed with the code sent to the order's phone.
 */
export function TrackedOrderDetail({ orderId, email }: { orderId: number; email: string }) {
  const m = useMessages(sectionMessages);
  const dateOf = useDateOf();
  const order = useTrackedOrder(orderId, email);
  if (order.status === 'failed') return <LoadFailed message={messageOf(order.error, m.somethingWrong)} retry={m.retry} onRetry={order.reload} />;
  if (!order.data) return <SkeletonGrid rows={3} label={m.loading} />;
  const o = order.data.result;
  return (
    <div className="acc-order" data-testid="account-tracked-order">
      <p>
        {formatMessage(m.placedOn, { date: dateOf(o.createdAt) })} · {formatMessage(m.orderStatus, { status: m[`orderStatus_${o.status}`] })}
      </p>
      <section aria-label={m.items}>
        <h2>{m.items}</h2>
        <ul className="acc-list">
          {o.items.map((item) => (
            <OrderItemCard
              key={item.id}
              orderId={o.id}
              item={item}
              price={formatPrice(item.price.value, o.currencyCode)}
              email={email}
              onChanged={order.reload}
            />
          ))}
        </ul>
      </section>
      <p>
        {m.grandTotal}: {formatPrice(o.total, o.currencyCode)}
      </p>
      <p>
        {m.shippingTo}: {o.shippingCity}
      </p>
    </div>
  );
}
