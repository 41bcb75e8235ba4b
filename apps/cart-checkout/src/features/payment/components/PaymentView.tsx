import { useState } from 'react';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { isMobileViewport } from '@eyewear/i18n/rules';
import { useSearchParams } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { useCartSettings } from '../../../app/settings';
import { CartTotals, useCart } from '../../cart';
import { useCheckout } from '../../checkout';
import { usePaymentMethods, useSavedCards } from '../api';
import { paymentMethodsVersion } from '../rules';
import { PaymentForm } from './PaymentForm';
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

/** Payment: methods (India only), card with type detection and Luhn, UPI with polling, net banking, cash on delivery with captcha. */
export default function PaymentView({ mode }: { mode: string }) {
  const m = useMessages(messages);
  const { state: cartState } = useCart();
  const { state, country, session } = useCheckout();
  const savedCards = useSavedCards(!!session?.login);
  const [params] = useSearchParams();
  const retryOrderId = mode === 'retry' && params.get('orderId') ? Number(params.get('orderId')) : undefined;
  const methods = usePageMethods(country, retryOrderId, m.systemError);
  const entry = usePaymentEntry();
  const cart = cartState.cart;

  if (!retryOrderId && cart && cart.itemsQty === 0 && !state.orderPlaced) return <p>{m.emptyCartCheckout}</p>;
  if (state.orderPlaced && state.paymentData?.payment.action === 'UPI_COLLECT' && state.transStatus?.status !== 'FAILED') {
    return <UpiWaiting timedOut={state.transStatus?.message === 'timeout'} />;
  }
  return (
    <div className="cc-payment">
      {retryOrderId ? <p>{formatMessage(m.retryFor, { orderId: retryOrderId })}</p> : null}
      {cart && !retryOrderId ? <CartTotals cart={cart} /> : null}
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
        <PaymentForm
          methods={methods.list ?? []}
          savedCards={savedCards}
          entry={entry}
          retryOrderId={retryOrderId}
          amount={cart && !retryOrderId ? { total: cart.netAmountCart, currencyCode: cart.currencyCode } : null}
        />
      )}
    </div>
  );
}
