import { useState } from 'react';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import { ErrorText } from '../../../app/error-text';
import { messages } from '../../../app/flow-messages';
import type { Visit } from '../api';

/** Home eye check-up detail (reached with ?appointmentId=): sync and cancel with a reason. */
export function HecPanel({ visit }: { visit: Visit }) {
  const m = useMessages(messages);
  const [reason, setReason] = useState('');
  const { appointment: a, loading, error } = visit.hec;
  if (loading) return <Skeleton />;
  if (!a) return <ErrorText message={error} />;
  return (
    <section aria-labelledby="hec-detail" className="appt-card">
      <h2 id="hec-detail">{a.appointmentId}</h2>
      <p>{formatMessage(m.status, { status: a.status })}</p>
      <p>
        {a.selectedDate} {a.selectedTime} · {a.address}
      </p>
      {a.optometrist ? <p>{formatMessage(m.agent, { name: a.optometrist.name, phone: a.optometrist.phone ?? '' })}</p> : null}
      {a.cancellationReason ? <p>{a.cancellationReason}</p> : null}
      <ErrorText message={error} />
      <button type="button" onClick={() => void visit.syncHec(a.appointmentId)}>
        {m.refreshStatus}
      </button>
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
          <button type="submit">{m.cancelVisit}</button>
        </form>
      ) : null}
    </section>
  );
}
