import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { type Order } from '@eyewear/api-client';
import { toastShow } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { messageOf } from '../../shared/api';
import { Field } from '../../shared/form';
import { useAccountApi } from '../../shared/hooks';
import { sectionMessages } from '../account/messages';
import { eyeInput } from '../prescriptions/Prescriptions';

/** spec §8/§9: power, package and prescription update toasts stay 7000 ms. */
export const UPDATE_TOAST_MS = 7000;

/** Submit or update the power of an order item that has not shipped yet. */
export function ItemPowerForm({ orderId, item, onSaved }: { orderId: number; item: Order['items'][number]; onSaved(): void }) {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const dispatch = useDispatch();
  const current = item.prescription;
  const [right, setRight] = useState({ sph: current?.right.sph ?? '', cyl: current?.right.cyl ?? '', axis: current?.right.axis ?? '', pd: current?.right.pd ?? '' });
  const [left, setLeft] = useState({ sph: current?.left.sph ?? '', cyl: current?.left.cyl ?? '', axis: current?.left.axis ?? '', pd: current?.left.pd ?? '' });
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await api.updateItemPrescription(orderId, item.id, { powerType: current?.powerType ?? 'SINGLE_VISION', right: eyeInput(right), left: eyeInput(left), ...(current?.userName ? { userName: current.userName } : {}) });
      dispatch(toastShow({ message: m.prescriptionUpdated, timeout: UPDATE_TOAST_MS, success: true }));
      onSaved();
    } catch (error) {
      dispatch(toastShow({ message: messageOf(error, m.prescriptionUpdateFailed), timeout: UPDATE_TOAST_MS, error: true }));
    }
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
