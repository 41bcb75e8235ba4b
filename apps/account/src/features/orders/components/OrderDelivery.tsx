import { type OrderDetail } from '@eyewear/api-client';
import { formatMessage, useDateOf, useMessages } from '@eyewear/i18n';
import { orderPageMessages } from '../order-page-messages';

/** When the order arrives and how it travels: the expected delivery date, then the courier and tracking number once it has left (issue 42). */
export function OrderDelivery({ order: o }: { order: OrderDetail }) {
  const p = useMessages(orderPageMessages);
  const dateOf = useDateOf();
  const shipment = o.shipment;
  const delivered = shipment?.deliveredAt;
  // From the items themselves, so an API without the parcel (an older one) never says "not shipped" of a shipped order.
  const moved = o.items.some(
    (i) => i.status === 'SHIPPED' || i.status === 'DELIVERED' || i.statusHistory.some((h) => h.status === 'SHIPPED' || h.status === 'DELIVERED'),
  );
  return (
    <section aria-label={p.delivery}>
      <h2>{p.delivery}</h2>
      <ul className="acc-delivery">
        {delivered ? <li>{formatMessage(p.deliveredOn, { date: dateOf(delivered) })}</li> : null}
        {!delivered && o.status !== 'CANCELLED' && o.estimatedDelivery ? (
          <li>{formatMessage(p.expectedDelivery, { date: dateOf(o.estimatedDelivery) })}</li>
        ) : null}
        {shipment?.shippedAt ? <li>{formatMessage(p.shippedOn, { date: dateOf(shipment.shippedAt) })}</li> : null}
        {shipment ? (
          <>
            <li>{formatMessage(p.courier, { name: shipment.courier })}</li>
            <li>{formatMessage(p.trackingNumber, { number: shipment.trackingNumber })}</li>
          </>
        ) : o.status !== 'CANCELLED' && !moved ? (
          <li>{p.notShipped}</li>
        ) : null}
      </ul>
    </section>
  );
}
