import { useEffect, useRef, useState, type FormEvent } from 'react';
import { type Address, type CancelReason, type Order, type RefundMethod, type TrackedOrder } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { fieldOf, messageOf } from '../../shared/api';
import { Field, FormError, LoadFailed, SelectField } from '../../shared/form';
import { useAccountApi, useRemote } from '../../shared/hooks';
import { sectionMessages } from '../account/messages';
import { dateOf } from './OrdersList';
import { useItemApi } from '../../shared/item-api';
import { ItemLensActions } from './ItemLensActions';
import { ItemPowerForm } from './ItemPowerForm';
import { PowerBlock } from './PowerBlock';

const CANCELLABLE = new Set(['PROCESSING', 'CONFIRMED', 'PACKED']);

/** An item's status history, oldest first, as a collapsed list. */
function ItemHistory({ history }: { history: Array<{ status: string; date: string }> }) {
  const m = useMessages(sectionMessages);
  return (
    <details>
      <summary>{m.history}</summary>
      <ol>
        {history.map((h, index) => (
          <li key={index}>
            {h.status} · {dateOf(h.date)}
          </li>
        ))}
      </ol>
    </details>
  );
}

function CancelForm({ order, onDone }: { order: Order; onDone(message: string): void }) {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const options = useRemote(() => api.cancelReasons(order.id).then((a) => a.result), [order.id]);
  const [reasonId, setReasonId] = useState('');
  const [refundMethod, setRefundMethod] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // One cancellation per form: a double click or a second submit before the answer sends nothing more.
  const inFlight = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  if (options.status === 'loading') return <SkeletonGrid rows={1} label={m.loading} />;
  if (options.status === 'failed') return <LoadFailed message={messageOf(options.error, m.somethingWrong)} retry={m.retry} onRetry={options.reload} />;
  const { reasons, refundMethods } = options.data as { reasons: CancelReason[]; refundMethods: RefundMethod[] };
  const enabled = refundMethods.filter((r) => r.enabled);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    setFailure(null);
    try {
      const answer = await api.cancel(order.id, {
        reasonId: Number(reasonId || reasons[0]!.id),
        ...(enabled.length ? { refundMethod: (refundMethod || enabled[0]!.method) as 'source' | 'storecredit' } : {}),
      });
      const r = answer.result;
      onDone(r.refundAmount > 0 ? formatMessage(m.cancelled, { amount: formatPrice(r.refundAmount, r.currencyCode) }) : m.cancelledNoRefund);
    } catch (error) {
      // Cancelled meanwhile (another tab): say so and show the order as it is now.
      if ((error as { body?: { code?: string } }).body?.code === 'ALREADY_CANCELLED') return onDone(messageOf(error, m.somethingWrong));
      inFlight.current = false;
      setSubmitting(false);
      setFailure(messageOf(error, m.somethingWrong));
    }
  }
  return (
    <form onSubmit={submit} className="acc-card" aria-label={m.cancelOrder}>
      <SelectField
        name="reason"
        label={m.cancelReason}
        value={reasonId || String(reasons[0]?.id ?? '')}
        onChange={setReasonId}
        options={reasons.map((r) => ({ value: String(r.id), label: r.reason }))}
      />
      {enabled.length ? (
        <fieldset>
          <legend>{m.refundMethod}</legend>
          {enabled.map((r) => (
            <label key={r.method} className="acc-radio">
              <input
                type="radio"
                name="refundMethod"
                value={r.method}
                checked={(refundMethod || enabled[0]!.method) === r.method}
                onChange={() => setRefundMethod(r.method)}
              />
              {r.label}
            </label>
          ))}
        </fieldset>
      ) : null}
      <FormError message={failure} />
      <button type="submit" className="ui-button" disabled={submitting} aria-busy={submitting}>
        {m.confirmCancel}
      </button>
    </form>
  );
}

/** Ships an unshipped order to another saved address (PUT orders/{id}/shippingAddress). */
function ChangeAddress({ orderId, onDone }: { orderId: number; onDone(): void }) {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const list = useRemote(() => api.addresses().then((a) => a.result.addresses as Address[]), []);
  const [chosen, setChosen] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  if (list.status === 'loading') return <SkeletonGrid rows={1} label={m.loading} />;
  if (list.status === 'failed') return <LoadFailed message={messageOf(list.error, m.somethingWrong)} retry={m.retry} onRetry={list.reload} />;
  if (list.data.length === 0) return <p>{m.noAddresses}</p>;
  const addressId = Number(chosen || list.data[0]!.addressId);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = (list.data as Address[]).find((a) => a.addressId === addressId)!;
    const { addressId: _id, defaultAddress: _default, ...input } = address;
    try {
      await api.orderShippingAddress(orderId, input);
      onDone();
    } catch (error) {
      setFailure(messageOf(error, m.somethingWrong));
    }
  }
  return (
    <form onSubmit={submit} className="acc-card" aria-label={m.changeAddress}>
      <SelectField
        name="address"
        label={m.changeAddress}
        value={String(addressId)}
        onChange={setChosen}
        options={list.data.map((a) => ({ value: String(a.addressId), label: `${a.addressline1}, ${a.city} ${a.postcode}` }))}
      />
      <FormError message={failure} />
      <button type="submit" className="ui-button">
        {m.save}
      </button>
    </form>
  );
}

