import type { Cart } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import { CartTotals } from '../../cart';

/** The items being ordered and the API's totals, beside the checkout steps. */
export function OrderSummary({ cart }: { cart: Cart }) {
  const m = useMessages(messages);
  return (
    <section className="cc-section" aria-label={m.orderSummary}>
      <h2>{m.orderSummary}</h2>
      <ul className="cc-items">
        {cart.items.map((i) => (
          <li key={i.id}>
            {i.name} × {i.quantity}
          </li>
        ))}
      </ul>
      <CartTotals cart={cart} />
    </section>
  );
}
