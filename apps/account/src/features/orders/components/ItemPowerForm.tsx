import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { fieldOf, messageOf } from '@eyewear/api-client';
import { toastShow } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { prescriptionProblems } from '@eyewear/i18n/rules';
import { eyeInput, eyeOf } from '../../../app/eyes';
import { Field, readableMessageOf } from '../../../app/form';
import { type OrderItem } from '../../../app/order-items';
import { sectionMessages } from '../../../app/section-messages';
import { UPDATE_TOAST_MS } from '../../../app/toasts';
import { atField, problemTexts } from '../../prescriptions';
import { useOrdersApi } from '../api';
import { OrderOtpForm } from './OrderOtpForm';

/** Submit or update the power of an order item that has not shipped yet. */
export function ItemPowerForm({ orderId, item, email, onSaved }: { orderId: number; item: OrderItem; email?: string; onSaved(): void }) {
  const m = useMessages(sectionMessages);
  const api = useOrdersApi();
  const dispatch = useDispatch();
  const [otp, setOtp] = useState(false);
  const current = item.prescription;
  const [right, setRight] = useState(() => eyeOf(current?.right));
  const [left, setLeft] = useState(() => eyeOf(current?.left));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const powerType = current?.powerType ?? item.powerType ?? 'SINGLE_VISION';
  async function submit(event: FormEvent) {
    event.preventDefault();
    // A real lens power for this item's lenses, each refusal said at its field, before anything is sent.
    const problems = prescriptionProblems(powerType, right, left);
    setErrors(problemTexts(m, problems));
    if (Object.keys(problems).length) return;
    try {
      const answer = await api.updatePrescription(
        orderId,
        item.id,
        {
          powerType,
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
      const field = fieldOf(error);
      if (field?.includes('.')) setErrors({ [field]: atField(field, messageOf(error, m.prescriptionUpdateFailed)) });
      dispatch(toastShow({ message: readableMessageOf(error, m.prescriptionUpdateFailed), timeout: UPDATE_TOAST_MS, error: true }));
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
    <form onSubmit={submit} noValidate className="acc-eyes" aria-label={`${m.updatePower}: ${item.name}`}>
      {(
        [
          ['right', right, setRight],
          ['left', left, setLeft],
        ] as const
      ).map(([eye, value, set]) => (
        <fieldset key={eye} className="acc-eye">
          <legend>{eye === 'right' ? m.rightEye : m.leftEye}</legend>
          {(['sph', 'cyl', 'axis'] as const).map((f) => (
            <Field key={f} name={`${eye}.${f}`} label={m[f]} value={value[f]} onChange={(v) => set({ ...value, [f]: v })} error={errors[`${eye}.${f}`]} />
          ))}
        </fieldset>
      ))}
      <button type="submit" className="ui-button">
        {m.updatePower}
      </button>
    </form>
  );
}
