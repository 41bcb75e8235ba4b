import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { type Address, type Order, type RefundMethod, type Return, type ReturnEligibility, type ReturnMode, type ReturnReason } from '@eyewear/api-client';
import { exchangeStartRequested } from '@eyewear/event-bus';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { Link, useNavigate } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { messageOf } from '../../shared/api';
import { Field, FormError, LoadFailed, SelectField } from '../../shared/form';
import { useAccountApi, useRemote } from '../../shared/hooks';
import { sectionMessages } from '../account/messages';

type Method = 'refund' | 'exchange' | 'new_product';

/** Picks the refund method once the return exists, then shows the return details. */
function RefundChoice({ orderId, itemId, currency }: { orderId: number; itemId: number; currency: string }) {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const navigate = useNavigate();
  const data = useRemote(
    () =>
      Promise.all([api.refundMethods(itemId), api.refundEstimate(itemId)]).then(([methods, estimate]) => ({
        methods: methods.result.methods,
        estimate: estimate.result,
      })),
    [itemId],
  );
  const [choice, setChoice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  if (data.status === 'loading') return <SkeletonGrid rows={1} label={m.loading} />;
  if (data.status === 'failed') return <LoadFailed message={messageOf(data.error, m.somethingWrong)} retry={m.retry} onRetry={data.reload} />;
  const methods = (data.data!.methods as RefundMethod[]).filter((r) => r.enabled);
  const chosen = choice || methods[0]?.method || '';
  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      await api.createRefund(orderId, itemId, chosen as RefundMethod['method']);
      navigate(`/sales/order/return-details/${itemId}`);
    } catch (error) {
      setFailure(messageOf(error, m.somethingWrong));
    }
  }
  return (
    <form onSubmit={submit} className="acc-card" aria-label={m.refundTitle}>
      <h2 className="acc-card__title">{m.refundTitle}</h2>
      <p>{formatMessage(m.refundEstimate, { amount: formatPrice(data.data!.estimate.amount, currency) })}</p>
      <fieldset>
        <legend>{m.refundMethod}</legend>
        {methods.map((r) => (
          <label key={r.method} className="acc-radio">
            <input type="radio" name="refundMethod" value={r.method} checked={chosen === r.method} onChange={() => setChoice(r.method)} />
            {r.label}
            {r.description ? <small> ({r.description})</small> : null}
          </label>
        ))}
      </fieldset>
      <FormError message={failure} />
      <button type="submit" className="ui-button">
        {m.requestRefund}
      </button>
    </form>
  );
}

type ModeCode = ReturnMode['mode'];
interface Store {
  code: string;
  name: string;
  address: string;
  city: string;
}

/**
 * How the item goes back (account §3/§7 "modes by pincode"): the modes the API offers at the
 * pincode (pickup from a saved address there, a store near it, or shipping it oneself).
 */
function ModeChoice({
  pincode,
  onPincode,
  mode,
  onMode,
  pickupAddressId,
  onPickup,
  storeCode,
  onStore,
}: {
  pincode: string;
  onPincode(v: string): void;
  mode: ModeCode;
  onMode(v: ModeCode): void;
  pickupAddressId: string;
  onPickup(v: string): void;
  storeCode: string;
  onStore(v: string): void;
}) {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const [asked, setAsked] = useState(pincode);
  const modes = useRemote(() => api.returnModes(asked).then((a) => a.result as { modes: ReturnMode[]; stores: Store[] }), [asked]);
  const addresses = useRemote(
    () => (mode === 'pickup' ? api.addresses().then((a) => a.result.addresses as Address[]) : Promise.resolve([] as Address[])),
    [mode === 'pickup'],
  );
  const here = (addresses.data ?? []).filter((a) => a.postcode === asked);
  return (
    <fieldset>
      <legend>{m.returnMode}</legend>
      <Field name="pincode" label={m.pincode} inputMode="numeric" value={pincode} onChange={onPincode} />
      <button type="button" className="ui-button ui-button--link" onClick={() => (pincode === asked ? modes.reload() : setAsked(pincode))}>
        {m.checkModes}
      </button>
      {modes.status === 'loading' ? <SkeletonGrid rows={1} label={m.loading} /> : null}
      {modes.status === 'failed' ? <FormError message={messageOf(modes.error, m.somethingWrong)} /> : null}
      {modes.status === 'success'
        ? modes.data.modes.map((x) => (
            <label key={x.mode} className="acc-radio">
              <input type="radio" name="mode" value={x.mode} disabled={!x.available} checked={mode === x.mode} onChange={() => onMode(x.mode)} />
              {x.available ? x.label : formatMessage(m.modeUnavailable, { label: x.label })}
            </label>
          ))
        : null}
      {mode === 'pickup' && addresses.status === 'success' ? (
        here.length ? (
          <SelectField
            name="pickupAddress"
            label={m.pickupAddress}
            value={pickupAddressId || String(here[0]!.addressId)}
            onChange={onPickup}
            options={here.map((a) => ({ value: String(a.addressId), label: `${a.addressline1}, ${a.city} ${a.postcode}` }))}
          />
        ) : (
          <p role="alert">{formatMessage(m.noPickupAddress, { pincode: asked })}</p>
        )
      ) : null}
      {mode === 'store_return' && modes.status === 'success' && modes.data.stores.length ? (
        <SelectField
          name="store"
          label={m.returnStore}
          value={storeCode || modes.data.stores[0]!.code}
          onChange={onStore}
          options={modes.data.stores.map((st) => ({ value: st.code, label: `${st.name}, ${st.address}` }))}
        />
      ) : null}
    </fieldset>
  );
}

