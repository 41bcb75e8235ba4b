import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { type Order } from '@eyewear/api-client';
import { toastShow } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { messageOf } from '../../shared/api';
import { Field } from '../../shared/form';
import { useItemApi } from '../../shared/item-api';
import { sectionMessages } from '../account/messages';
import { upgradeMessages } from '../upgrade/messages';
import { eyeInput } from '../prescriptions/Prescriptions';

/** account §8/§9: power, package and prescription update toasts stay 7000 ms. */
export const UPDATE_TOAST_MS = 7000;

/**
 * Confirms a power update held by the API (the order was opened by its e-mail, not by its
 * owner): the code sent to the order's phone, PUT orders/{id}/otp?value&email.
 */
function OrderOtpForm({ orderId, email, onConfirmed }: { orderId: number; email?: string; onConfirmed(): void }) {
  const m = useMessages(upgradeMessages);
  const s = useMessages(sectionMessages);
  const items = useItemApi();
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

/** Submit or update the power of an order item that has not shipped yet. */
export function ItemPowerForm({ orderId, item, email, onSaved }: { orderId: number; item: Order['items'][number]; email?: string; onSaved(): void }) {
  const m = useMessages(sectionMessages);
  const api = useItemApi();
  const dispatch = useDispatch();
  const [otp, setOtp] = useState(false);
  const current = item.prescription;
  const [right, setRight] = useState({
    sph: current?.right.sph ?? '',
    cyl: current?.right.cyl ?? '',
    axis: current?.right.axis ?? '',
    pd: current?.right.pd ?? '',
  });
  const [left, setLeft] = useState({ sph: current?.left.sph ?? '', cyl: current?.left.cyl ?? '', axis: current?.left.axis ?? '', pd: current?.left.pd ?? '' });
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await api.updatePrescription(
        orderId,
        item.id,
        {
          powerType: current?.powerType ?? item.powerType ?? 'SINGLE_VISION',
          right: eyeInput(right),
          left: eyeInput(left),
          ...(current?.userName ? { userName: current.userName } : {}),
        },
        email,
      );
      if (answer.result.otpRequired) {
        setOtp(true);
        return;
      }
      dispatch(toastShow({ message: m.prescriptionUpdated, timeout: UPDATE_TOAST_MS, success: true }));
      onSaved();
    } catch (error) {
      dispatch(toastShow({ message: messageOf(error, m.prescriptionUpdateFailed), timeout: UPDATE_TOAST_MS, error: true }));
    }
  }
  if (otp) {
    return (
      <OrderOtpForm
        orderId={orderId}
        email={email}
        onConfirmed={() => {
          setOtp(false);
          onSaved();
        }}
      />
    );
  }
  return (
    <form onSubmit={submit} className="acc-eyes" aria-label={`${m.updatePower}: ${item.name}`}>
      {(
        [
          ['right', right, setRight],
          ['left', left, setLeft],
        ] as const
      ).map(([eye, value, set]) => (
        <fieldset key={eye} className="acc-eye">
          <legend>{eye === 'right' ? m.rightEye : m.leftEye}</legend>
          <Field name={`${eye}.sph`} label={m.sph} value={value.sph} onChange={(v) => set({ ...value, sph: v })} />
          <Field name={`${eye}.cyl`} label={m.cyl} value={value.cyl} onChange={(v) => set({ ...value, cyl: v })} />
          <Field name={`${eye}.axis`} label={m.axis} value={value.axis} onChange={(v) => set({ ...value, axis: v })} />
        </fieldset>
      ))}
      <button type="submit" className="ui-button">
        {m.updatePower}
      </button>
    </form>
  );
}
