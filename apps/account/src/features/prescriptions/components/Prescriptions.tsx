import { useState } from 'react';
import { messageOf, prescriptionRoutes } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, powerOwnerLabel, useMessages, useDateOf } from '@eyewear/i18n';
import { PowerTable, SkeletonGrid } from '@eyewear/ui';
import { EYE_FIELDS } from '../../../app/eyes';
import { LoadFailed } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { usePrescriptionsApi } from '../api';
import { PrescriptionForm } from './PrescriptionForm';

/** /customer/prescriptions/: saved prescriptions (edit, delete), add by powers, image upload (downloadable), PD by camera. */
export default function Prescriptions() {
  const m = useMessages(sectionMessages);
  const dateOf = useDateOf();
  const api = usePrescriptionsApi();
  const list = useQuery(prescriptionRoutes.saved);
  const [editing, setEditing] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A failed reload shows the failure, not the list it had.
  const saved = list.status === 'failed' ? undefined : list.data?.result.prescriptions;
  // One placeholder until the list is known, then the list and the form under it at once: the
  // form never moves as the list lands (issue 42: a layout shift of 0.20 on a phone). Once shown,
  // a reload (after a save, a delete or a retry) keeps the form and what the shopper typed in it.
  const inNow = list.status !== 'loading' || saved !== undefined;
  const [shown, setShown] = useState(inNow);
  if (inNow && !shown) setShown(true);
  async function remove(id: number) {
    await api.remove(id).catch(() => undefined);
    list.reload();
  }
  return (
    <div>
      {!shown ? <SkeletonGrid rows={2} label={m.loading} /> : null}
      {list.status === 'failed' ? <LoadFailed message={messageOf(list.error, m.somethingWrong)} retry={m.retry} onRetry={list.reload} /> : null}
      {notice ? (
        <p role="status" className="acc-success">
          {notice}
        </p>
      ) : null}
      {saved && saved.length === 0 ? <p className="acc-empty">{m.noPrescriptions}</p> : null}
      {saved && saved.length ? (
        <ul className="acc-list">
          {saved.map((p) => (
            <li key={p.id} className="acc-card" data-testid="account-prescription">
              <h2 className="acc-card__title">
                {powerOwnerLabel(p.userName, [], m.yourPower)} · {m[`powerType_${p.powerType}`]}
              </h2>
              <p>{formatMessage(m.savedOn, { date: dateOf(p.updatedAt ?? p.createdAt) })}</p>
              <PowerTable eyes={p} labels={{ right: m.rightEye, left: m.leftEye, corner: m.power }} fields={EYE_FIELDS} />
              {p.imageFileName ? (
                <a href={`/api/v2/prescriptions/download/${p.imageFileName}`} download>
                  {m.download}
                </a>
              ) : null}
              <div className="acc-actions">
                <button
                  type="button"
                  className="ui-button ui-button--link"
                  aria-expanded={editing === p.id}
                  aria-label={formatMessage(m.editPrescriptionOf, { name: powerOwnerLabel(p.userName, [], m.yourPower) ?? m.yourPower })}
                  onClick={() => {
                    setNotice(null);
                    setEditing(editing === p.id ? null : p.id);
                  }}
                >
                  {m.edit}
                </button>
                <button type="button" className="ui-button ui-button--link" onClick={() => remove(p.id)}>
                  {m.remove}
                </button>
              </div>
              {editing === p.id ? (
                <PrescriptionForm
                  saved={p}
                  onSaved={() => {
                    setEditing(null);
                    setNotice(m.prescriptionUpdatedSaved);
                    list.reload();
                  }}
                  onCancel={() => setEditing(null)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {shown ? <PrescriptionForm onSaved={list.reload} /> : null}
    </div>
  );
}
