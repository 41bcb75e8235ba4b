import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { messageOf, returnRoutes, type Order, type Return, type ReturnEligibility } from '@eyewear/api-client';
import { exchangeStartRequested, useQuery } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { FormError, SelectField } from '../../../app/form';
import { type OrderItem } from '../../../app/order-items';
import { sectionMessages } from '../../../app/section-messages';
import { useReturnsApi } from '../api';
import { ModeChoice, type ModeCode } from './ModeChoice';

type Method = 'refund' | 'exchange' | 'new_product';

/** The return of one item: the reason, refund or exchange, and how it goes back. */
export function ReturnForm({
  order,
  item,
  eligibility,
  onCreated,
}: {
  order: Order;
  item: OrderItem;
  eligibility: ReturnEligibility;
  onCreated(created: Return): void;
}) {
  const m = useMessages(sectionMessages);
  const api = useReturnsApi();
  const dispatch = useDispatch();
  const reasons = useQuery(returnRoutes.reasons, { query: { classification: item.classification } });
  const reasonList = reasons.status === 'ready' ? reasons.data?.result.reasons : undefined;
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
    const list = reasonList ?? [];
    const form = event.currentTarget as HTMLFormElement;
    // The selects show their first option until changed: read what is shown.
    const shownAddress = (form.elements.namedItem('pickupAddress') as HTMLSelectElement | null)?.value ?? pickupAddressId;
    const shownStore = (form.elements.namedItem('store') as HTMLSelectElement | null)?.value ?? storeCode;
    try {
      const created = await api.create(order.id, {
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
      {reasonList ? (
        <SelectField
          name="reason"
          label={m.returnReason}
          value={reasonId || String(reasonList[0]?.id ?? '')}
          onChange={setReasonId}
          options={reasonList.map((r) => ({ value: String(r.id), label: r.reason }))}
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
