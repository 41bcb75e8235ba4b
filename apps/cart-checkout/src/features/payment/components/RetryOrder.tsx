import type { Order } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { messages } from '../../../app/messages';

/** Order statuses after a payment went through (the others of an order not waiting for one: cancelled, closed). */
const PAID = new Set<Order['status']>(['PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED']);

/** Whether a retry can pay for `order`: only while it waits for its payment. */
export const payable = (order: Order) => order.status === 'PENDING_PAYMENT';

/** The order a retry pays for: its number, why the shopper is here and the amount due (from the order, never the emptied cart). */
export function RetryOrder({ order }: { order: Order }) {
  const m = useMessages(messages);
  return (
    <section className="cc-section" data-testid="retry-order" aria-label={formatMessage(m.retryFor, { orderId: order.id })}>
      <p>
        <strong>{formatMessage(m.retryFor, { orderId: order.id })}</strong>
      </p>
      <p>{formatMessage(m.retryNotice, { orderId: order.id })}</p>
      <p data-testid="retry-amount">{formatMessage(m.amountDue, { amount: formatPrice(order.amount.total, order.amount.currencyCode) })}</p>
    </section>
  );
}

/** An order the retry page cannot pay: already paid (a link to it) or no longer payable (back to the shop). */
export function NotPayable({ order }: { order: Order }) {
  const m = useMessages(messages);
  const paid = PAID.has(order.status);
  return (
    <div className="cc-section">
      <p role="alert">{formatMessage(paid ? m.retryPaid : m.retryNotPayable, { orderId: order.id })}</p>
      {paid ? (
        <Link className="ui-button" to={`/sales/order/history/order-detail/${order.id}`}>
          {m.viewOrder}
        </Link>
      ) : (
        <Link className="ui-button" to="/">
          {m.continueShopping}
        </Link>
      )}
    </div>
  );
}
