import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';

export interface PaySummaryProps {
  items: { id: number; name: string; quantity: number; thumbnail?: string }[];
  /** Where the order goes (none before an address was given on this visit). */
  address: { firstName: string; lastName?: string | null; addressline1: string; city: string; postcode: string } | null;
}

/** What is being paid for, above the methods: the items and the delivery address (the cart's, or the retried order's). */
export function PaySummary({ items, address }: PaySummaryProps) {
  const m = useMessages(messages);
  return (
    <section className="cc-section" aria-label={m.paySummary}>
      <h2>{m.items}</h2>
      <ul className="cc-items">
        {items.map((i) => (
          <li key={i.id} className="cc-item">
            {i.thumbnail ? <img src={i.thumbnail} alt="" width={48} height={48} className="cc-item__thumb" /> : null}
            <span>
              {i.name} × {i.quantity}
            </span>
          </li>
        ))}
      </ul>
      {address ? (
        <p data-testid="pay-address">
          {formatMessage(m.deliverTo, { name: `${address.firstName} ${address.lastName ?? ''}`.trim(), city: address.city, postcode: address.postcode })}
          <br />
          {address.addressline1}
        </p>
      ) : null}
    </section>
  );
}