function ReturnForm({
  order,
  item,
  eligibility,
  onCreated,
}: {
  order: Order;
  item: Order['items'][number];
  eligibility: ReturnEligibility;
  onCreated(created: Return): void;
}) {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const dispatch = useDispatch();
  const reasons = useRemote(() => api.returnReasons(item.classification).then((a) => a.result.reasons as ReturnReason[]), [item.classification]);
  const [reasonId, setReasonId] = useState('');
  const [method, setMethod] = useState<Method>('refund');
  const [pincode, setPincode] = useState(order.shippingAddress.postcode);
  const [mode, setMode] = useState<ModeCode>('self_ship');
  const [pickupAddressId, setPickupAddressId] = useState('');
  const [storeCode, setStoreCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const list = (reasons.data ?? []) as ReturnReason[];
    const form = event.currentTarget as HTMLFormElement;
    // The selects show their first option until changed: read what is shown.
    const shownAddress = (form.elements.namedItem('pickupAddress') as HTMLSelectElement | null)?.value ?? pickupAddressId;
    const shownStore = (form.elements.namedItem('store') as HTMLSelectElement | null)?.value ?? storeCode;
    try {
      const created = await api.createReturn(order.id, {
        items: [{ itemId: item.id, reasonId: Number(reasonId || list[0]?.id) }],
        returnMethod: method,
        mode,
        ...(mode === 'pickup' && shownAddress ? { pickupAddressId: Number(shownAddress) } : {}),
        ...(mode === 'store_return' && shownStore ? { storeCode: shownStore } : {}),
      });
      if (method === 'new_product') dispatch(exchangeStartRequested({ orderId: order.id, itemId: item.id, returnMode: mode }));
      onCreated(created.result);
    } catch (error) {
      setFailure(messageOf(error, m.somethingWrong));
    }
  }
  return (
    <form onSubmit={submit} className="acc-card" aria-label={formatMessage(m.chooseItem, { name: item.name })}>
      {reasons.status === 'loading' ? <SkeletonGrid rows={1} label={m.loading} /> : null}
      {reasons.status === 'success' ? (
        <SelectField
          name="reason"
          label={m.returnReason}
          value={reasonId || String(reasons.data[0]?.id ?? '')}
          onChange={setReasonId}
          options={reasons.data.map((r) => ({ value: String(r.id), label: r.reason }))}
        />
      ) : null}
      <fieldset>
        <legend>{m.returnMethod}</legend>
        {(
          [
            ['refund', m.methodRefund, eligibility.isRefundable],
            ['exchange', m.methodExchange, eligibility.isExchangeable],
            ['new_product', m.methodNewProduct, eligibility.isExchangeable],
          ] as const
        )
          .filter(([, , ok]) => ok)
          .map(([value, label]) => (
            <label key={value} className="acc-radio">
              <input type="radio" name="returnMethod" value={value} checked={method === value} onChange={() => setMethod(value)} />
              {label}
            </label>
          ))}
      </fieldset>
      <ModeChoice
        pincode={pincode}
        onPincode={setPincode}
        mode={mode}
        onMode={setMode}
        pickupAddressId={pickupAddressId}
        onPickup={setPickupAddressId}
        storeCode={storeCode}
        onStore={setStoreCode}
      />
      <FormError message={failure} />
      <button type="submit" className="ui-button">
        {m.startReturn}
      </button>
    </form>
  );
}

/** /sales/order/return/products/{id}: eligibility per item, the return form, then the refund method. */
export default function ReturnProducts({ orderId }: { orderId: number }) {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const data = useRemote(
    () =>
      Promise.all([api.order(orderId), api.eligibility(orderId)]).then(([order, eligibility]) => ({ order: order.result, eligibility: eligibility.result })),
    [orderId],
  );
  const [selected, setSelected] = useState<number | null>(null);
  const [created, setCreated] = useState<Return | null>(null);
  if (data.status === 'loading') return <SkeletonGrid rows={2} label={m.loading} />;
  if (data.status === 'failed') return <LoadFailed message={messageOf(data.error, m.somethingWrong)} retry={m.retry} onRetry={data.reload} />;
  const { order, eligibility } = data.data as { order: Order; eligibility: ReturnEligibility[] };
  if (created) {
    const itemId = created.itemIds[0]!;
    return (
      <div>
        <p role="status" className="acc-success">
          {formatMessage(m.returnCreated, { groupId: created.groupId })}
        </p>
        {created.returnMethod === 'refund' ? (
          <RefundChoice orderId={order.id} itemId={itemId} currency={order.amount.currencyCode} />
        ) : created.returnMethod === 'new_product' ? (
          <p>
            {m.exchangeStarted} <Link to="/eyeglasses.html">{m.shopForExchange}</Link>
          </p>
        ) : (
          <Link to={`/sales/order/return-details/${itemId}`}>{m.returnDetailsLink}</Link>
        )}
      </div>
    );
  }
  return (
    <ul className="acc-list">
      {order.items.map((item) => {
        const e = eligibility.find((x) => x.itemId === item.id);
        return (
          <li key={item.id} className="acc-card" data-testid="account-return-item">
            <h2 className="acc-card__title">{item.name}</h2>
            {e?.returnable ? (
              <>
                <p>{m.eligible}</p>
                {selected === item.id ? (
                  <ReturnForm order={order} item={item} eligibility={e} onCreated={setCreated} />
                ) : (
                  <button type="button" className="ui-button" onClick={() => setSelected(item.id)}>
                    {formatMessage(m.chooseItem, { name: item.name })}
                  </button>
                )}
              </>
            ) : (
              <p>{formatMessage(m.notEligible, { reason: e?.reason ?? '' })}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
