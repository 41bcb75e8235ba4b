import { useEffect, useId, useState, type FormEvent } from 'react';
import { addressRoutes, ApiError, apiClientFor, type Address, type AddressInput, type GiftMessage } from '@eyewear/api-client';
import { loginRequested } from '@eyewear/event-bus';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { isValidEmail, isValidMobile } from '@eyewear/i18n/rules';
import { Link, useNavigate } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import { messages } from '../../app/messages';
import { cartActions } from '../../shared/cart-slice';
import { checkoutActions } from '../../shared/checkout-slice';
import { useCart } from '../../shared/use-cart';
import { useCheckout } from '../../shared/use-checkout';
import { CartTotals } from '../cart/CartTotals';
import { AddressForm } from './AddressForm';
import '../cart/cart.css';

export const GIFT_MESSAGE_KEY = 'cartGiftMessage';

/** A saved address as the shipping-address call takes it: its fields and its id, without the book's own flags. */
export function savedToInput(a: Address): AddressInput & { addressId: number } {
  const { defaultAddress: _default, ...fields } = a;
  return fields;
}

function GuestStep({ onGuest, onSignIn }: { onGuest(info: { email: string; phone: string }): void; onSignIn(): void }) {
  const m = useMessages(messages);
  const id = useId();
  const { country } = useCheckout();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<{ email?: string; phone?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      email: isValidEmail(email.trim()) ? undefined : m.invalidEmail,
      phone: isValidMobile(country, phone.trim()) ? undefined : m.invalidPhone,
    };
    setErrors(found);
    if (!found.email && !found.phone) onGuest({ email: email.trim(), phone: phone.trim() });
  };
  return (
    <div>
      <p>
        {m.signInPrompt}{' '}
        <button type="button" className="ui-button ui-button--link" onClick={onSignIn}>
          {m.signIn}
        </button>
      </p>
      <form className="cc-form" onSubmit={submit} noValidate>
        <div className="cc-field">
          <label htmlFor={`${id}-email`}>{m.email}</label>
          <input id={`${id}-email`} type="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={errors.email ? true : undefined} />
          {errors.email ? <span className="cc-error">{errors.email}</span> : null}
        </div>
        <div className="cc-field">
          <label htmlFor={`${id}-phone`}>{m.phone}</label>
          <input
            id={`${id}-phone`}
            inputMode="numeric"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            aria-invalid={errors.phone ? true : undefined}
          />
          {errors.phone ? <span className="cc-error">{errors.phone}</span> : null}
        </div>
        <div className="cc-field--wide">
          <button type="submit" className="ui-button ui-button--primary">
            {m.saveAndContinue}
          </button>
        </div>
      </form>
    </div>
  );
}

