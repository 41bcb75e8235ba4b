import { useEffect, useState } from 'react';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { PAYMENT_HOLD_MINUTES } from '@eyewear/i18n/rules';
import { Link, useSearchParams } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { checkoutActions, retryPaymentUrl, useCheckout, type PaymentCheckMethod } from '../../checkout';
import { QrCode } from './QrCode';

const methodOf = (method: string): PaymentCheckMethod => (method === 'qr' || method === 'collect' ? method : 'confirm');
/** setTimeout's longest wait: a later expiry needs no timer on this page. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Has `expiresAt` (an ISO time) passed? Turns true when it does while the screen is open. */
function useExpired(expiresAt: string | undefined): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    setExpired(false);
    if (!expiresAt) return;
    const wait = Date.parse(expiresAt) - Date.now();
    if (wait <= 0) return void setExpired(true);
    if (wait > LONGEST_TIMER_MS) return;
    const timer = setTimeout(() => setExpired(true), wait);
    return () => clearTimeout(timer);
  }, [expiresAt]);
  return expired;
}

/**
 * QR, collect and confirmation screens: the checkout saga generates the QR code (QR), then polls
 * the order's payment status until it settles and goes to the success page. Leaving the screen
 * stops the polling; a path change while it stays does not restart it. A failed, expired or
 * abandoned payment offers to try again (a new code, or polling again) or another method (the
 * order's retry page, with its amount).
 */
export default function PaymentStatusView({ method, id }: { method: string; id: string }) {
  const m = useMessages(messages);
  const { state, dispatch } = useCheckout();
  const [params] = useSearchParams();
  const orderId = Number(id || params.get('orderId'));
  const valid = Number.isInteger(orderId) && orderId > 0;
  const kind = methodOf(method);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!valid) return;
    dispatch(checkoutActions.paymentCheckStarted({ method: kind, orderId }));
    return () => void dispatch(checkoutActions.paymentCheckStopped());
  }, [valid, kind, orderId, dispatch, attempt]);

  const check = state.paymentCheck.orderId === orderId ? state.paymentCheck : null;
  const expired = useExpired(check?.qr?.expiresAt);
  if (!valid)
    return (
      <p role="alert" className="cc-error">
        {m.orderNotFound}
      </p>
    );

  const settled = check?.status?.status === 'FAILED' || check?.status?.status === 'CANCELLED';
  const problem = check?.error
    ? (check.error.message ?? m.errorGeneric)
    : settled
      ? (check?.status?.message ?? m.paymentFailed)
      : expired
        ? m.qrExpired
        : check?.timedOut
          ? m.paymentTimeout
          : null;
  const anotherMethod = (
    <Link className="ui-button" to={retryPaymentUrl(orderId)}>
      {problem ? m.chooseAnotherMethod : m.cancelAndChooseAnother}
    </Link>
  );
  if (problem)
    return (
      <div className="cc-section cc-retry" data-testid="payment-retry">
        <p role="alert" className="cc-error">
          {problem}
        </p>
        {check?.error ? null : <p>{formatMessage(m.retryNotice, { orderId })}</p>}
        <div className="cc-actions">
          {kind === 'qr' || !settled ? (
            <button type="button" className="ui-button ui-button--primary" onClick={() => setAttempt((n) => n + 1)}>
              {m.payAgain}
            </button>
          ) : null}
          {anotherMethod}
        </div>
      </div>
    );

  const qr = check?.qr;
  const amount = qr ? formatPrice(qr.amount, qr.currencyCode) : '';
  return (
    <div className="cc-section">
      {qr ? (
        <figure className="cc-qr-figure">
          <QrCode text={qr.qrCode} label={formatMessage(m.qrLabel, { amount })} />
          <figcaption>{formatMessage(m.qrScan, { amount })}</figcaption>
          <a href={qr.qrCode} className="cc-qr-link">
            {m.qrOpenApp}
          </a>
        </figure>
      ) : null}
      <div role="status" aria-live="polite">
        <p>{m.waitingUpi}</p>
        <p className="cc-hint">{formatMessage(m.itemsHeld, { minutes: PAYMENT_HOLD_MINUTES })}</p>
        <Skeleton />
      </div>
      {anotherMethod}
    </div>
  );
}
