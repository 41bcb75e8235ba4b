import { useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { addressRoutes, cartRoutes, fieldOf, messageOf, type Address, type AddressInput, type Cart, type GiftMessage } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { formatMessage, useCountry, useMessages } from '@eyewear/i18n';
import { useNavigate } from '@eyewear/router';
import { messages } from '../../../app/messages';
import { cartActions } from '../../cart';
import { addressKey, savedToInput } from '../address-rules';
import { keepGiftMessage } from '../gift-message';
import { keepGuestDetails, keptGuestDetails } from '../guest-details';
import { checkoutMessages } from '../messages';
import { checkoutActions, selectCheckout } from '../state/checkout-slice';
import { AddressForm } from './AddressForm';
import { DeliveryChoice } from './DeliveryChoice';

/**
 * A refusal of the address as the form shows it: the field the API named, and its message without
 * the raw field name its validation starts it with (issue 42: "postcode: ..." reached the shopper).
 */
export function serverErrorOf(error: unknown, fallback: string): { message: string; field?: string } {
  const field = fieldOf(error);
  const message = messageOf(error, fallback);
  const named = /^([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*): /.exec(message);
  return { message: named ? message.slice(named[0].length) : message, ...(field ? { field } : {}) };
}

type ServerError = { message: string; field?: string } | null;

/**
 * Step 2: a saved or new address (the API answers with the delivery options), then the delivery
 * choice and on to payment. A signed-in customer's new address can go to their address book,
 * once: a double click is one request and an address already kept (or kept this visit) is not
 * sent again. `payBlockedBy` names the notice saying this cart cannot be paid for (no way on to
 * payment then).
 */
export function AddressStep({
  cart,
  saved,
  contact,
  signedIn = false,
  payBlockedBy = null,
}: {
  cart: Cart;
  saved: Address[];
  contact: Partial<AddressInput> | null;
  signedIn?: boolean;
  payBlockedBy?: string | null;
}) {
  const m = useMessages(messages);
  const own = useMessages(checkoutMessages);
  const api = useApiClient();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const state = useSelector(selectCheckout);
  const country = useCountry();
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<ServerError>(null);
  const [editing, setEditing] = useState(true);
  const [book, setBook] = useState<{ saved: boolean } | { failed: string } | null>(null);
  // Refs, not state: a second click in the same frame must already see the first.
  const inFlight = useRef(false);
  const booked = useRef(new Set<string>());

  /** Into the address book, once per address: not when the book already holds it or it was kept this visit. */
  const keepInBook = async (address: AddressInput) => {
    const key = addressKey(address);
    if (booked.current.has(key) || saved.some((a) => addressKey(a) === key)) return;
    try {
      await api.call(addressRoutes.create, { body: address });
      booked.current.add(key);
      setBook({ saved: true });
    } catch (error) {
      setBook({ failed: messageOf(error, m.errorGeneric) });
    }
  };

  const saveAddress = async (address: AddressInput, gift: GiftMessage | null, saveToBook = false) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    setServerError(null);
    setBook(null);
    dispatch(checkoutActions.addressRequested());
    try {
      const answer = await api.call(cartRoutes.shippingAddress, { body: address });
      dispatch(checkoutActions.addressSaved({ address, giftMessage: gift, options: answer.result.deliveryOptions }));
      if (!contact) keepGuestDetails({ address });
      keepGiftMessage(gift);
      if (saveToBook && signedIn) await keepInBook(address);
      setEditing(false);
    } catch (error) {
      setServerError(serverErrorOf(error, m.errorGeneric));
    } finally {
      inFlight.current = false;
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
          // One form while the contact loads: what arrives late fills it, never empties it (AddressForm).
          key={state.address ? 'address' : 'new'}
          initial={state.address ?? contact ?? (state.guestInfo ? (keptGuestDetails().address ?? null) : null)}
          guest={state.guestInfo}
          busy={saving}
          serverError={serverError}
          offerSave={signedIn}
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
      {book ? (
        'saved' in book ? (
          <p role="status" className="cc-hint">
            {own.savedToBook}
          </p>
        ) : (
          <p role="alert" className="cc-error">
            {formatMessage(own.bookFailed, { message: book.failed })}
          </p>
        )
      ) : null}
      <button type="button" className="ui-button ui-button--link" onClick={() => setEditing(true)}>
        {m.editAddress}
      </button>
      {/* Only the options of the address shown: another address's dates never stand in for its own. */}
      {state.deliveryData && state.deliveryData.pincode === state.address.postcode ? (
        <DeliveryChoice options={state.deliveryData.options} chosen={cart.deliveryOption ?? 'standard'} busy={saving} onChoose={chooseDelivery} />
      ) : (
        <p role="status" className="cc-hint">
          {own.deliveryChecking}
        </p>
      )}
      {serverError ? (
        <p role="alert" className="cc-error">
          {serverError.message}
        </p>
      ) : null}
      <button
        type="button"
        className="ui-button ui-button--primary"
        onClick={() => navigate('/payment')}
        disabled={saving || !!payBlockedBy}
        aria-describedby={payBlockedBy ?? undefined}
      >
        {m.stepPayment}
      </button>
    </div>
  );
}
