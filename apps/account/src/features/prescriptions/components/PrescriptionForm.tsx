import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { fieldOf, messageOf, type SavedPrescription } from '@eyewear/api-client';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { needsAddition, prescriptionProblems } from '@eyewear/i18n/rules';
import { EYE_FIELDS, emptyEye, eyeInput, eyeOf, type Eye } from '../../../app/eyes';
import { failureFrom, Field, FormError, readableMessageOf, SelectField } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { usePrescriptionsApi } from '../api';
import { atField, problemTexts } from '../power-text';

const POWER_TYPES = ['SINGLE_VISION', 'BIFOCAL', 'PROGRESSIVE', 'ZERO_POWER', 'CONTACT_LENS'] as const;
type FormPowerType = (typeof POWER_TYPES)[number];
const formPowerType = (p?: string): FormPowerType => ((POWER_TYPES as readonly string[]).includes(p ?? '') ? (p as FormPowerType) : 'SINGLE_VISION');

/**
 * A prescription: its powers (checked against the lens lab's ranges and steps, each refusal
 * said at its field), whose it is, an image of it, the PD measured from a photo. New, or with
 * `saved` the edit of a saved one (sent as an update, Cancel leaves it as it was).
 */
export function PrescriptionForm({ saved, onSaved, onCancel }: { saved?: SavedPrescription; onSaved(): void; onCancel?(): void }) {
  const m = useMessages(sectionMessages);
  const api = usePrescriptionsApi();
  const ids = useId();
  const [powerType, setPowerType] = useState<FormPowerType>(formPowerType(saved?.powerType));
  const [userName, setUserName] = useState(saved?.userName && saved.userName !== 'user' ? saved.userName : '');
  const [right, setRight] = useState<Eye>(() => eyeOf(saved?.right as Partial<Eye> | undefined));
  const [left, setLeft] = useState<Eye>(() => eyeOf(saved?.left as Partial<Eye> | undefined));
  const [image, setImage] = useState<{ fileName: string } | null>(saved?.imageFileName ? { fileName: saved.imageFileName } : null);
  const [pdNote, setPdNote] = useState<string | null>(null);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const title = saved ? m.editPrescription : m.addPrescription;

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setError(null);
    try {
      setImage((await api.upload(file)).result);
    } catch (failure) {
      setError({ field: 'file', message: failureFrom(failure, m.somethingWrong).message });
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
    setDone(false);
    const withAddition = needsAddition(powerType);
    const problems = prescriptionProblems(powerType, withAddition ? right : { ...right, ap: '' }, withAddition ? left : { ...left, ap: '' });
    setFieldErrors(problemTexts(m, problems));
    if (Object.keys(problems).length) return;
    const body = {
      powerType,
      right: eyeInput(withAddition ? right : { ...right, ap: '' }),
      left: eyeInput(withAddition ? left : { ...left, ap: '' }),
      ...(userName.trim() ? { userName: userName.trim() } : {}),
      ...(image ? { imageFileName: image.fileName } : {}),
    };
    try {
      if (saved) await api.update(saved.id, body);
      else await api.save(body);
      setDone(true);
      if (!saved) {
        setRight(emptyEye);
        setLeft(emptyEye);
        setImage(null);
      }
      onSaved();
    } catch (failure) {
      const field = fieldOf(failure);
      if (field?.includes('.')) setFieldErrors({ [field]: atField(field, messageOf(failure, m.somethingWrong)) });
      else setError({ field, message: readableMessageOf(failure, m.somethingWrong) });
    }
  }
  const shown = EYE_FIELDS.filter((f) => f !== 'ap' || needsAddition(powerType));
  const eyeFields = (eye: 'right' | 'left', value: Eye, set: (e: Eye) => void) => (
    <fieldset className="acc-eye">
      <legend>{eye === 'right' ? m.rightEye : m.leftEye}</legend>
      {shown.map((f) => (
        <Field
          key={f}
          name={`${eye}.${f}`}
          label={m[f]}
          inputMode={f === 'axis' ? 'numeric' : undefined}
          value={value[f]}
          onChange={(v) => set({ ...value, [f]: v })}
          error={fieldErrors[`${eye}.${f}`]}
        />
      ))}
    </fieldset>
  );
  return (
    <form onSubmit={submit} noValidate className="acc-card" aria-label={title}>
      <h2 className="acc-card__title">{title}</h2>
      <SelectField
        name="powerType"
        label={m.powerType}
        value={powerType}
        onChange={(v) => setPowerType(v as FormPowerType)}
        options={POWER_TYPES.map((p) => ({ value: p, label: m[`powerType_${p}`] }))}
      />
      <Field name="userName" label={m.whose} value={userName} onChange={setUserName} />
      <div className="acc-eyes">
        {eyeFields('right', right, setRight)}
        {eyeFields('left', left, setLeft)}
      </div>
      <div className="acc-field">
        <label htmlFor={`${ids}-rx`}>{m.uploadImage}</label>
        <input id={`${ids}-rx`} type="file" accept="image/jpeg,image/png,image/webp,application/pdf" onChange={upload} />
        {image ? <span role="status">{formatMessage(m.uploaded, { file: image.fileName })}</span> : null}
      </div>
      <div className="acc-field">
        <label htmlFor={`${ids}-pd`}>{m.pdCamera}</label>
        <input id={`${ids}-pd`} type="file" accept="image/jpeg,image/png" capture="user" onChange={measurePd} />
        {pdNote ? <span role="status">{pdNote}</span> : null}
      </div>
      <FormError message={error?.message ?? null} />
      {done && !saved ? (
        <p role="status" className="acc-success">
          {m.prescriptionSaved}
        </p>
      ) : null}
      <div className="acc-actions">
        <button type="submit" className="ui-button">
          {m.savePrescription}
        </button>
        {onCancel ? (
          <button type="button" className="ui-button ui-button--link" onClick={onCancel}>
            {m.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
