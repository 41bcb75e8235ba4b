import type { Cart } from '@eyewear/api-client';
import { formatMessage, formatPrice, useCountry, useMessages } from '@eyewear/i18n';
import { taxLineLabel } from '@eyewear/i18n/rules';
import { messages } from '../../../app/messages';
import { cartMessages } from '../messages';

const KNOWN = ['gv', 'sc', 'implicit', 'offer', 'wallet', 'gold'] as const;
/** The cart feature's own discount labels (cartMessages). */
const OWN = ['exchange', 'firstFrame'] as const;

/** Totals as the API computed them; the client never computes money. */
export function CartTotals({ cart }: { cart: Cart }) {
  const m = useMessages(messages);
  const own = useMessages(cartMessages);
  // The tax by the country's name and rate (GST 18% in India), none where prices include none (issue 42: "Tax (included) $0" in the US).
  const taxLabel = taxLineLabel(useCountry(), cart.totals.totalTax);
  const price = (v: number) => formatPrice(v, cart.currencyCode);
  const t = cart.totals;
  const label = (d: Cart['totals']['discounts'][number]) =>
    (KNOWN as readonly string[]).includes(d.type)
      ? m[`discount_${d.type as (typeof KNOWN)[number]}`]
      : (OWN as readonly string[]).includes(d.type)
        ? own[`discount_${d.type as (typeof OWN)[number]}`]
        : formatMessage(m.ownBrandDiscount, { brand: d.type });
  // Exchange for a new product: the returned frame's credit is taken off, the shopper pays the difference (the API's net amount).
  const exchange = t.discounts.some((d) => d.type === 'exchange');
  return (
    <dl className="cc-totals" data-testid="cart-totals">
      <div className="cc-totals__row">
        <dt>{m.subTotal}</dt>
        <dd>{price(t.subTotal)}</dd>
      </div>
      {t.discounts.map((d) => (
        <div className="cc-totals__row cc-totals__row--discount" key={`${d.type}-${d.code ?? ''}`}>
          <dt>{label(d)}</dt>
          <dd>−{price(d.amount)}</dd>
        </div>
      ))}
      <div className="cc-totals__row">
        <dt>{m.convenienceFee}</dt>
        <dd>{t.shipping === 0 ? m.free : price(t.shipping)}</dd>
      </div>
      {taxLabel ? (
        <div className="cc-totals__row cc-totals__row--muted">
          <dt>{taxLabel}</dt>
          <dd>{price(t.totalTax)}</dd>
        </div>
      ) : null}
      <div className="cc-totals__row cc-totals__row--net">
        <dt>{exchange ? own.payableDifference : m.netAmount}</dt>
        {/* formatPrice shows two decimals only when the amount is fractional. */}
        <dd data-testid="cart-net">{price(cart.netAmountCart)}</dd>
      </div>
    </dl>
  );
}
