import { useCallback, useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { selectCheckout, type PayInput } from '../../checkout';
import { useCaptcha } from '../api';
import { NO_FIELDS, type PaymentFields, type PaymentMethodCode } from '../payment-input';
import { newIdempotencyKey } from '../rules';
import { selectProvider } from '../state/provider-slice';

/**
 * What the shopper entered on the payment page: the method, its fields, the card's first digits,
 * the form's own error, the captcha, and the attempt's Idempotency-Key. Kept by the page, so it
 * outlives the form while a UPI request is waited for.
 */
export function usePaymentEntry() {
  const state = useSelector(selectCheckout);
  const provider = useSelector(selectProvider);
  const [method, setMethod] = useState<PaymentMethodCode | null>(null);
  const [fields, setFields] = useState<PaymentFields>(NO_FIELDS);
  const [bin, setBin] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const captcha = useCaptcha(method === 'cod');
  const set = useCallback((change: Partial<PaymentFields>) => setFields((f) => ({ ...f, ...change })), []);
  // Stable, so the card fields report only when what they hold changes.
  const onCardChange = useCallback((card: PayInput['card'] | null, cardError: string | null) => set({ card: card ?? null, cardError }), [set]);
  // One Idempotency-Key per payment attempt: a double click or a retry after a dropped answer reuses it.
  const attemptKey = useRef<string | null>(null);
  useEffect(() => {
    if (state.paymentError && !state.attemptKey) attemptKey.current = null;
  }, [state.paymentError, state.attemptKey]);
  // The provider's payment likewise: a definite answer ends the attempt, a lost one keeps its key.
  useEffect(() => {
    if (provider.error && !provider.keepKey) attemptKey.current = null;
  }, [provider.error, provider.keepKey]);
  // An order placed through the provider is paid again (a retry) under a new key.
  useEffect(() => {
    if (provider.confirming) attemptKey.current = null;
  }, [provider.confirming]);
  // A refused cash-on-delivery attempt used its captcha up (the API takes any answer once, right or
  // wrong): a new captcha at once, the field emptied; `captchaRetry` counts them, so the field
  // takes the cursor back (issue 42: retyping the used one always failed).
  const [captchaRetry, setCaptchaRetry] = useState(0);
  const renewCaptcha = captcha.renew;
  useEffect(() => {
    if (method !== 'cod' || !state.paymentError) return;
    renewCaptcha();
    set({ captchaText: '' });
    setCaptchaRetry((n) => n + 1);
  }, [method, state.paymentError, renewCaptcha, set]);
  const keyForAttempt = () => (attemptKey.current ??= state.attemptKey ?? newIdempotencyKey());
  return { method, setMethod, fields, set, onCardChange, bin, setBin, formError, setFormError, captcha, captchaRetry, keyForAttempt };
}

export type PaymentEntry = ReturnType<typeof usePaymentEntry>;