function NeftForm({ orderId }: { orderId: number }) {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const [values, setValues] = useState({ accountHolderName: '', accountNumber: '', ifscCode: '', bankName: '' });
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const set = (key: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [key]: v }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await api.editNeft(orderId, { ...values, ifscCode: values.ifscCode.toUpperCase() });
      setSaved(true);
    } catch (failure) {
      setError({ field: fieldOf(failure), message: messageOf(failure, m.somethingWrong) });
    }
  }
  const errorFor = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <form onSubmit={submit} className="acc-card" aria-label={m.neftTitle}>
      <h2 className="acc-card__title">{m.neftTitle}</h2>
      <Field
        name="accountHolderName"
        label={m.neftHolder}
        value={values.accountHolderName}
        onChange={set('accountHolderName')}
        error={errorFor('accountHolderName')}
      />
      <Field
        name="accountNumber"
        label={m.neftNumber}
        inputMode="numeric"
        value={values.accountNumber}
        onChange={set('accountNumber')}
        error={errorFor('accountNumber')}
      />
      <Field name="ifscCode" label={m.neftIfsc} value={values.ifscCode} onChange={set('ifscCode')} error={errorFor('ifscCode')} />
      <Field name="bankName" label={m.neftBank} value={values.bankName} onChange={set('bankName')} error={errorFor('bankName')} />
      <FormError message={error && !error.field ? error.message : null} />
      {saved ? <p role="status">{m.neftSaved}</p> : null}
      <button type="submit" className="ui-button">
        {m.save}
      </button>
    </form>
  );
}

/**
 * An order opened from an e-mail or SMS link (no login), proved by its e-mail: the API gives
 * only its status, items, total and city (no phone, no address, no payments); only the power
 * can be updated, confirmed with the code sent to the order's phone.
 */
function TrackedOrderDetail({ orderId, email }: { orderId: number; email: string }) {
  const m = useMessages(sectionMessages);
  const items = useItemApi();
  const order = useRemote(() => items.track(orderId, email).then((a) => a.result), [orderId, email]);
  if (order.status === 'loading' && !order.data) return <SkeletonGrid rows={3} label={m.loading} />;
  if (order.status === 'failed') return <LoadFailed message={messageOf(order.error, m.somethingWrong)} retry={m.retry} onRetry={order.reload} />;
  const o = order.data as TrackedOrder;
  return (
    <div className="acc-order" data-testid="account-tracked-order">
      <p>
        {formatMessage(m.placedOn, { date: dateOf(o.createdAt) })} · {formatMessage(m.orderStatus, { status: o.status })}
      </p>
      <section aria-label={m.items}>
        <h2>{m.items}</h2>
        <ul className="acc-list">
          {o.items.map((item) => (
            <li key={item.id} className="acc-card" data-testid="account-order-item">
              <h3 className="acc-card__title">{item.name}</h3>
              <p>
                {formatMessage(m.quantity, { n: item.quantity })} · {formatPrice(item.price.value, o.currencyCode)} · {item.status}
              </p>
              {CANCELLABLE.has(item.status) && (item.classification === 'eyeframe' || item.classification === 'sunglasses') ? (
                <details>
                  <summary>{m.updatePower}</summary>
                  <ItemPowerForm orderId={o.id} item={item} email={email} onSaved={order.reload} />
                </details>
              ) : null}
              <ItemHistory history={item.statusHistory} />
            </li>
          ))}
        </ul>
      </section>
      <p>
        {m.grandTotal}: {formatPrice(o.total, o.currencyCode)}
      </p>
      <p>
        {m.shippingTo}: {o.shippingCity}
      </p>
    </div>
  );
}

/**
 * One order: items with power, status history, payments, totals; cancel, COD confirmation,
 * NEFT, returns. With `email` (a link from an e-mail or SMS, no login): the tracked view.
 */
export default function OrderDetail({ orderId, email }: { orderId: number; email?: string }) {
  return email ? <TrackedOrderDetail orderId={orderId} email={email} /> : <OwnOrderDetail orderId={orderId} />;
}

