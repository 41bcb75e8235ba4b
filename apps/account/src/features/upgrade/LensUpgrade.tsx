import { useRef, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { type Order } from '@eyewear/api-client';
import { toastShow } from '@eyewear/event-bus';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { messageOf } from '../../shared/api';
import { Field, FormError, LoadFailed } from '../../shared/form';
import { useAccountApi, useRemote } from '../../shared/hooks';
import { newAttemptKey, useItemApi } from '../../shared/item-api';
import { UPDATE_TOAST_MS } from '../orders/ItemPowerForm';
import { upgradeMessages } from './messages';
import '../../shared/account.css';

const CHANGEABLE = new Set(['PROCESSING', 'CONFIRMED', 'PACKED']);
export const lensItems = (order: Order) =>
  order.items.filter((i) => (i.classification === 'eyeframe' || i.classification === 'sunglasses') && CHANGEABLE.has(i.status));

/** /lens-package-upgrade/{orderId}: the order's glasses whose lenses can still change. */
function ChooseItem({ orderId }: { orderId: number }) {
  const m = useMessages(upgradeMessages);
  const api = useAccountApi();
  const order = useRemote(() => api.order(orderId).then((a) => a.result), [orderId]);
  if (order.status === 'loading') return <SkeletonGrid rows={2} label={m.loading} />;
  if (order.status === 'failed') return <LoadFailed message={messageOf(order.error, m.somethingWrong)} retry={m.retry} onRetry={order.reload} />;
  const items = lensItems(order.data);
  return (
    <section aria-label={m.chooseItem}>
      <h2>{m.chooseItem}</h2>
      {items.length === 0 ? (
        <p>{m.noItems}</p>
      ) : (
        <ul className="acc-list">
          {items.map((item) => (
            <li key={item.id} className="acc-card">
              <Link to={`/lens-package-upgrade/${orderId}/${item.id}`}>{formatMessage(m.upgradeItem, { name: item.name })}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Card payment of a difference, through the order payment call (the cart's simulated gateway decides). */
function PayDifference({
  paymentOrderId,
  amount,
  currencyCode,
  onPaid,
}: {
  paymentOrderId: number;
  amount: number;
  currencyCode: string;
  onPaid(): Promise<void>;
}) {
  const m = useMessages(upgradeMessages);
  const items = useItemApi();
  const [card, setCard] = useState({ number: '', nameOnCard: '', expiryMonth: '', expiryYear: '', cvv: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One attempt keeps its key until its answer arrives: a double submit never pays twice.
  const attempt = useRef<string | null>(null);
  const set = (key: keyof typeof card) => (value: string) => setCard((c) => ({ ...c, [key]: value }));
  const price = formatPrice(amount, currencyCode as 'INR');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    attempt.current ??= newAttemptKey();
    try {
      await items.payOrder(
        paymentOrderId,
        {
          number: card.number.replace(/\s/g, ''),
          nameOnCard: card.nameOnCard,
          expiryMonth: Number(card.expiryMonth),
          expiryYear: Number(card.expiryYear),
          cvv: card.cvv,
        },
        attempt.current,
      );
      attempt.current = null;
      await onPaid();
    } catch (error) {
      attempt.current = null;
      setFailure(messageOf(error, m.somethingWrong));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="acc-card" aria-label={m.payTitle}>
      <h2 className="acc-card__title">{m.payTitle}</h2>
      <p>{formatMessage(m.pending, { amount: price })}</p>
      <Field name="cardNumber" label={m.cardNumber} inputMode="numeric" autoComplete="cc-number" value={card.number} onChange={set('number')} />
      <Field name="nameOnCard" label={m.nameOnCard} autoComplete="cc-name" value={card.nameOnCard} onChange={set('nameOnCard')} />
      <Field name="expiryMonth" label={m.expiryMonth} inputMode="numeric" autoComplete="cc-exp-month" value={card.expiryMonth} onChange={set('expiryMonth')} />
      <Field name="expiryYear" label={m.expiryYear} inputMode="numeric" autoComplete="cc-exp-year" value={card.expiryYear} onChange={set('expiryYear')} />
      <Field name="cvv" label={m.cvv} type="password" inputMode="numeric" autoComplete="cc-csc" value={card.cvv} onChange={set('cvv')} />
      <FormError message={failure} />
      <button type="submit" className="ui-button" disabled={busy} aria-busy={busy}>
        {busy ? m.paying : formatMessage(m.pay, { amount: price })}
      </button>
    </form>
  );
}

/** /lens-package-upgrade/{orderId}/{itemId}: dearer packages with the price difference, and paying it. */
function UpgradeItem({ orderId, itemId }: { orderId: number; itemId: number }) {
  const m = useMessages(upgradeMessages);
  const items = useItemApi();
  const dispatch = useDispatch();
  const options = useRemote(() => items.upgradeOptions(orderId, itemId).then((a) => a.result), [orderId, itemId]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [due, setDue] = useState<{ paymentOrderId: number; amount: number; packageId: number } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (done) {
    return (
      <div className="acc-card">
        <p role="status" className="acc-success">
          {done}
        </p>
        <Link to={`/sales/order/history/order-detail/${orderId}`}>{m.backToOrder}</Link>
      </div>
    );
  }
  if (options.status === 'loading' && !options.data) return <SkeletonGrid rows={3} label={m.loading} />;
  if (options.status === 'failed') return <LoadFailed message={messageOf(options.error, m.somethingWrong)} retry={m.retry} onRetry={options.reload} />;
  const data = options.data!;
  const pending =
    due ?? (data.pending ? { paymentOrderId: data.pending.paymentOrderId, amount: data.pending.amountDue, packageId: data.pending.toPackageId } : null);
  const selected = chosen ?? data.packages[0]?.id ?? null;

  /** Applies the chosen (or just paid) package; a dearer one first asks for its difference. */
  async function applyPackage(packageId: number) {
    setFailure(null);
    try {
      const from = data.currentPackageId;
      const answer = from !== undefined ? await items.upgradePackage(orderId, itemId, from, packageId) : await items.updatePackage(orderId, itemId, packageId);
      const r = answer.result;
      if (r.status === 'PAYMENT_PENDING' && r.paymentOrderId) {
        setDue({ paymentOrderId: r.paymentOrderId, amount: r.amountDue, packageId });
        return;
      }
      dispatch(toastShow({ message: m.packageUpdated, timeout: UPDATE_TOAST_MS, success: true }));
      const name = data.packages.find((p) => p.id === packageId)?.name;
      setDone(name ? formatMessage(m.upgraded, { name }) : m.packageUpdated);
    } catch (error) {
      const message = messageOf(error, m.packageUpdateFailed);
      setFailure(message);
      dispatch(toastShow({ message, timeout: UPDATE_TOAST_MS, error: true }));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (selected !== null) await applyPackage(selected);
  }

  return (
    <div className="acc-upgrade">
      {pending ? (
        <PayDifference
          paymentOrderId={pending.paymentOrderId}
          amount={pending.amount}
          currencyCode={data.currencyCode}
          onPaid={() => applyPackage(pending.packageId)}
        />
      ) : data.packages.length === 0 ? (
        <p>{m.noUpgrade}</p>
      ) : (
        <form onSubmit={submit} aria-label={m.choosePackage}>
          <fieldset>
            <legend>{m.choosePackage}</legend>
            {data.packages.map((p) => (
              <label key={p.id} className="acc-radio acc-card">
                <input type="radio" name="package" value={p.id} checked={selected === p.id} onChange={() => setChosen(p.id)} />
                <span>
                  <strong>{p.name}</strong> · {formatMessage(m.priceDifference, { amount: formatPrice(p.priceDifference, data.currencyCode) })}
                  <br />
                  {p.description} ({p.features.join(', ')})
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="ui-button">
            {m.upgrade}
          </button>
        </form>
      )}
      <FormError message={failure} />
      <p>
        <Link to={`/sales/order/history/order-detail/${orderId}`}>{m.backToOrder}</Link>
      </p>
    </div>
  );
}

const valid = (id: number) => Number.isInteger(id) && id > 0;

export default function LensUpgrade({ orderId, itemId }: { orderId: number; itemId?: number }) {
  const m = useMessages(upgradeMessages);
  if (!valid(orderId) || (itemId !== undefined && !valid(itemId))) return <p>{m.noItems}</p>;
  return itemId === undefined ? <ChooseItem orderId={orderId} /> : <UpgradeItem orderId={orderId} itemId={itemId} />;
}
