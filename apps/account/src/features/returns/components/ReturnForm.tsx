import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { returnRoutes, type Order, type RefundMethod, type Return, type ReturnConfig, type ReturnEligibility } from '@eyewear/api-client';
import { exchangeStartRequested, useQuery } from '@eyewear/event-bus';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { failureFrom, failureText, FormError, SelectField } from '../../../app/form';
import { type OrderItem } from '../../../app/order-items';
import { sectionMessages } from '../../../app/section-messages';
import { useReturnsApi } from '../api';
import { returnsMessages } from '../messages';
import { ModeChoice, type ModeCode } from './ModeChoice';
import { PhotoField, type ReturnPhoto } from './PhotoField';
import { enabledMethods, RefundMethodField, refundNote, replacementNote } from './ReturnOutcome';

type Method = 'refund' | 'exchange' | 'new_product';

/**
 * The return of one item: the reason (with the photo it may ask for), refund or exchange, and
 * how it goes back (a pickup address can be added in place; shipping it oneself shows the
 * steps and the return address, with the item's last return day). What the return brings is
 * said before it is made (issue 42): a refund's method (sent with the return) and when its money
 * moves, the replacement an exchange for the same product sends, the credit an exchange for
 * another product gives (carried into exchange mode, where the shell and the product page show it).
 */
export function ReturnForm({
  order,
  item,
  eligibility,
  config,
  onCreated,
}: {
  order: Order;
  item: OrderItem;
  eligibility: ReturnEligibility;
  config: ReturnConfig;
  /** The return made, and what it brings in words (the refund and when it is paid, the replacement). */
  onCreated(created: Return, outcome: string | null): void;
}) {
  const m = useMessages(sectionMessages);
  const r = useMessages(returnsMessages);
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
  const [photo, setPhoto] = useState<ReturnPhoto | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reason = reasonList?.find((x) => String(x.id) === reasonId) ?? reasonList?.[0];
  const needsPhoto = reason?.needsImage === true;
  const refunding = method === 'refund';
  const refundMethods = useQuery(returnRoutes.refundMethods, { params: { itemId: item.id } }, { enabled: refunding });
  const [refundMethod, setRefundMethod] = useState<RefundMethod['method'] | ''>('');
  const offered = enabledMethods(refundMethods);
  const chosenRefund = offered.find((r) => r.method === refundMethod) ?? offered[0];
  // The ledger's figures, read with the eligibility (fetchRefundExchangeDetails): no call of their own.
  const details = eligibility.refundExchangeDetails;
  const refundAmount = details ? { value: details.refundAmount, currencyCode: details.currencyCode } : null;
  const waitingForMethods = refunding && !refundMethods.data;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!reason || waitingForMethods) return;
    if (needsPhoto && !photo) {
      setPhotoError(photoError ?? r.photoMissing);
      return;
    }
    const form = event.currentTarget as HTMLFormElement;
    // The selects show their first option until changed: read what is shown.
    const shownAddress = (form.elements.namedItem('pickupAddress') as HTMLSelectElement | null)?.value ?? pickupAddressId;
    const shownStore = (form.elements.namedItem('store') as HTMLSelectElement | null)?.value ?? storeCode;
    try {
      const created = await api.create(order.id, {
        items: [{ itemId: item.id, reasonId: reason.id, ...(needsPhoto && photo ? { photoFileName: photo.fileName } : {}) }],
        returnMethod: method,
        mode,
        ...(mode === 'pickup' && shownAddress ? { pickupAddressId: Number(shownAddress) } : {}),
        ...(mode === 'store_return' && shownStore ? { storeCode: shownStore } : {}),
        ...(refunding && chosenRefund ? { refundMethod: chosenRefund.method } : {}),
      });
      if (method === 'new_product')
        dispatch(
          exchangeStartRequested({
            orderId: order.id,
            itemId: item.id,
            returnMode: mode,
            ...(details ? { credit: { amount: details.exchangeCredit, currencyCode: details.currencyCode } } : {}),
          }),
        );
      onCreated(
        created.result,
        refunding ? refundNote(m, chosenRefund, refundAmount) : method === 'exchange' ? replacementNote(m, item, created.result.mode) : null,
      );
    } catch (error) {
      const failed = failureFrom(error, m.somethingWrong);
      // The photo the API refused is said at the photo, without the field's code.
      if ((failed.field ?? '').endsWith('photoFileName')) {
        setPhoto(null);
        setPhotoError(failed.message);
      } else setFailure(failureText(failed));
    }
  }
  return (
    <form onSubmit={submit} noValidate className="acc-card" aria-label={formatMessage(m.chooseItem, { name: item.name })}>
      {reasons.status === 'loading' ? <SkeletonGrid rows={1} label={m.loading} /> : null}
      {reasonList ? (
        <SelectField
          name="reason"
          label={m.returnReason}
          value={reasonId || String(reasonList[0]?.id ?? '')}
          onChange={(v) => {
            setReasonId(v);
            setPhotoError(null);
          }}
          options={reasonList.map((x) => ({ value: String(x.id), label: x.reason }))}
        />
      ) : null}
      {needsPhoto ? <PhotoField maxBytes={config.photoMaxBytes} photo={photo} onPhoto={setPhoto} error={photoError} onError={setPhotoError} /> : null}
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
      {refunding ? (
        <RefundMethodField methods={refundMethods} amount={refundAmount} chosen={chosenRefund?.method ?? ''} onChoose={setRefundMethod} />
      ) : method === 'exchange' ? (
        <p data-testid="account-return-replacement">{replacementNote(m, item, mode)}</p>
      ) : details ? (
        <p data-testid="account-return-credit">{formatMessage(m.exchangeCreditOffer, { amount: formatPrice(details.exchangeCredit, details.currencyCode) })}</p>
      ) : null}
      <ModeChoice
        pincode={pincode}
        onPincode={setPincode}
        mode={mode}
        onMode={setMode}
        pickupAddressId={pickupAddressId}
        onPickup={setPickupAddressId}
        storeCode={storeCode}
        onStore={setStoreCode}
        orderId={order.id}
        returnAddress={config.returnAddress}
        deadline={eligibility.returnWindowEndsAt}
        contact={order.shippingAddress}
      />
      <FormError message={failure} />
      <button type="submit" className="ui-button" disabled={waitingForMethods}>
        {m.startReturn}
      </button>
    </form>
  );
}
