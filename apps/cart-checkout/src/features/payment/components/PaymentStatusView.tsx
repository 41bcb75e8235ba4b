import { useEffect } from 'react';
import { useMessages } from '@eyewear/i18n';
import { useSearchParams } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { checkoutActions, useCheckout, type PaymentCheckMethod } from '../../checkout';

const methodOf = (method: string): PaymentCheckMethod => (method === 'qr' || method === 'collect' ? method : 'confirm');

/**
 * QR, collect and confirmation screens: the checkout saga generates the QR code (QR), then polls
 * the order's payment status until it settles and goes to the success page. Leaving the screen
 * stops the polling; a path change while it stays does not restart it.
 */
export default function PaymentStatusView({ method, id }: { method: string; id: string }) {
  const m = useMessages(messages);
  const { state, dispatch } = useCheckout();
  const [params] = useSearchParams();
  const orderId = Number(id || params.get('orderId'));
  const valid = Number.isInteger(orderId) && orderId > 0;
  const kind = methodOf(method);

  useEffect(() => {
    if (!valid) return;
    dispatch(checkoutActions.paymentCheckStarted({ method: kind, orderId }));
    return () => void dispatch(checkoutActions.paymentCheckStopped());
  }, [valid, kind, orderId, dispatch]);

  const check = state.paymentCheck.orderId === orderId ? state.paymentCheck : null;
  const error = !valid ? m.orderNotFound : check?.error ? (check.error.message ?? m.errorGeneric) : null;
  if (error)
    return (
      <p role="alert" className="cc-error">
        {error}
      </p>
    );
  return (
    <div role="status" aria-live="polite" className="cc-section">
      {check?.qr ? (
        <p>
          <code data-testid="qr-code">{check.qr.qrCode}</code>
        </p>
      ) : null}
      {check?.status?.status === 'FAILED' ? <p className="cc-error">{check.status.message ?? m.paymentFailed}</p> : <p>{m.waitingUpi}</p>}
      <Skeleton />
    </div>
  );
}
