import { useState, type ChangeEvent, type FormEvent } from 'react';
import { fieldOf, messageOf } from '@eyewear/api-client';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { EYE_FIELDS, emptyEye, eyeInput, type Eye } from '../../../app/eyes';
import { Field, FormError, SelectField } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { usePrescriptionsApi } from '../api';

const POWER_TYPES = ['SINGLE_VISION', 'BIFOCAL', 'PROGRESSIVE', 'ZERO_POWER', 'CONTACT_LENS'] as const;

/** A new prescription: its powers, whose it is, an image of it, the PD measured from a photo. */
export function AddPrescription({ onSaved }: { onSaved(): void }) {
  const m = useMessages(sectionMessages);
  const api = usePrescriptionsApi();
  const [powerType, setPowerType] = useState<(typeof POWER_TYPES)[number]>('SINGLE_VISION');
  const [userName, setUserName] = useState('');
  const [right, setRight] = useState<Eye>(emptyEye);
  const [left, setLeft] = useState<Eye>(emptyEye);
  const [image, setImage] = useState<{ fileName: string; url: string } | null>(null);
  const [pdNote, setPdNote] = useState<string | null>(null);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [saved, setSaved] = useState(false);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setError(null);
    try {
      setImage((await api.upload(file)).result);
    } catch (failure) {
      setError({ field: 'file', message: messageOf(failure, m.somethingWrong) });
    }
  }
  async function measurePd(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setPdNote(null);
    try {
      const answer = await api.cameraPd(file);
      const pd = answer.result?.faces?.attributes?.pd?.value;
      // account §5/§8: the call fails when no pd value comes back.
      if (typeof pd !== 'number') throw new Error('no pd');
      const half = (pd / 2).toFixed(1);
      setRight((e) => ({ ...e, pd: half }));
      setLeft((e) => ({ ...e, pd: half }));
      setPdNote(formatMessage(m.pdMeasured, { pd }));
    } catch {
      setPdNote(m.pdFailed);
    }
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await api.save({
        powerType,
        right: eyeInput(right),
        left: eyeInput(left),
        ...(userName.trim() ? { userName: userName.trim() } : {}),
        ...(image ? { imageFileName: image.fileName } : {}),
      });
      setSaved(true);
      setRight(emptyEye);
      setLeft(emptyEye);
      setImage(null);
      onSaved();
    } catch (failure) {
      setError({ field: fieldOf(failure), message: messageOf(failure, m.somethingWrong) });
    }
  }
  const eyeFields = (eye: 'right' | 'left', value: Eye, set: (e: Eye) => void) => (
    <fieldset className="acc-eye">
      <legend>{eye === 'right' ? m.rightEye : m.leftEye}</legend>
      {EYE_FIELDS.map((f) => (
        <Field
          key={f}
          name={`${eye}.${f}`}
          label={m[f]}
          inputMode={f === 'axis' ? 'numeric' : undefined}
          value={value[f]}
          onChange={(v) => set({ ...value, [f]: v })}
          error={error?.field === `${eye}.${f}` ? error.message : undefined}
        />
      ))}
    </fieldset>
  );
  return (
    <form onSubmit={submit} className="acc-card" aria-label={m.addPrescription}>
      <h2 className="acc-card__title">{m.addPrescription}</h2>
      <SelectField
        name="powerType"
        label={m.powerType}
        value={powerType}
        onChange={(v) => setPowerType(v as typeof powerType)}
        options={POWER_TYPES.map((p) => ({ value: p, label: p.replace(/_/g, ' ').toLowerCase() }))}
      />
      <Field name="userName" label={m.whose} value={userName} onChange={setUserName} />
      <div className="acc-eyes">
        {eyeFields('right', right, setRight)}
        {eyeFields('left', left, setLeft)}
      </div>
      <div className="acc-field">
        <label htmlFor="acc-rx-file">{m.uploadImage}</label>
        <input id="acc-rx-file" type="file" accept="image/jpeg,image/png,image/webp,application/pdf" onChange={upload} />
        {image ? <span role="status">{formatMessage(m.uploaded, { file: image.fileName })}</span> : null}
      </div>
      <div className="acc-field">
        <label htmlFor="acc-pd-file">{m.pdCamera}</label>
        <input id="acc-pd-file" type="file" accept="image/jpeg,image/png" capture="user" onChange={measurePd} />
        {pdNote ? <span role="status">{pdNote}</span> : null}
      </div>
      <FormError message={error && !error.field?.includes('.') ? error.message : null} />
      {saved ? (
        <p role="status" className="acc-success">
          {m.prescriptionSaved}
        </p>
      ) : null}
      <button type="submit" className="ui-button">
        {m.savePrescription}
      </button>
    </form>
  );
}
