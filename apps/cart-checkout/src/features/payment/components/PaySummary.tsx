import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import { paymentMessages } from '../messages';
import './payment.css';

export interface PaySummaryItem {
  id: number;
  name: string;
  quantity: number;
  thumbnail?: string;
  /** The line's price as the API gave it, formatted for the country (the client never computes money). */
  price: string;
}

export interface PaySummaryProps {
  items: PaySummaryItem[];
  /** Where the order goes (none before an address was given on this visit). */
  address: { firstName: string; lastName?: string | null; addressline1: string; city: string; postcode: string } | null;
}

/**
 * What is being paid for, above the methods: the items (image, name, quantity, price) and the
 * delivery address, the cart's or the retried order's. One line per item, so it stays short on a
 * phone; the totals follow it.
 */
export function PaySummary({ items, address }: PaySummaryProps) {
  const m = useMessages(messages);
  const p = useMessages(paymentMessages);
  const count = items.reduce((n, i) => n + i.quantity, 0);
  return (
    <section className="cc-section pay-summary" aria-label={m.paySummary}>
      <h2 className="pay-summary__title">{formatMessage(p.itemsCount, { count })}</h2>
      <ul className="pay-summary__items">
        {items.map((i) => (
          <li key={i.id} className="pay-summary__item">
            {i.thumbnail ? <img src={i.thumbnail} alt="" width={40} height={40} className="pay-summary__thumb" /> : null}
            <span className="pay-summary__name">{formatMessage(p.itemLine, { name: i.name, quantity: i.quantity })}</span>
            <span className="pay-summary__price" data-testid="pay-item-price">
              {i.price}
            </span>
          </li>
        ))}
      </ul>
      {address ? (
        <p data-testid="pay-address" className="pay-summary__address" aria-label={p.deliveryAddress}>
          {formatMessage(m.deliverTo, { name: `${address.firstName} ${address.lastName ?? ''}`.trim(), city: address.city, postcode: address.postcode })}
          <br />
          {address.addressline1}
        </p>
      ) : null}
    </section>
  );
}
