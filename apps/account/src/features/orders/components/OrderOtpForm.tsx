import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { messageOf } from '@eyewear/api-client';
import { toastShow } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { Field } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { UPDATE_TOAST_MS } from '../../../app/toasts';
import { upgradeMessages } from '../../upgrade';
import { useOrdersApi } from '../api';

/**
 * Confirms a power update held by the API (the order was opened by its e-mail, not by its
 * owner): the code sent to the order's phone, PUT orders/{id}/otp?value&email.
 */
export function OrderOtpForm({ orderId, email, onConfirmed }: { orderId: number; email?: string; onConfirmed(): void }) {
  const m = useMessages(upgradeMessages);
  const s = useMessages(sectionMessages);
  const items = useOrdersApi();
  const dispatch = useDispatch();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      await items.confirmOtp(orderId, code.trim(), email);
      dispatch(toastShow({ message: s.prescriptionUpdated, timeout: UPDATE_TOAST_MS, success: true }));
      onConfirmed();
    } catch (failure) {
      setError(messageOf(failure, s.prescriptionUpdateFailed));
    }
  }
  return (
    <form onSubmit={submit} aria-label={m.otpTitle}>
      <p role="status">{m.otpSent}</p>
      <Field name="otp" label={m.otpCode} inputMode="numeric" autoComplete="one-time-code" autoFocus value={code} onChange={setCode} error={error} />
      <button type="submit" className="ui-button">
        {m.otpConfirm}
      </button>
    </form>
  );
}
