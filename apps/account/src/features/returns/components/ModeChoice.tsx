import { useEffect, useState } from 'react';
import { addressRoutes, messageOf, returnRoutes, type Address, type AddressInput, type ReturnAddress, type ReturnMode } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { Field, FormError, SelectField } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { returnsMessages } from '../messages';
import { PickupAddressForm } from './PickupAddressForm';
import { SelfShipNote } from './SelfShipNote';

export type ModeCode = ReturnMode['mode'];

/**
 * How the item goes back (account §3/§7 "modes by pincode"): the modes the API offers at the
 * pincode (pickup from a saved address there, or one added here and saved to the address book;
 * a store near it; or shipping it oneself, with the steps and the return address). A mode the
 * pincode lacks falls back to shipping it oneself.
 */
export function ModeChoice({
  pincode,
  onPincode,
  mode,
  onMode,
  pickupAddressId,
  onPickup,
  storeCode,
  onStore,
  orderId,
  returnAddress,
  deadline,
  contact,
}: {
  pincode: string;
  onPincode(v: string): void;
  mode: ModeCode;
  onMode(v: ModeCode): void;
  pickupAddressId: string;
  onPickup(v: string): void;
  storeCode: string;
  onStore(v: string): void;
  orderId: number;
  returnAddress: ReturnAddress;
  deadline?: string;
  contact?: Partial<Pick<AddressInput, 'firstName' | 'lastName' | 'phone' | 'email'>>;
}) {
  const m = useMessages(sectionMessages);
  const r = useMessages(returnsMessages);
  const [asked, setAsked] = useState(pincode);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<Address | null>(null);
  const modes = useQuery(returnRoutes.modes, { query: { pincode: asked } });
  const offered = modes.status === 'ready' ? modes.data?.result : undefined;
  // The saved addresses matter only for a pickup.
  const addresses = useQuery(addressRoutes.list, {}, { enabled: mode === 'pickup' });
  const saved = addresses.status === 'ready' ? addresses.data?.result.addresses : undefined;
  const here = (saved ?? []).filter((a) => a.postcode === asked);
  const pickup = offered?.modes.find((x) => x.mode === 'pickup');
  const chosenAvailable = offered?.modes.find((x) => x.mode === mode)?.available;

  // What the pincode does not offer cannot stay chosen: shipping it oneself always can.
  useEffect(() => {
    if (chosenAvailable === false) onMode('self_ship');
  }, [chosenAvailable, onMode]);

  function ask(next: string) {
    setAdded(null);
    if (next === asked) modes.reload();
    else setAsked(next);
  }
  function onAddressSaved(address: Address) {
    setAdding(false);
    setAdded(address);
    addresses.reload();
    onPickup(String(address.addressId));
    // A new address at another pincode: its modes decide whether it can be picked up there.
    if (address.postcode !== asked) {
      onPincode(address.postcode);
      setAsked(address.postcode);
    }
  }
  const addButton = (
    <button type="button" className="ui-button ui-button--link" aria-expanded={adding} onClick={() => setAdding(true)}>
      {r.addPickupAddress}
    </button>
  );
  return (
    <fieldset>
      <legend>{m.returnMode}</legend>
      <Field name="pincode" label={m.pincode} inputMode="numeric" value={pincode} onChange={onPincode} />
      <button type="button" className="ui-button ui-button--link" onClick={() => ask(pincode)}>
        {m.checkModes}
      </button>
      {modes.status === 'loading' ? <SkeletonGrid rows={1} label={m.loading} /> : null}
      {modes.status === 'failed' ? <FormError message={messageOf(modes.error, m.somethingWrong)} /> : null}
      {offered
        ? offered.modes.map((x) => (
            <label key={x.mode} className="acc-radio">
              <input type="radio" name="mode" value={x.mode} disabled={!x.available} checked={mode === x.mode} onChange={() => onMode(x.mode)} />
              {x.available ? x.label : formatMessage(m.modeUnavailable, { label: x.label })}
            </label>
          ))
        : null}
      {pickup && !pickup.available ? <p role="status">{formatMessage(r.pickupNotHere, { pincode: asked })}</p> : null}
      {mode === 'pickup' && saved ? (
        <>
          {here.length ? (
            <SelectField
              name="pickupAddress"
              label={m.pickupAddress}
              value={pickupAddressId || String(here[0]!.addressId)}
              onChange={onPickup}
              options={here.map((a) => ({ value: String(a.addressId), label: `${a.addressline1}, ${a.city} ${a.postcode}` }))}
            />
          ) : (
            <p>{formatMessage(r.noPickupAddress, { pincode: asked })}</p>
          )}
          {added && here.some((a) => a.addressId === added.addressId) ? (
            <p role="status" className="acc-success">
              {formatMessage(r.addressSaved, { address: `${added.addressline1}, ${added.city}` })}
            </p>
          ) : null}
          {adding ? <PickupAddressForm pincode={asked} contact={contact} onSaved={onAddressSaved} onCancel={() => setAdding(false)} /> : addButton}
        </>
      ) : null}
      {mode === 'store_return' && offered?.stores.length ? (
        <SelectField
          name="store"
          label={m.returnStore}
          value={storeCode || offered.stores[0]!.code}
          onChange={onStore}
          options={offered.stores.map((st) => ({ value: st.code, label: `${st.name}, ${st.address}` }))}
        />
      ) : null}
      {mode === 'self_ship' ? <SelfShipNote address={returnAddress} orderId={orderId} deadline={deadline} /> : null}
    </fieldset>
  );
}
