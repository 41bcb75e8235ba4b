import { useId } from 'react';
import { Link, useNavigate } from '@eyewear/router';
import { useCountry, useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { useCartSettings } from '../../../app/settings';
import { trackBeginCheckout } from '../../../app/tracking';
import { usePaymentAvailability } from '../api';
import { checkoutButton, isStudioFlowCart, POPUP_LIST_MAX_HEIGHT } from '../rules';
import { cartActions } from '../state/cart-slice';
import { useCart } from '../state/use-cart';
import { CartItemRow } from './CartItemRow';
import { CartTotals } from './CartTotals';
import { EmptyCart } from './EmptyCart';
import { MoneyOff } from './MoneyOff';
import { NoPaymentNotice } from './NoPaymentNotice';
import '../../../app/cart.css';

/** The cart's content, for the popup (scrolling list, closes on navigation) and the page. */
export default function CartView({ variant, onClose, addFailed = false }: { variant: 'popup' | 'page'; onClose?(): void; addFailed?: boolean }) {
  const m = useMessages(messages);
  const { state, run, dispatch } = useCart();
  const navigate = useNavigate();
  const settings = useCartSettings();
  const cart = state.cart;
  const noticeId = useId();
  // Known before checkout: a cart nobody can pay for is not sent to a payment page without a way to pay.
  // A cart a balance paid in full needs no payment method (issue 42).
  const payment = usePaymentAvailability(useCountry(), !!cart && cart.itemsQty > 0 && cart.netAmountCart > 0);
  const unpayable = payment.available === false;
  if (!cart) {
    return state.status === 'failed' ? (
      <p role="alert" className="cc-error">
        {m.errorGeneric}
      </p>
    ) : (
      <div aria-busy="true" aria-label={m.loading} data-testid="cart-loading">
        <Skeleton />
      </div>
    );
  }
  if (cart.itemsQty === 0) return <EmptyCart addFailed={addFailed || state.addFailed} onNavigate={onClose} />;

  const busy = state.pending !== null;
  const cta = checkoutButton(
    { cta: settings.checkoutCta, studio: settings.studioFlow, studioCart: isStudioFlowCart(cart), frameOnly: state.frameOnly, orderId: cart.reorderId },
    { proceed: m.proceedToCheckout, selectStore: m.continueToSelectStore },
  );
  const shownOwners: string[] = [];
  const rows = cart.items.map((item) => {
    const row = <CartItemRow key={item.id} item={item} busy={busy} run={run} shownOwners={[...shownOwners]} canChangePackage={variant === 'page'} />;
    if (item.prescription?.userName) shownOwners.push(item.prescription.userName);
    return row;
  });

  const checkout = () => {
    // shopping §4 "Checkout click": loader, begin-checkout tracking, reviews widget removed, popup closed.
    dispatch(cartActions.checkoutClicked());
    trackBeginCheckout(cart);
    document.querySelectorAll('script[data-reviews-widget]').forEach((s) => s.remove());
    onClose?.();
    navigate(cta.to);
  };

  return (
    <div className={`cc-cart cc-cart--${variant}`} aria-busy={busy}>
      {busy ? <div className="cc-loader" role="status" aria-label={m.loading} /> : null}
      <ul className="cc-items" style={variant === 'popup' ? { maxHeight: POPUP_LIST_MAX_HEIGHT, overflowY: 'auto' } : undefined}>
        {rows}
      </ul>
      {variant === 'page' ? <MoneyOff cart={cart} state={state} run={run} /> : null}
      <CartTotals cart={cart} />
      {state.error && state.error.op !== 'get' && !['applyVoucher', 'applyStoreCredit', 'applyOffer'].includes(state.error.op) ? (
        <p role="alert" className="cc-error">
          {state.error.message}
        </p>
      ) : null}
      {unpayable ? <NoPaymentNotice id={noticeId} onNavigate={onClose} /> : null}
      <div className="cc-cta">
        {cta.studio ? (
          // The studio flow is a place to go (the appointments remote's /test-your-vision?flow=studio): a real link.
          <Link to={cta.to} className="ui-button ui-button--primary cc-cta__button" onClick={() => onClose?.()}>
            {cta.text}
          </Link>
        ) : (
          <button
            type="button"
            className="ui-button ui-button--primary cc-cta__button"
            onClick={checkout}
            disabled={state.checkingOut || unpayable}
            aria-describedby={unpayable ? noticeId : undefined}
          >
            {cta.text}
          </button>
        )}
        {cta.subText ? <p className="cc-cta__sub">{cta.subText}</p> : null}
        {variant === 'popup' ? (
          <button
            type="button"
            className="ui-button ui-button--link"
            onClick={() => {
              onClose?.();
              navigate('/cart');
            }}
          >
            {m.viewCart}
          </button>
        ) : null}
      </div>
    </div>
  );
}
