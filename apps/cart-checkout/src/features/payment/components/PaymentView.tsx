import { lazy, Suspense, useState } from 'react';
import type { Cart, Order } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { isMobileViewport } from '@eyewear/i18n/rules';
import { useSearchParams } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { useCartSettings } from '../../../app/settings';
import { CartTotals, useCart } from '../../cart';
import { useCheckout } from '../../checkout';
import { useBinOffers, useCardProvider, useOrderToPay, usePaymentMethods, usePaymentOffers, useSavedCards } from '../api';
import { paymentMessages } from '../messages';
import { paymentMethodsVersion } from '../rules';
import { useProviderPayment } from '../state/use-provider-payment';
import { PaymentForm } from './PaymentForm';
import { PaySummary, type PaySummaryItem } from './PaySummary';
import { NotPayable, payable, RetryOrder } from './RetryOrder';
import { UpiWaiting } from './UpiWaiting';
import { usePaymentEntry } from './use-payment-entry';
import { usePaymentOfferSync } from './use-payment-offer';
import '../../../app/cart.css';

/**
 * The payment methods of this page: the shop's own (India only) and the card provider's, when the
 * country offers it. Their path version depends on configured settings, so they are asked for once
 * those are known.
 */
function usePageMethods(country: string, orderId: number | undefined, loggedIn: boolean, fallback: string, needed: boolean) {
  const { known, paymentVersions } = useCartSettings();
  const [mobileClient] = useState(isMobileViewport);
  const version = paymentMethodsVersion({ mobileClient, ...paymentVersions });
  const own = usePaymentMethods({ country, orderId, version, enabled: known && needed }, fallback);
  const provider = useCardProvider({ orderId, version, enabled: known && needed, loggedIn });
  return { own, provider, list: [...(own.list ?? []), ...(provider.method ? [provider.method] : [])] };
}

// Off the page's first load (its byte budget): only a cart a balance paid in full shows it.
const FullyPaid = lazy(() => import('./FullyPaid').then((x) => ({ default: x.FullyPaid })));

/** Whether a cart costs nothing to pay: a balance (exchange or store credit, a gift voucher, the wallet) paid it all (issue 42). */
const fullyPaid = (cart: Pick<Cart, 'itemsQty' | 'netAmountCart'>) => cart.itemsQty > 0 && cart.netAmountCart === 0;

/** The lines being paid for, each with its price as the API gave it (the cart's line total, or the order's unit price). */
const cartLines = (cart: Cart): PaySummaryItem[] =>
  cart.items.map((i) => ({ id: i.id, name: i.name, quantity: i.quantity, thumbnail: i.thumbnail, price: formatPrice(i.amount.total, i.amount.currencyCode) }));
const orderLines = (order: Order, each: string): PaySummaryItem[] =>
  order.items.map((i) => {
    const unit = formatPrice(i.price.value, i.price.currencyCode);
    return { id: i.id, name: i.name, quantity: i.quantity, thumbnail: i.thumbnail, price: i.quantity > 1 ? formatMessage(each, { price: unit }) : unit };
  });

const positiveId = (value: string | null) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

/**
 * Payment: methods (India only), card with type detection and Luhn, UPI with polling, net banking,
 * cash on delivery with captcha; a cart a balance paid in full asks no method and is placed at once
 * (`FullyPaid`). A retry (`/checkout/onepage/retrypayment?orderId=`, or an order
 * placed here whose UPI request was declined or given up) pays for the order: its amount comes
 * from the API, never from the cart (empty once the order is placed).
 */