/** Checkout: guest info or login (step 1), address with delivery options (step 2), then payment. */
export default function CheckoutView({ mode }: { mode: string }) {
  const m = useMessages(messages);
  const { state: cartState, dispatch: cartDispatch } = useCart();
  const { state, dispatch, country, session, api } = useCheckout();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; field?: string } | null>(null);
  const [saved, setSaved] = useState<Address[]>([]);
  const [editing, setEditing] = useState(true);
  const [notServiceable, setNotServiceable] = useState<string | null>(null);

  useEffect(() => {
    // Shipping check for the site's country; only an explicit 'not serviceable' is shown.
    api
      .shippingCheck(country)
      .then((answer) => setNotServiceable(answer.result.serviceable ? null : (answer.result.message ?? m.errorGeneric)))
      .catch(() => setNotServiceable(null));
  }, [api, country, m]);

  useEffect(() => {
    cartDispatch(cartActions.checkoutLeft());
    // Presales: the lead source is what the presales session info says (a presales user is logged in).
    if (mode === 'presales') dispatch(checkoutActions.presalesInfoRequested());
    else dispatch(checkoutActions.leadSourceSet(false));
  }, [cartDispatch, dispatch, mode]);

  useEffect(() => {
    if (!session?.login) return;
    apiClientFor(country)
      .call(addressRoutes.list)
      .then((answer) => setSaved(answer.result.addresses))
      .catch(() => setSaved([]));
  }, [session?.login, country]);

  const cart = cartState.cart;
  if (!cart) return <Skeleton height="12rem" />;
  if (cart.itemsQty === 0 && !state.orderPlaced) return <p>{m.emptyCartCheckout}</p>;

  const saveAddress = async (address: AddressInput, gift: GiftMessage | null) => {
    setSaving(true);
    setServerError(null);
    try {
      const answer = await api.shippingAddress(address);
      dispatch(checkoutActions.addressSaved({ address, giftMessage: gift, options: answer.result.deliveryOptions }));
      if (gift) globalThis.sessionStorage?.setItem(GIFT_MESSAGE_KEY, JSON.stringify(gift));
      else globalThis.sessionStorage?.removeItem(GIFT_MESSAGE_KEY);
      setEditing(false);
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { message?: string; field?: string }) : null;
      setServerError({ message: body?.message ?? m.errorGeneric, field: body?.field });
    } finally {
      setSaving(false);
    }
  };

  const chooseDelivery = async (optionId: string) => {
    if (!state.address) return;
    setSaving(true);
    try {
      const answer = await api.updateDeliveryOption(state.address.postcode, country, optionId);
      cartDispatch(cartActions.succeeded({ op: 'update', cart: answer.result }));
      dispatch(checkoutActions.deliveryUpdated((state.deliveryData?.options ?? []).map((o) => ({ ...o, selected: o.id === optionId }))));
    } catch (error) {
      setServerError({ message: error instanceof Error ? error.message : m.errorGeneric });
    } finally {
      setSaving(false);
    }
  };

  const step = state.checkoutStepKey;
  return (
    <div className="cc-checkout">
      {mode === 'presales' && state.preSalesInfo ? (
        <p className="cc-presales" data-testid="presales-info" role="status">
          {state.preSalesInfo.loggedIn ? (
            formatMessage(m.presalesSignedIn, { name: state.preSalesInfo.name ?? state.preSalesInfo.salesmanId ?? '' })
          ) : (
            <Link to="/checkout/onepage/presaleslogin">{m.presalesSignIn}</Link>
          )}
        </p>
      ) : null}
      {notServiceable ? (
        <p role="alert" className="cc-error">
          {notServiceable}
        </p>
      ) : null}
      <section className="cc-section" aria-labelledby="cc-step-1">
        <h2 id="cc-step-1">{m.stepAddress}</h2>
        {step === 1 ? (
          <GuestStep
            onGuest={(info) => {
              dispatch(checkoutActions.guestInfoSaved(info));
              // The abandoned-cart lead: its errors are only logged (shopping §8).
              api.abandonedLead(info).catch((error: unknown) => console.warn('abandoned lead not recorded', error));
            }}
            onSignIn={() => dispatch(loginRequested({ tab: 'signin', redirectTo: '/checkout/onepage/' }))}
          />
        ) : editing || !state.address ? (
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
            <AddressForm
              m={m}
              country={country}
              initial={state.address}
              guest={state.guestInfo}
              busy={saving}
              serverError={serverError}
              onSubmit={saveAddress}
            />
          </>
        ) : (
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
              <fieldset className="cc-methods">
                <legend>{m.deliveryOptions}</legend>
                {state.deliveryData.options.map((o) => (
                  <label key={o.id}>
                    <input
                      type="radio"
                      name="delivery"
                      checked={(cart.deliveryOption ?? 'standard') === o.id}
                      disabled={saving}
                      onChange={() => chooseDelivery(o.id)}
                    />{' '}
                    {formatMessage(m.deliveryBy, { label: o.label, date: o.estimatedDate ?? '' })}{' '}
                    {o.fee > 0 ? `(+${formatPrice(o.fee, o.currencyCode)})` : `(${m.free})`}
                  </label>
                ))}
              </fieldset>
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
        )}
      </section>
      <section className="cc-section" aria-label={m.orderSummary}>
        <h2>{m.orderSummary}</h2>
        <ul className="cc-items">
          {cart.items.map((i) => (
            <li key={i.id}>
              {i.name} × {i.quantity}
            </li>
          ))}
        </ul>
        <CartTotals cart={cart} m={m} />
      </section>
    </div>
  );
}
