import { useState, type FormEvent } from 'react';
import { messageOf, type FaceProfile } from '@eyewear/api-client';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Field, FormError } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { useProfileApi } from '../api';

/** Renames a face profile (first and last name); Cancel leaves it as it was. */
export function FaceProfileEdit({ profile, onDone }: { profile: FaceProfile; onDone(saved: boolean): void }) {
  const m = useMessages(sectionMessages);
  const api = useProfileApi();
  const [first, setFirst] = useState(profile.name.first);
  const [last, setLast] = useState(profile.name.last ?? '');
  const [error, setError] = useState<{ field?: 'first'; message: string } | null>(null);
  async function save(event: FormEvent) {
    event.preventDefault();
    if (!first.trim()) return setError({ field: 'first', message: m.required });
    setError(null);
    try {
      await api.renameFaceProfile(profile.dittoId, first.trim(), last.trim());
      onDone(true);
    } catch (failure) {
      setError({ message: messageOf(failure, m.somethingWrong) });
    }
  }
  return (
    <form onSubmit={save} noValidate aria-label={formatMessage(m.editProfile, { name: profile.name.first })}>
      <Field name="first" label={m.profileFirstName} value={first} onChange={setFirst} error={error?.field === 'first' ? error.message : undefined} />
      <Field name="last" label={m.profileLastName} value={last} onChange={setLast} />
      <FormError message={error && !error.field ? error.message : null} />
      <div className="acc-actions">
        <button type="submit" className="ui-button">
          {m.save}
        </button>
        <button type="button" className="ui-button ui-button--link" onClick={() => onDone(false)}>
          {m.cancel}
        </button>
      </div>
    </form>
  );
}
