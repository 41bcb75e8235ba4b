import { useState } from 'react';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import { ErrorText } from '../../../app/error-text';
import { messages } from '../../../app/flow-messages';
import { useDateFormats } from '../../../app/format';
import { statusLabel } from '../../../app/status';
import type { Visit } from '../api';

/** Home eye check-up detail (reached with ?appointmentId=): sync and cancel with a reason. */
export function HecPanel({ visit }: { visit: Visit }) {
  const m = useMessages(messages);
  const f = useDateFormats();
  const [reason, setReason] = useState('');
  const { appointment: a, loading, error } = visit.hec;
  if (loading) return <Skeleton />;
  if (!a) return <ErrorText message={error} />;
  return (
    <section aria-labelledby="hec-detail" className="appt-card">
      <h2 id="hec-detail">{m.hecTitle}</h2>
      <p className="appt-muted">{formatMessage(m.bookingRef, { id: a.appointmentId })}</p>
      <p>{formatMessage(m.status, { status: statusLabel(m, a.status) })}</p>
      <p>{formatMessage(m.hecWhen, { date: f.date(a.selectedDate), time: f.time(a.selectedTime) })}</p>
      {a.address ? <p>{a.address}</p> : null}
      {a.optometrist ? <p>{formatMessage(m.agent, { name: a.optometrist.name, phone: a.optometrist.phone ?? '' })}</p> : null}
      {a.cancellationReason ? <p>{a.cancellationReason}</p> : null}
      <ErrorText message={error} />
      <div className="appt-row">
        <button type="button" className="ui-button appt-button--secondary" onClick={() => void visit.syncHec(a.appointmentId)}>
          {m.refreshStatus}
        </button>
      </div>
      {a.status === 'OPEN' && a.orderId ? (
        <form
          className="appt-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim()) void visit.cancelHec(a.orderId!, reason.trim());
          }}
        >
          <label>
            {m.cancelReasonLabel}
            <input value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
          </label>
          <button type="submit" className="ui-button appt-button--secondary">
            {m.cancelVisit}
          </button>
        </form>
      ) : null}
    </section>
  );
}