function OwnOrderDetail({ orderId }: { orderId: number }) {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const order = useRemote(() => api.order(orderId).then((a) => a.result), [orderId]);
  const [cancelling, setCancelling] = useState(false);
  const [moving, setMoving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const unauthorized = order.status === 'failed' && (order.error as { status?: number }).status === 401;
  useEffect(() => {
    // account §4: a 401 on an order fetch creates a guest session.
    if (unauthorized) void api.recoverSession().catch(() => undefined);
  }, [unauthorized, api]);

  if (order.status === 'loading' && !order.data) return <SkeletonGrid rows={3} label={m.loading} />;
  if (order.status === 'failed') return <LoadFailed message={messageOf(order.error, m.somethingWrong)} retry={m.retry} onRetry={order.reload} />;
  const o = order.data as Order;
  const money = (n: number) => formatPrice(n, o.amount.currencyCode);
  const cod = o.payments.paymentList.some((p) => p.method === 'cod');
  const cancellable = o.items.some((i) => CANCELLABLE.has(i.status));
  const returnable = o.items.some((i) => i.status === 'DELIVERED' || i.status === 'SHIPPED');

  async function confirmCod() {
    setFailure(null);
    try {
      await api.confirmCod(o.id);
      setNotice(m.codConfirmed);
      order.reload();
    } catch (error) {
      setFailure(messageOf(error, m.somethingWrong));
    }
  }

  return (
    <div className="acc-order">
      <p>
        {formatMessage(m.placedOn, { date: dateOf(o.createdAt) })} · {formatMessage(m.orderStatus, { status: o.status })}
      </p>
      {notice ? (
        <p role="status" className="acc-success">
          {notice}
        </p>
      ) : null}
      <FormError message={failure} />
      <section aria-label={m.items}>
        <h2>{m.items}</h2>
        <ul className="acc-list">
          {o.items.map((item) => (
            <li key={item.id} className="acc-card" data-testid="account-order-item">
              <h3 className="acc-card__title">{item.name}</h3>
              <p>
                {formatMessage(m.quantity, { n: item.quantity })} · {money(item.price.value)} · {item.status}
              </p>
              {item.prescription ? <PowerBlock prescription={item.prescription} /> : null}
              {CANCELLABLE.has(item.status) && (item.classification === 'eyeframe' || item.classification === 'sunglasses') ? (
                <details>
                  <summary>{m.updatePower}</summary>
                  <ItemPowerForm orderId={o.id} item={item} onSaved={order.reload} />
                </details>
              ) : null}
              {CANCELLABLE.has(item.status) && (item.classification === 'eyeframe' || item.classification === 'sunglasses') ? (
                <details>
                  <summary>{m.lenses}</summary>
                  <ItemLensActions orderId={o.id} item={item} onChanged={order.reload} />
                </details>
              ) : null}
              <ItemHistory history={item.statusHistory} />
              {item.status === 'RETURN_REQUESTED' || item.status === 'RETURNED' || item.status === 'REFUNDED' ? (
                <Link to={`/sales/order/return-details/${item.id}`}>{m.returnDetailsLink}</Link>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section aria-label={m.payments}>
        <h2>{m.payments}</h2>
        <ul>
          {o.payments.paymentList.map((p, index) => (
            <li key={index}>
              {p.method.toUpperCase()} · {money(p.amount)} · {p.status}
            </li>
          ))}
        </ul>
      </section>
      <section aria-label={m.totals}>
        <h2>{m.totals}</h2>
        <dl className="acc-totals">
          {o.amount.discounts.map((d, index) => (
            <div key={index}>
              <dt>{m.discount}</dt>
              <dd>-{money(d.amount)}</dd>
            </div>
          ))}
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
        <p>
          {m.shippingTo}: {o.shippingAddress.firstName} {o.shippingAddress.lastName}, {o.shippingAddress.addressline1}, {o.shippingAddress.city}{' '}
          {o.shippingAddress.postcode}
        </p>
      </section>
      <div className="acc-actions">
        {cod && o.codConfirmed === false ? (
          <button type="button" className="ui-button" onClick={confirmCod}>
            {m.confirmCod}
          </button>
        ) : null}
        {cancellable && o.status !== 'CANCELLED' ? (
          <button type="button" className="ui-button" aria-expanded={cancelling} onClick={() => setCancelling((c) => !c)}>
            {m.cancelOrder}
          </button>
        ) : null}
        {cancellable && o.status !== 'CANCELLED' && o.items.every((i) => CANCELLABLE.has(i.status) || i.status === 'CANCELLED') ? (
          <button type="button" className="ui-button" aria-expanded={moving} onClick={() => setMoving((v) => !v)}>
            {m.changeAddress}
          </button>
        ) : null}
        {returnable ? (
          <Link className="ui-button" to={`/sales/order/return/products/${o.id}`}>
            {m.returnItems}
          </Link>
        ) : null}
      </div>
      {cancelling ? (
        <CancelForm
          order={o}
          onDone={(message) => {
            setCancelling(false);
            setNotice(message);
            order.reload();
          }}
        />
      ) : null}
      {moving ? (
        <ChangeAddress
          orderId={o.id}
          onDone={() => {
            setMoving(false);
            setNotice(m.addressChanged);
            order.reload();
          }}
        />
      ) : null}
      {cod ? <NeftForm orderId={o.id} /> : null}
    </div>
  );
}
