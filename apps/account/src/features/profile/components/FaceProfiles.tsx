import { useState, type FormEvent } from 'react';
import { faceProfileRoutes, fieldOf, messageOf, type FaceOnPhoto } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { Field, FormError, LoadFailed } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { useProfileApi } from '../api';
import { faceMessages } from '../face-messages';
import { findFace } from '../find-face';
import { FaceProfileEdit } from './FaceProfileEdit';

/** A profile photo whose fetch fails is dropped from view (account §4 Face profiles). */
function ProfileImage({ dittoId, alt }: { dittoId: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return <img src={`/api/v2/face-profiles/${dittoId}/frontal-image`} width={150} height={120} alt={alt} onError={() => setFailed(true)} />;
}

/**
 * /customer/ditto-profile/: create from a photo, list, rename, set default, delete. Saving finds the
 * face in the photo first, in the browser, after the shopper agrees (issue 43): its landmarks go
 * with the photo, so try-on places frames on the eyes. A photo where no face can be fitted is not
 * saved (the message says what to do); a device where the face finder does not load may save
 * without them, on the shopper's choice, and frames are then placed approximately.
 */
export default function FaceProfiles() {
  const m = useMessages(sectionMessages);
  const f = useMessages(faceMessages);
  const api = useProfileApi();
  const list = useQuery(faceProfileRoutes.list);
  // A failed reload shows the failure, not the list it had.
  const profiles = list.status === 'failed' ? undefined : list.data?.result.profiles;
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  // A new file input after each save: the browser's input kept showing the last photo (and choosing
  // the same one again fired no change), so a second profile was refused as incomplete (issue 42).
  const [fileInput, setFileInput] = useState(0);
  const [errors, setErrors] = useState<{ name?: string; file?: string; consent?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);
  const [unanalysed, setUnanalysed] = useState(false);
  async function save(photo: File, face?: FaceOnPhoto) {
    try {
      await api.createFaceProfile(photo, name.trim(), face);
      setName('');
      setFile(null);
      setUnanalysed(false);
      setFileInput((n) => n + 1);
      list.reload();
    } catch (error) {
      const field = fieldOf(error);
      const message = messageOf(error, m.somethingWrong);
      if (field === 'file' || field === 'face' || field === 'firstName') setErrors({ [field === 'firstName' ? 'name' : 'file']: message });
      else setFailure(message);
    }
  }
  async function create(event: FormEvent) {
    event.preventDefault();
    const missing = {
      ...(name.trim() ? {} : { name: m.profileNameMissing }),
      ...(file ? {} : { file: m.photoMissing }),
      ...(consent ? {} : { consent: f.consentMissing }),
    };
    setErrors(missing);
    setFailure(null);
    setUnanalysed(false);
    if (!file || missing.name || missing.consent) return;
    setFinding(true);
    const found = await findFace(file);
    setFinding(false);
    if (found.status === 'found') await save(file, found.face);
    else if (found.status === 'problem') setErrors({ file: found.message });
    else setUnanalysed(true);
  }
  const act = (work: Promise<unknown>) => work.then(list.reload, (error: unknown) => setFailure(messageOf(error, m.somethingWrong)));
  return (
    <div>
      {list.status === 'loading' && !profiles ? <SkeletonGrid rows={1} label={m.loading} /> : null}
      {list.status === 'failed' ? <LoadFailed message={messageOf(list.error, m.somethingWrong)} retry={m.retry} onRetry={list.reload} /> : null}
      {notice ? (
        <p role="status" className="acc-success">
          {notice}
        </p>
      ) : null}
      {profiles?.length === 0 ? <p className="acc-empty">{m.noProfiles}</p> : null}
      <ul className="acc-list">
        {profiles?.map((p) => (
          <li key={p.dittoId} className="acc-card">
            <ProfileImage dittoId={p.dittoId} alt={p.name.first} />
            <p>
              {p.name.first} {p.name.last} {p.isDefault ? `(${m.isDefault})` : null}
            </p>
            {p.hasLandmarks === false ? <p className="acc-note">{f.approximate}</p> : null}
            {editing === p.dittoId ? (
              <FaceProfileEdit
                profile={p}
                onDone={(saved) => {
                  setEditing(null);
                  if (saved) {
                    setNotice(m.profileSaved);
                    list.reload();
                  }
                }}
              />
            ) : null}
            <div className="acc-actions">
              <button
                type="button"
                className="ui-button ui-button--link"
                aria-expanded={editing === p.dittoId}
                aria-label={formatMessage(m.editProfile, { name: p.name.first })}
                onClick={() => {
                  setNotice(null);
                  setEditing(editing === p.dittoId ? null : p.dittoId);
                }}
              >
                {m.edit}
              </button>
              {!p.isDefault ? (
                <button type="button" className="ui-button ui-button--link" onClick={() => act(api.setDefaultFaceProfile(p.dittoId))}>
                  {m.setDefault}
                </button>
              ) : null}
              <button
                type="button"
                className="ui-button ui-button--link"
                aria-label={`${m.remove} ${p.name.first}`}
                onClick={() => act(api.removeFaceProfile(p.dittoId))}
              >
                {m.remove}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <form onSubmit={create} className="acc-card" aria-label={m.addProfile}>
        <h2 className="acc-card__title">{m.addProfile}</h2>
        <Field name="profileName" label={m.profileName} value={name} onChange={setName} error={errors.name} />
        <div className="acc-field">
          <label htmlFor="acc-face-file">{m.photo}</label>
          <input
            key={fileInput}
            id="acc-face-file"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            capture="user"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? 'acc-face-file-error' : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setUnanalysed(false);
            }}
          />
          {errors.file ? (
            <span id="acc-face-file-error" className="acc-field__error">
              {errors.file}
            </span>
          ) : null}
        </div>
        <section aria-labelledby="acc-face-consent-title" className="acc-field">
          <h3 id="acc-face-consent-title">{f.consentTitle}</h3>
          <p id="acc-face-consent-text">{f.consentText}</p>
          <label>
            <input
              type="checkbox"
              checked={consent}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? 'acc-face-consent-text acc-face-consent-error' : 'acc-face-consent-text'}
              onChange={(event) => setConsent(event.target.checked)}
            />{' '}
            {f.consent}
          </label>
          {errors.consent ? (
            <span id="acc-face-consent-error" className="acc-field__error">
              {errors.consent}
            </span>
          ) : null}
        </section>
        {finding ? <p role="status">{f.finding}</p> : null}
        {unanalysed && file ? (
          <div role="alert">
            <p>{f.unavailable}</p>
            <button type="button" className="ui-button ui-button--secondary" onClick={() => void save(file)}>
              {f.saveWithout}
            </button>
          </div>
        ) : null}
        <FormError message={failure} />
        <button type="submit" className="ui-button" disabled={finding}>
          {m.create}
        </button>
      </form>
    </div>
  );
}