export default function PaymentView({ mode }: { mode: string }) {
  const m = useMessages(messages);
  const p = useMessages(paymentMessages);
  const provider = useProviderPayment();
  // Opening the payment page reads the cart again (issue 37): Pay says what will be charged.
  const { state: cartState } = useCart({ refresh: true });
  const { state, country, session } = useCheckout();
  const savedCards = useSavedCards(!!session?.login);
  const [params] = useSearchParams();
  const urlOrderId = mode === 'retry' ? positiveId(params.get('orderId')) : undefined;
  const unsettled = state.transStatus?.status === 'FAILED' || state.transStatus?.status === 'CANCELLED';
  const placedOrderId = state.orderPlaced && !state.placing && unsettled ? state.paymentData?.order.id : undefined;
  const retryOrderId = urlOrderId ?? placedOrderId;
  const toPay = useOrderToPay(retryOrderId);
  const cart = cartState.cart;
  // Nothing left to pay (a balance paid it all, issue 42): no method is asked, nor read once that is known.
  const nothingToPay = !retryOrderId && !state.orderPlaced && !!cart && fullyPaid(cart);
  const zeroPlaced = state.orderPlaced && state.paymentData?.order.amount.total === 0;
  const methodsNeeded = !!retryOrderId || !(nothingToPay || zeroPlaced);
  const { own: methods, provider: cardProvider, list: methodList } = usePageMethods(country, retryOrderId, !!session?.login, m.systemError, methodsNeeded);
  const entry = usePaymentEntry();
  // Offers are the cart's: none on a retry (the order's amount is fixed).
  const offersOn = !retryOrderId && !state.orderPlaced;
  const offers = usePaymentOffers(offersOn, cart ? cart.totals.subTotal : null);
  const binOffers = useBinOffers(entry.method === 'cc' || entry.method === 'dc' ? entry.bin : null);
  const offerSync = usePaymentOfferSync({
    enabled: offersOn,
    method: entry.method,
    cart: cart ?? null,
    offers,
    savedCard: !!entry.fields.savedToken,
    binOffers: entry.fields.savedToken ? null : binOffers,
  });
  const appliedOffer = cart?.cardOffer?.applied ? (offers.find((o) => o.offerId === cart.cardOffer?.offerId) ?? null) : null;

  if (provider.confirming)
    return (
      <p role="status" className="cc-section" data-testid="provider-confirming">
        {p.providerConfirming}
      </p>
    );
  if (provider.timedOut && state.paymentData)
    return (
      <p role="alert" className="cc-error">
        {m.paymentTimeout}
      </p>
    );

  if (state.orderPlaced && state.placing && state.paymentData?.payment.action === 'UPI_COLLECT') {
    return <UpiWaiting timedOut={state.transStatus?.message === 'timeout'} orderId={state.paymentData.order.id} />;
  }
  if (mode === 'retry' && !retryOrderId)
    return (
      <p role="alert" className="cc-error">
        {m.orderNotFound}
      </p>
    );
  if (retryOrderId && toPay.status === 'failed')
    return (
      <p role="alert" className="cc-error">
        {toPay.notFound ? m.orderNotFound : m.errorGeneric}
      </p>
    );
  if (retryOrderId && !toPay.order)
    return (
      <div aria-busy="true" aria-label={m.loadingRetryOrder}>
        <Skeleton height="8rem" />
      </div>
    );
  const order = retryOrderId ? toPay.order : null;
  if (order && !payable(order)) return <NotPayable order={order} />;
  if (!order && cart && cart.itemsQty === 0 && !state.orderPlaced) return <p>{m.emptyCartCheckout}</p>;
  const amount = order
    ? { total: order.amount.total, currencyCode: order.amount.currencyCode }
    : cart
      ? { total: cart.netAmountCart, currencyCode: cart.currencyCode }
      : null;
  return (
    <div className="cc-payment">
      {order ? <RetryOrder order={order} /> : null}
      {order ? (
        <PaySummary items={orderLines(order, p.eachPrice)} address={order.shippingAddress} />
      ) : cart ? (
        <PaySummary items={cartLines(cart)} address={state.address} />
      ) : null}
      {!order && cart ? (
        <section aria-label={p.orderTotals}>
          <CartTotals cart={cart} />
        </section>
      ) : null}
      {nothingToPay && cart ? (
        <Suspense fallback={<Skeleton height="6rem" />}>
          <FullyPaid cart={cart} attemptKey={entry.keyForAttempt} refreshing={cartState.pending === 'get'} />
        </Suspense>
      ) : methodList.length === 0 && (methods.status === 'loading' || methods.status === 'idle' || cardProvider.status !== 'ready') ? (
        <div aria-busy="true" aria-label={m.choosePayment}>
          <Skeleton height="6rem" />
        </div>
      ) : methods.status === 'failed' && methodList.length === 0 ? (
        <p role="alert" className="cc-error">
          {methods.error}
        </p>
      ) : methodList.length === 0 ? (
        <p>{m.noPaymentMethods}</p>
      ) : (
        <PaymentForm
          methods={methodList}
          savedCards={savedCards}
          entry={entry}
          retryOrderId={order?.id}
          amount={amount}
          cartRefreshing={!order && cartState.pending === 'get'}
          offers={offersOn ? offers : []}
          offerSync={offerSync}
          provider={cardProvider}
          appliedOffer={appliedOffer}
        />
      )}
    </div>
  );
}
