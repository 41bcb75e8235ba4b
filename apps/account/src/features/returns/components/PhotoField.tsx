import { useId, useState, type ChangeEvent } from 'react';
import { fieldOf, messageOf } from '@eyewear/api-client';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { sectionMessages } from '../../../app/section-messages';
import { useReturnsApi } from '../api';
import { returnsMessages } from '../messages';

export interface ReturnPhoto {
  fileName: string;
  name: string;
}

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/**
 * The photo a return reason asks for (`needsImage`): checked here (a photo, at most the API's
 * `photoMaxBytes`), then uploaded through `returns.uploadPhoto`; the hint and any refusal are
 * tied to the input, a refusal announced.
 */
export function PhotoField({
  maxBytes,
  photo,
  onPhoto,
  error,
  onError,
}: {
  maxBytes: number;
  photo: ReturnPhoto | null;
  onPhoto(photo: ReturnPhoto | null): void;
  error: string | null;
  onError(message: string | null): void;
}) {
  const r = useMessages(returnsMessages);
  const m = useMessages(sectionMessages);
  const api = useReturnsApi();
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const max = megabytes(maxBytes);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    onPhoto(null);
    onError(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) return onError(r.photoNotImage);
    if (file.size > maxBytes) return onError(formatMessage(r.photoTooLarge, { max }));
    setUploading(true);
    try {
      const { fileName } = (await api.uploadPhoto(file)).result;
      onPhoto({ fileName, name: file.name });
    } catch (failure) {
      const field = fieldOf(failure) ?? '';
      // The API names the part it refused (`file.size: ...`): the shopper reads our sentence.
      if (field === 'file.size') onError(formatMessage(r.photoTooLarge, { max }));
      else if (field === 'file.mimetype') onError(r.photoNotImage);
      else onError(messageOf(failure, m.somethingWrong).replace(/^file[\w.]*: /, ''));
    } finally {
      setUploading(false);
    }
  }
  return (
    <div className="acc-field">
      <label htmlFor={id}>{r.photo}</label>
      <input
        id={id}
        name="photo"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={choose}
      />
      <span id={`${id}-hint`} className="acc-note">
        {formatMessage(r.photoHint, { max })}
      </span>
      {uploading ? <span role="status">{r.photoUploading}</span> : null}
      {photo && !uploading ? <span role="status">{formatMessage(r.photoAdded, { file: photo.name })}</span> : null}
      {error ? (
        <span id={`${id}-error`} role="alert" className="acc-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
