import { useState } from 'react';
import { useMessages } from '@eyewear/i18n';
import { isMobileViewport } from '@eyewear/i18n/rules';
import { useSearchParams } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { useCartSettings } from '../../../app/settings';
import { CartTotals, useCart } from '../../cart';
import { useCheckout } from '../../checkout';
import { useOrderToPay, usePaymentMethods, useSavedCards } from '../api';
import { paymentMethodsVersion } from '../rules';
import { PaymentForm } from './PaymentForm';
import { PaySummary } from './PaySummary';
import { NotPayable, payable, RetryOrder } from './RetryOrder';
import { UpiWaiting } from './UpiWaiting';
import { usePaymentEntry } from './use-payment-entry';
import '../../../app/cart.css';

/** The payment methods of this page: their path version depends on configured settings, so they are asked for once those are known. */
function usePageMethods(country: string, orderId: number | undefined, fallback: string) {
  const { known, paymentVersions } = useCartSettings();
  const [mobileClient] = useState(isMobileViewport);
  const version = paymentMethodsVersion({ mobileClient, ...paymentVersions });
  return usePaymentMethods({ country, orderId, version, enabled: known }, fallback);
}

const positiveId = (value: string | null) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

/**
 * Payment: methods (India only), card with type detection and Luhn, UPI with polling, net banking,
 * cash on delivery with captcha. A retry (`/checkout/onepage/retrypayment?orderId=`, or an order
 * placed here whose UPI request was declined or given up) pays for the order: its amount comes
 * from the API, never from the cart (empty once the order is placed).
 */
export default function PaymentView({ mode }: { mode: string }) {
  const m = useMessages(messages);
  const { state: cartState } = useCart();
  const { state, country, session } = useCheckout();
  const savedCards = useSavedCards(!!session?.login);
  const [params] = useSearchParams();
  const urlOrderId = mode === 'retry' ? positiveId(params.get('orderId')) : undefined;
  const unsettled = state.transStatus?.status === 'FAILED' || state.transStatus?.status === 'CANCELLED';
  const placedOrderId = state.orderPlaced && !state.placing && unsettled ? state.paymentData?.order.id : undefined;
  const retryOrderId = urlOrderId ?? placedOrderId;
  const toPay = useOrderToPay(retryOrderId);
  const methods = usePageMethods(country, retryOrderId, m.systemError);
  const entry = usePaymentEntry();
  const cart = cartState.cart;

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
      {order ? <PaySummary items={order.items} address={order.shippingAddress} /> : cart ? <PaySummary items={cart.items} address={state.address} /> : null}
      {!order && cart ? <CartTotals cart={cart} /> : null}
      {methods.status === 'loading' || methods.status === 'idle' ? (
        <div aria-busy="true" aria-label={m.choosePayment}>
          <Skeleton height="6rem" />
        </div>
      ) : methods.status === 'failed' ? (
        <p role="alert" className="cc-error">
          {methods.error}
        </p>
      ) : (methods.list ?? []).length === 0 ? (
        <p>{m.noPaymentMethods}</p>
      ) : (
        <PaymentForm methods={methods.list ?? []} savedCards={savedCards} entry={entry} retryOrderId={order?.id} amount={amount} />
      )}
    </div>
  );
}
