import { useEffect, useId } from 'react';
import { useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { cartActions, NoPaymentNotice, useCart, usePaymentAvailability } from '../../cart';
import { useNotServiceable, useSavedAddresses, useSignedInContact } from '../api';
import { useCheckout } from '../state/use-checkout';
import { useLeadSource } from '../state/use-lead-source';
import { AddressStep } from './AddressStep';
import { GuestStep } from './GuestStep';
import { OrderSummary } from './OrderSummary';
import { PresalesNotice } from './PresalesNotice';
import '../../../app/cart.css';

/** Checkout: guest info or login (step 1), address with delivery options (step 2), then payment. */
export default function CheckoutView({ mode }: { mode: string }) {
  const m = useMessages(messages);
  const { state: cartState, dispatch: cartDispatch } = useCart();
  const { state, country, session } = useCheckout();
  // Shipping check for the site's country; only an explicit 'not serviceable' is shown.
  const notServiceable = useNotServiceable(country, m.errorGeneric);
  useLeadSource(mode);
  const saved = useSavedAddresses(!!session?.login);
  const contact = useSignedInContact(!!session?.login);
  useEffect(() => {
    cartDispatch(cartActions.checkoutLeft());
  }, [cartDispatch]);
  // The cart page said so already; a shopper who comes here anyway is told again and not sent to a payment page with no way to pay.
  const noticeId = useId();
  // A cart a balance paid in full needs no payment method (issue 42): it is never blocked for want of one.
  const payment = usePaymentAvailability(country, !!cartState.cart && cartState.cart.itemsQty > 0 && cartState.cart.netAmountCart > 0 && !state.orderPlaced);
  const unpayable = payment.available === false;

  const cart = cartState.cart;
  if (!cart) return <Skeleton height="12rem" />;
  if (cart.itemsQty === 0 && !state.orderPlaced) return <p>{m.emptyCartCheckout}</p>;

  return (
    <div className="cc-checkout">
      {mode === 'presales' && state.preSalesInfo ? <PresalesNotice info={state.preSalesInfo} /> : null}
      {unpayable ? <NoPaymentNotice id={noticeId} /> : null}
      {notServiceable ? (
        <p role="alert" className="cc-error">
          {notServiceable}
        </p>
      ) : null}
      <section className="cc-section" aria-labelledby="cc-step-1">
        <h2 id="cc-step-1">{m.stepAddress}</h2>
        {state.checkoutStepKey === 1 ? (
          <GuestStep />
        ) : (
          <AddressStep cart={cart} saved={saved} contact={contact} signedIn={!!session?.login} payBlockedBy={unpayable ? noticeId : null} />
        )}
      </section>
      <OrderSummary cart={cart} />
    </div>
  );
}
