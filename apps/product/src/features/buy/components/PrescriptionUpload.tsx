import { messageOf, productRoutes } from '@eyewear/api-client';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { useProductApi } from '../../../app/api';
import { pageMessages } from '../../../app/page-messages';
import { lensMessages } from '../messages';
import type { UploadState } from './use-lens-flow';

/** A prescription image, sent to the account area's upload; the order carries its file name. */
export function PrescriptionUpload({ upload, onChange }: { upload: UploadState; onChange(upload: UploadState): void }) {
  const m = useMessages(pageMessages);
  const lens = useMessages(lensMessages);
  const api = useProductApi();
  const send = async (file: File | undefined) => {
    if (!file) return;
    onChange({ status: 'loading' });
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const answer = await api.call(productRoutes.uploadPrescriptionImage, { body: form });
      onChange({ status: 'ready', fileName: answer.result.fileName });
    } catch (error) {
      onChange({ status: 'failed', message: messageOf(error, m.retry) });
    }
  };
  return (
    <div className="pdp-field">
      <label htmlFor="pdp-upload">{lens.uploadFile}</label>
      <input id="pdp-upload" type="file" accept="image/png,image/jpeg,image/webp,application/pdf" onChange={(e) => void send(e.target.files?.[0])} />
      {upload.status === 'loading' ? <span role="status">{lens.uploading}</span> : null}
      {upload.status === 'ready' ? <span role="status">{formatMessage(lens.uploaded, { name: upload.fileName ?? '' })}</span> : null}
      {upload.status === 'failed' ? (
        <span role="alert" className="pdp-error">
          {upload.message}
        </span>
      ) : null}
    </div>
  );
}
