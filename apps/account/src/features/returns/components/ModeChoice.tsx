import { useState } from 'react';
import { addressRoutes, messageOf, returnRoutes, type ReturnMode } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { Field, FormError, SelectField } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';

export type ModeCode = ReturnMode['mode'];

/**
 * How the item goes back (account §3/§7 "modes by pincode"): the modes the API offers at the
 * pincode (pickup from a saved address there, a store near it, or shipping it oneself).
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
  const [asked, setAsked] = useState(pincode);
  const modes = useQuery(returnRoutes.modes, { query: { pincode: asked } });
  const offered = modes.status === 'ready' ? modes.data?.result : undefined;
  // The saved addresses matter only for a pickup.
  const addresses = useQuery(addressRoutes.list, {}, { enabled: mode === 'pickup' });
  const saved = addresses.status === 'ready' ? addresses.data?.result.addresses : undefined;
  const here = (saved ?? []).filter((a) => a.postcode === asked);
  return (
    <fieldset>
      <legend>{m.returnMode}</legend>
      <Field name="pincode" label={m.pincode} inputMode="numeric" value={pincode} onChange={onPincode} />
      <button type="button" className="ui-button ui-button--link" onClick={() => (pincode === asked ? modes.reload() : setAsked(pincode))}>
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
      {mode === 'pickup' && saved ? (
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
      {mode === 'store_return' && offered?.stores.length ? (
        <SelectField
          name="store"
          label={m.returnStore}
          value={storeCode || offered.stores[0]!.code}
          onChange={onStore}
          options={offered.stores.map((st) => ({ value: st.code, label: `${st.name}, ${st.address}` }))}
        />
      ) : null}
    </fieldset>
  );
}
