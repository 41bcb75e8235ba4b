import { messageOf, type OrderDetail } from '@eyewear/api-client';
import { formatMessage, formatPrice, useDateOf, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { AccountFrame, NotFoundSection } from '../../../app/account-frame';
import { LoadFailed } from '../../../app/form';
import { isValidId } from '../../../app/format';
import { sectionMessages } from '../../../app/section-messages';
import { useOrder } from '../api';
import { invoiceMessages, orderPageMessages } from '../order-page-messages';
import { Discounts, OrderMoneyView } from './OrderMoney';
import '../../../app/account.css';
import './invoice.css';

/** The body of /sales/order/invoice/{id}: the order's tax invoice, inside the login guard; printable (issue 42). */
export default function InvoiceBody({ orderId }: { orderId: number }) {
  return <AccountFrame nav={false}>{isValidId(orderId) ? <Invoice orderId={orderId} /> : <NotFoundSection />}</AccountFrame>;
}

/** An order's invoice: who bought what, at what price, the taxes included line by line, how it was paid and refunded. */
export function Invoice({ orderId }: { orderId: number }) {
  const m = useMessages(sectionMessages);
  const p = useMessages(orderPageMessages);
  const v = useMessages(invoiceMessages);
  const dateOf = useDateOf();
  const order = useOrder(orderId);
  if (order.status === 'failed') return <LoadFailed message={messageOf(order.error, m.somethingWrong)} retry={m.retry} onRetry={order.reload} />;
  if (!order.data) return <SkeletonGrid rows={3} label={m.loading} />;
  const o: OrderDetail = order.data.result;
  const money = (n: number) => formatPrice(n, o.amount.currencyCode);
  const ledger = o.money;
  const a = o.shippingAddress;
  const row = (label: string, value: string) => (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const upgrades = ledger?.payments.filter((x) => x.kind === 'lensupgrade' && x.status === 'SUCCESS') ?? [];
  return (
    <div className="acc-invoice">
      <div className="acc-actions acc-no-print">
        <Link to={`/sales/order/history/order-detail/${o.id}`}>{v.backToOrder}</Link>
        <button type="button" className="ui-button" onClick={() => window.print()}>
          {v.print}
        </button>
      </div>
      <section aria-label={formatMessage(v.invoiceFor, { id: o.id })}>
        <h2>{formatMessage(v.invoiceFor, { id: o.id })}</h2>
        <p>{formatMessage(v.invoiceDate, { date: dateOf(o.createdAt) })}</p>
        <p>{v.soldBy}</p>
        <h3>{v.billedTo}</h3>
        <address>
          {a.firstName} {a.lastName}
          <br />
          {a.addressline1}
          {a.addressline2 ? `, ${a.addressline2}` : ''}
          <br />
          {a.city} {a.state} {a.postcode}
        </address>
        <div className="acc-invoice__scroll">
          <table aria-label={m.items}>
            <thead>
              <tr>
                <th scope="col">{v.item}</th>
                <th scope="col">{v.qty}</th>
                <th scope="col">{v.unitPrice}</th>
                <th scope="col">{v.amount}</th>
              </tr>
            </thead>
            <tbody>
              {o.items.map((item) => (
                <tr key={item.id}>
                  <td>{item.status === 'CANCELLED' ? formatMessage(v.itemCancelled, { name: item.name }) : item.name}</td>
                  <td>{item.quantity}</td>
                  <td>{money(item.price.value)}</td>
                  <td>{money(item.price.value * item.quantity)}</td>
                </tr>
              ))}
              {upgrades.map((x, index) => (
                <tr key={`upgrade-${index}`}>
                  <td>{formatMessage(v.lensUpgradeFor, { name: o.items.find((i) => i.id === x.itemId)?.name ?? '' })}</td>
                  <td>1</td>
                  <td>{money(x.amount)}</td>
                  <td>{money(x.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="acc-totals">
          {ledger ? row(p.itemsTotal, money(ledger.itemsTotal)) : null}
          <Discounts order={o} discounts={ledger?.discounts} />
          {row(m.shippingFee, money(ledger?.shipping ?? o.amount.shipping))}
          {row(p.orderValue, money(ledger?.orderValue ?? o.amount.total))}
          {ledger && ledger.lensUpgrades > 0 ? row(p.lensUpgrades, money(ledger.lensUpgrades)) : null}
          {ledger ? row(v.totalCharged, money(ledger.charged)) : null}
        </dl>
      </section>
      <section aria-label={v.taxes}>
        <h2>{v.taxes}</h2>
        <dl className="acc-totals">
          {ledger
            ? ledger.taxLines.map((t) => (
                <div key={t.name}>
                  <dt>{formatMessage(p.taxLine, { name: t.name, rate: t.ratePercent })}</dt>
                  <dd>{money(t.amount)}</dd>
                </div>
              ))
            : null}
          {row(v.totalTax, money(ledger?.taxIncluded ?? o.amount.totalTax))}
        </dl>
      </section>
      {ledger ? <OrderMoneyView order={o} money={ledger} totals={false} /> : null}
    </div>
  );
}
