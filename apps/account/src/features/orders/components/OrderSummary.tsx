import { type Order, type OrderDetail } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { sectionMessages } from '../../../app/section-messages';
import { Discounts, OrderMoneyView } from './OrderMoney';

/** An order's payments, totals and shipping address: from its ledger when the API gives it (issue 42), else as the order states them. */
export function OrderSummary({ order: o }: { order: Order | OrderDetail }) {
  const m = useMessages(sectionMessages);
  const money = (n: number) => formatPrice(n, o.amount.currencyCode);
  const ledger = 'money' in o ? o.money : undefined;
  return (
    <>
      {ledger ? (
        <OrderMoneyView order={o} money={ledger} />
      ) : (
        <>
          <section aria-label={m.payments}>
            <h2>{m.payments}</h2>
            <ul>
              {o.payments.paymentList.map((p, index) => (
                <li key={index}>
                  {formatMessage(m.paymentLine, {
                    method: m[`paymentMethod_${p.method}`],
                    amount: money(p.amount),
                    status: m[`paymentStatus_${p.status}`],
                  })}
                </li>
              ))}
            </ul>
          </section>
          <section aria-label={m.totals}>
            <h2>{m.totals}</h2>
            <dl className="acc-totals">
              <Discounts order={o} />
              <div>
                <dt>{m.shippingFee}</dt>
                <dd>{money(o.amount.shipping)}</dd>
              </div>
              <div>
                <dt>{m.tax}</dt>
                <dd>{money(o.amount.totalTax)}</dd>
              </div>
              <div>
                <dt>{m.grandTotal}</dt>
                <dd>{money(o.amount.total)}</dd>
              </div>
            </dl>
          </section>
        </>
      )}
      <p>
        {m.shippingTo}: {o.shippingAddress.firstName} {o.shippingAddress.lastName}, {o.shippingAddress.addressline1}, {o.shippingAddress.city}{' '}
        {o.shippingAddress.postcode}
      </p>
    </>
  );
}
