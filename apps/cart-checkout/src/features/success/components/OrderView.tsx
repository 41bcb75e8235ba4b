import { useEffect } from 'react';
import { ApiError, checkoutRoutes } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, formatPrice, isCountryCode, useMessages, useDateOf } from '@eyewear/i18n';
import { taxLineLabel } from '@eyewear/i18n/rules';
import { Link, useSearchParams } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { trackPurchaseOnce } from '../../../app/tracking';
import { PowerBlock } from '../../cart';
import { successMessages } from '../messages';
import '../../../app/cart.css';

/**
 * The order just placed: number, delivery address, items with their lens package and powers,
 * totals with the country's tax line, payment method, delivery estimate, and the
 * upload-prescription prompt only when an item's power is to be given later (issue 42).
 */
export default function OrderView({ variant }: { variant: 'success' | 'summary' }) {
  const m = useMessages(messages);
  const s = useMessages(successMessages);
  const dateOf = useDateOf();
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId') ?? params.get('order_id') ?? NaN);
  const valid = Number.isInteger(orderId) && orderId > 0;
  const query = useQuery(checkoutRoutes.order, { params: { orderId } }, { enabled: valid });
  const order = query.status === 'ready' ? (query.data?.result ?? null) : null;

  useEffect(() => {
    // shopping §4 "Tracking": the purchase event, once per order and session, for a paid order.
    if (order && variant === 'success' && order.status !== 'PENDING_PAYMENT') {
      trackPurchaseOnce({ id: order.id, total: order.amount.total, currencyCode: order.amount.currencyCode });
    }
  }, [order, variant]);

  const error = !valid
    ? m.orderNotFound
    : query.status === 'failed'
      ? query.error instanceof ApiError && query.error.status === 404
        ? m.orderNotFound
        : m.errorGeneric
      : null;
  if (error)
    return (
      <p role="alert" className="cc-error">
        {error}
      </p>
    );
  if (!order)
    return (
      <div aria-busy="true" aria-label={m.loadingOrder}>
        <Skeleton height="10rem" />
      </div>
    );

  const price = (v: number) => formatPrice(v, order.amount.currencyCode);
  const method = order.payments.paymentList[order.payments.paymentList.length - 1]?.method;
  const methodLabel = method ? m[`method_${method}`] : null;
  // Only an item whose power the shopper chose to give later waits for a prescription: never a
  // frame-only, zero-power or plain-sunglasses one (the API's power-submission classification).
  const waiting = order.items.filter((i) => i.powerSubmission === 'later-on-checkout-or-call');
  const a = order.shippingAddress;
  const country = isCountryCode(a.country) ? a.country : null;
  const taxLabel = country ? taxLineLabel(country, order.amount.totalTax) : null;
  return (
    <div className="cc-order" data-testid="order-view">
      {variant === 'success' ? <p className="cc-order__placed">{formatMessage(m.orderPlaced, { orderId: order.id })}</p> : null}
      {/* Issue 42: paid with an exchange credit, the order ended exchange mode (the checkout asked the shell to leave it). */}
      {variant === 'success' && order.amount.discounts.some((d) => d.type === 'exchange') ? <p role="status">{m.exchangeComplete}</p> : null}
      <dl className="cc-totals">
        <div className="cc-totals__row">
          <dt>{m.orderNumber}</dt>
          <dd data-testid="order-number">{order.id}</dd>
        </div>
        <div className="cc-totals__row">
          <dt>{m.paymentMethod}</dt>
          <dd>{methodLabel}</dd>
        </div>
      </dl>
      {order.estimatedDelivery ? <p>{formatMessage(m.deliveryEstimate, { date: dateOf(order.estimatedDelivery) })}</p> : null}
      {order.membershipEndsOn ? <p>{formatMessage(m.membershipEnds, { date: dateOf(order.membershipEndsOn) })}</p> : null}
      <section aria-labelledby="cc-order-address">
        <h2 id="cc-order-address">{s.deliveryAddress}</h2>
        <address className="cc-order__address" data-testid="order-address">
          {`${a.firstName} ${a.lastName ?? ''}`.trim()}
          <br />
          {[a.addressline1, a.addressline2, a.landmark, a.locality].filter(Boolean).join(', ')}
          <br />
          {[a.city, a.state, a.postcode].filter(Boolean).join(', ')}
          <br />
          {formatMessage(s.phone, { phone: a.phone })}
        </address>
      </section>
      <h2>{m.items}</h2>
      <ul className="cc-items">
        {order.items.map((i) => (
          <li key={i.id} className="cc-item">
            {i.thumbnail ? <img src={i.thumbnail} alt="" width={100} height={100} className="cc-item__thumb" /> : null}
            <div className="cc-item__body">
              <span className="cc-item__name">
                {i.name} × {i.quantity}
              </span>
              {i.packageName ? <span data-testid="order-item-package">{formatMessage(s.lensPackage, { name: i.packageName })}</span> : null}
              <span>{price(i.price.value * i.quantity)}</span>
              <PowerBlock shownOwners={[]} item={{ prescription: i.prescription ?? undefined }} />
            </div>
          </li>
        ))}
      </ul>
      <dl className="cc-totals">
        {order.subTotal !== undefined ? (
          <div className="cc-totals__row">
            <dt>{m.subTotal}</dt>
            <dd>{price(order.subTotal)}</dd>
          </div>
        ) : null}
        {order.amount.discounts.map((d) => (
          <div className="cc-totals__row cc-totals__row--discount" key={`${d.type}${d.code ?? ''}`}>
            <dt>{d.type === 'brand' ? formatMessage(m.ownBrandDiscount, { brand: d.code ?? '' }) : (m as Record<string, string>)[`discount_${d.type}`]}</dt>
            <dd>−{price(d.amount)}</dd>
          </div>
        ))}
        <div className="cc-totals__row">
          <dt>{m.convenienceFee}</dt>
          <dd>{order.amount.shipping === 0 ? m.free : price(order.amount.shipping)}</dd>
        </div>
        {taxLabel ? (
          <div className="cc-totals__row cc-totals__row--muted">
            <dt>{taxLabel}</dt>
            <dd data-testid="order-tax">{price(order.amount.totalTax)}</dd>
          </div>
        ) : null}
        <div className="cc-totals__row cc-totals__row--net">
          <dt>{m.total}</dt>
          <dd data-testid="order-total">{price(order.amount.total)}</dd>
        </div>
      </dl>
      {waiting.length ? (
        <aside className="cc-section" aria-labelledby="cc-order-power">
          <h2 id="cc-order-power">{m.uploadPrescription}</h2>
          <p>{formatMessage(s.uploadPrescriptionFor, { names: waiting.map((i) => i.name).join(', ') })}</p>
          <Link to="/customer/prescriptions/">{m.uploadPrescription}</Link>
        </aside>
      ) : null}
      {variant === 'success' ? <Link to={`/checkout/onepage/success/order-summary?orderId=${order.id}`}>{m.viewSummary}</Link> : null}
    </div>
  );
}
