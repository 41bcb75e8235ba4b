import { useEffect, useRef, useState } from 'react';
import { messageOf, type PaymentStatus, type QrPayment } from '@eyewear/api-client';
import { useCountry, useMessages } from '@eyewear/i18n';
import { useNavigate, useSearchParams } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import { messages } from '../../app/messages';
import { cartApiFor } from '../../shared/api';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_MAX } from '../../shared/payment-rules';

/**
 * QR, collect and confirmation screens: poll the order's payment status until it settles, then
 * go to the success page. QR first generates the code of the order.
 */
export default function PaymentStatusView({ method, id }: { method: string; id: string }) {
  const m = useMessages(messages);
  const country = useCountry();
  // A new identity per path change: read through a ref, so the polling (and the QR code) is
  // not started again when only the path changed.
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const [params] = useSearchParams();
  const orderId = Number(id || params.get('orderId'));
  const [status, setStatus] = useState<PaymentStatus | null>(null);
  const [qr, setQr] = useState<QrPayment | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!Number.isInteger(orderId) || orderId <= 0) {
      setError(m.orderNotFound);
      return;
    }
    const api = cartApiFor(country);
    let polls = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const check = async (): Promise<PaymentStatus> => {
      if (method === 'qr') return (await api.qrStatus(orderId)).result;
      if (method === 'collect') return (await api.upiStatus(orderId)).result;
      return (await api.juspayStatus(orderId)).result;
    };
    const tick = async () => {
      try {
        const next = await check();
        if (stopped) return;
        setStatus(next);
        if (next.status === 'SUCCESS') return navigateRef.current(`/checkout/onepage/success?orderId=${orderId}`);
        if (next.status === 'FAILED' || next.status === 'CANCELLED') return;
        if (++polls < PAYMENT_POLL_MAX) timer = setTimeout(tick, PAYMENT_POLL_INTERVAL_MS);
      } catch (e) {
        if (!stopped) setError(messageOf(e, m.errorGeneric));
      }
    };
    (async () => {
      if (method === 'qr') {
        try {
          setQr((await api.qrGenerate(orderId)).result);
        } catch (e) {
          setError(messageOf(e, m.errorGeneric));
          return;
        }
      }
      timer = setTimeout(tick, method === 'confirm' ? 0 : PAYMENT_POLL_INTERVAL_MS);
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId, method, country, m]);

  if (error)
    return (
      <p role="alert" className="cc-error">
        {error}
      </p>
    );
  return (
    <div role="status" aria-live="polite" className="cc-section">
      {qr ? (
        <p>
          <code data-testid="qr-code">{qr.qrCode}</code>
        </p>
      ) : null}
      {status?.status === 'FAILED' ? <p className="cc-error">{status.message ?? m.paymentFailed}</p> : <p>{m.waitingUpi}</p>}
      <Skeleton />
    </div>
  );
}
