import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { cartRoutes, fieldOf, messageOf, type Address, type AddressInput, type Cart, type GiftMessage } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { formatMessage, useCountry, useMessages } from '@eyewear/i18n';
import { useNavigate } from '@eyewear/router';
import { messages } from '../../../app/messages';
import { cartActions } from '../../cart';
import { savedToInput } from '../address-rules';
import { keepGiftMessage } from '../gift-message';
import { keepGuestDetails, keptGuestDetails } from '../guest-details';
import { checkoutActions, selectCheckout } from '../state/checkout-slice';
import { AddressForm } from './AddressForm';
import { DeliveryChoice } from './DeliveryChoice';

type ServerError = { message: string; field?: string } | null;

/** Step 2: a saved or new address (the API answers with the delivery options), then the delivery choice and on to payment. */
export function AddressStep({ cart, saved, contact }: { cart: Cart; saved: Address[]; contact: Partial<AddressInput> | null }) {
  const m = useMessages(messages);
  const api = useApiClient();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const state = useSelector(selectCheckout);
  const country = useCountry();
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<ServerError>(null);
  const [editing, setEditing] = useState(true);

  const saveAddress = async (address: AddressInput, gift: GiftMessage | null) => {
    setSaving(true);
    setServerError(null);
    try {
      const answer = await api.call(cartRoutes.shippingAddress, { body: address });
      dispatch(checkoutActions.addressSaved({ address, giftMessage: gift, options: answer.result.deliveryOptions }));
      if (!contact) keepGuestDetails({ address });
      keepGiftMessage(gift);
      setEditing(false);
    } catch (error) {
      setServerError({ message: messageOf(error, m.errorGeneric), field: fieldOf(error) });
    } finally {
      setSaving(false);
    }
  };

  const chooseDelivery = async (optionId: string) => {
    if (!state.address) return;
    setSaving(true);
    try {
      const answer = await api.call(cartRoutes.updateDeliveryOption, {
        query: { pincode: state.address.postcode, shippingCountry: country },
        body: { deliveryOptionId: optionId },
      });
      dispatch(cartActions.succeeded({ op: 'update', cart: answer.result }));
      dispatch(checkoutActions.deliveryUpdated((state.deliveryData?.options ?? []).map((o) => ({ ...o, selected: o.id === optionId }))));
    } catch (error) {
      setServerError({ message: messageOf(error, m.errorGeneric) });
    } finally {
      setSaving(false);
    }
  };

  if (editing || !state.address) {
    return (
      <>
        {saved.length ? (
          <fieldset className="cc-methods">
            <legend>{m.savedAddresses}</legend>
            {saved.map((a) => (
              <button key={a.addressId} type="button" className="ui-button" disabled={saving} onClick={() => saveAddress(savedToInput(a), null)}>
                {formatMessage(m.deliverTo, { name: `${a.firstName} ${a.lastName ?? ''}`.trim(), city: a.city, postcode: a.postcode })}
              </button>
            ))}
          </fieldset>
        ) : null}
        {/* Starts from this visit's address, else the signed-in customer's contact, else what this guest gave before a reload. */}
        <AddressForm
          key={state.address ? 'address' : contact ? 'contact' : 'guest'}
          initial={state.address ?? contact ?? (state.guestInfo ? (keptGuestDetails().address ?? null) : null)}
          guest={state.guestInfo}
          busy={saving}
          serverError={serverError}
          onSubmit={saveAddress}
        />
      </>
    );
  }
  return (
    <div>
      <p data-testid="checkout-address">
        {formatMessage(m.deliverTo, {
          name: `${state.address.firstName} ${state.address.lastName ?? ''}`.trim(),
          city: state.address.city,
          postcode: state.address.postcode,
        })}
      </p>
      <button type="button" className="ui-button ui-button--link" onClick={() => setEditing(true)}>
        {m.editAddress}
      </button>
      {state.deliveryData ? (
        <DeliveryChoice options={state.deliveryData.options} chosen={cart.deliveryOption ?? 'standard'} busy={saving} onChoose={chooseDelivery} />
      ) : null}
      {serverError ? (
        <p role="alert" className="cc-error">
          {serverError.message}
        </p>
      ) : null}
      <button type="button" className="ui-button ui-button--primary" onClick={() => navigate('/payment')} disabled={saving}>
        {m.stepPayment}
      </button>
    </div>
  );
}
