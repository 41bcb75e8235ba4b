import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { fieldOf, messageOf } from '@eyewear/api-client';
import { toastShow } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { formatPower, needsAddition, POWER_LATER, prescriptionProblems, SPECTACLE_POWER_RANGES } from '@eyewear/i18n/rules';
import { eyeInput, eyeOf } from '../../../app/eyes';
import { Field, readableMessageOf } from '../../../app/form';
import { type OrderItem } from '../../../app/order-items';
import { sectionMessages } from '../../../app/section-messages';
import { UPDATE_TOAST_MS } from '../../../app/toasts';
import { atField, problemTexts } from '../../prescriptions';
import { upgradeMessages } from '../../upgrade';
import { useOrdersApi } from '../api';
import { OrderOtpForm } from './OrderOtpForm';

/** Submit or update the power of an order item that has not shipped yet. */
export function ItemPowerForm({ orderId, item, email, onSaved }: { orderId: number; item: OrderItem; email?: string; onSaved(): void }) {
  const m = useMessages(sectionMessages);
  const lensText = useMessages(upgradeMessages);
  const api = useOrdersApi();
  const dispatch = useDispatch();
  const [otp, setOtp] = useState(false);
  const current = item.prescription;
  const [right, setRight] = useState(() => eyeOf(current?.right));
  const [left, setLeft] = useState(() => eyeOf(current?.left));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const powerType = current?.powerType ?? item.powerType ?? 'SINGLE_VISION';
  // Bifocal and progressive lenses have an addition (ADD) for each eye with a power (issue 42:
  // it was never asked); other lenses none.
  const withAddition = needsAddition(powerType);
  const fields = withAddition ? (['sph', 'cyl', 'axis', 'ap'] as const) : (['sph', 'cyl', 'axis'] as const);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const eyes = { right: withAddition ? right : { ...right, ap: '' }, left: withAddition ? left : { ...left, ap: '' } };
    // A real lens power for this item's lenses, each refusal said at its field, before anything is sent.
    const problems = problemTexts(m, prescriptionProblems(powerType, eyes.right, eyes.left));
    if (withAddition) {
      const [min, max] = SPECTACLE_POWER_RANGES[powerType as 'BIFOCAL' | 'PROGRESSIVE'].ap!;
      for (const side of ['right', 'left'] as const) {
        const eye = eyes[side];
        if (eye.sph.trim() && eye.sph !== POWER_LATER && !eye.ap.trim())
          problems[`${side}.ap`] ??= formatMessage(lensText.additionNeeded, { min: formatPower(min), max: formatPower(max) });
      }
    }
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const answer = await api.updatePrescription(
        orderId,
        item.id,
        {
          powerType,
          right: eyeInput(eyes.right),
          left: eyeInput(eyes.left),
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
          {fields.map((f) => (
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
