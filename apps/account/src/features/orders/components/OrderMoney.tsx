import { type Order, type OrderMoney } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { sectionMessages } from '../../../app/section-messages';
import { orderPageMessages } from '../order-page-messages';

/**
 * An order's money from its ledger (issue 42): every payment (store credit and other balances
 * with their amounts, lens upgrades paid later), every refund, and totals that add up: items
 * less discounts plus shipping is the order total; with the lens upgrades, what was paid; less
 * the refunds, what the customer paid in the end.
 */
export function OrderMoneyView({ order: o, money: ledger, totals = true }: { order: Order; money: OrderMoney; totals?: boolean }) {
  const m = useMessages(sectionMessages);
  const p = useMessages(orderPageMessages);
  const refundTo = useRefundTo();
  const money = (n: number) => formatPrice(n, o.amount.currencyCode);
  const nameOf = (itemId: number | undefined) => o.items.find((i) => i.id === itemId)?.name ?? '';
  const row = (label: string, value: string) => (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <>
      <section aria-label={m.payments}>
        <h2>{m.payments}</h2>
        <ul>
          {ledger.payments.map((x, index) => {
            const method = x.kind === 'payment' || x.kind === 'lensupgrade' ? m[`paymentMethod_${x.method ?? 'cc'}`] : p[`payment_${x.kind}`];
            const values = { method, amount: money(x.amount), status: m[`paymentStatus_${x.status}`], name: nameOf(x.itemId) };
            return <li key={index}>{formatMessage(x.kind === 'lensupgrade' ? p.lensUpgradeLine : m.paymentLine, values)}</li>;
          })}
        </ul>
      </section>
      <section aria-label={p.refunds}>
        <h2>{p.refunds}</h2>
        {ledger.refunds.length ? (
          <ul>
            {ledger.refunds.map((r) => (
              <li key={r.refundId}>
                {formatMessage(r.itemId ? p.refundFor : p.refundOrder, {
                  name: nameOf(r.itemId),
                  why: p[`why_${r.kind ?? 'cancel'}`],
                  amount: money(r.amount),
                  method: refundTo(r.method),
                  status: m[`refundStatus_${r.status}`],
                })}
              </li>
            ))}
          </ul>
        ) : (
          <p>{p.noRefunds}</p>
        )}
      </section>
      {totals ? (
        <section aria-label={m.totals}>
          <h2>{m.totals}</h2>
          <dl className="acc-totals">
            {row(p.itemsTotal, money(ledger.itemsTotal))}
            <Discounts order={o} discounts={ledger.discounts} />
            {row(m.shippingFee, money(ledger.shipping))}
            {row(p.orderValue, money(ledger.orderValue))}
            {ledger.lensUpgrades > 0 ? row(p.lensUpgrades, money(ledger.lensUpgrades)) : null}
            {row(p.totalPaid, money(ledger.paid))}
            {ledger.refunds.length ? row(p.refunded, `-${money(ledger.refunded)}`) : null}
            {ledger.refunds.length ? row(p.netPaid, money(ledger.net)) : null}
            {row(m.tax, money(ledger.taxIncluded))}
          </dl>
        </section>
      ) : null}
    </>
  );
}

/** Each discount by its name (never a code), as rows of a totals list. */
export function Discounts({ order: o, discounts = o.amount.discounts }: { order: Order; discounts?: Order['amount']['discounts'] }) {
  const m = useMessages(sectionMessages);
  return (
    <>
      {discounts.map((d, index) => (
        <div key={index}>
          <dt>{formatMessage((m as Record<string, string>)[`discount_${d.type}`] ?? m.discount, { brand: d.code ?? '' })}</dt>
          <dd>-{formatPrice(d.amount, o.amount.currencyCode)}</dd>
        </div>
      ))}
    </>
  );
}

/** Where a refund goes, in words. */
export function useRefundTo() {
  const p = useMessages(orderPageMessages);
  return (method: string) => (p as Record<string, string>)[`refundTo_${method}`] ?? method;
}
