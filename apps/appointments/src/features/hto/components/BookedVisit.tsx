import { useState } from 'react';
import { htoRoutes, type CancelReason } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { Dialog } from '../../../app/dialog';
import { ErrorText } from '../../../app/error-text';
import { messages } from '../../../app/flow-messages';
import { useDateFormats } from '../../../app/format';
import { statusLabel } from '../../../app/status';
import { useSubmit } from '../../../app/use-submit';
import type { Visit } from '../api';

/** The booked (or found) home visit: its agent and status, a status refresh, urgent help, cancel with a reason. */
export function BookedVisit({ visit, reasons }: { visit: Visit; reasons: CancelReason[] }) {
  const m = useMessages(messages);
  const f = useDateFormats();
  const [cancelling, setCancelling] = useState(false);
  const info = visit.info!;
  return (
    <section aria-labelledby="hto-booked" className="appt-card">
      <h2 id="hto-booked">{m.visitBooked}</h2>
      <p>
        {formatMessage(m.visitSummary, { date: f.date(info.date), slot: f.window(info.slotId, info.slotLabel), pincode: info.pincode, id: info.appointmentId })}
      </p>
      {info.agent ? <p>{formatMessage(m.agent, { name: info.agent.name, phone: info.agent.phone })}</p> : null}
      <p>{formatMessage(m.status, { status: statusLabel(m, info.status) })}</p>
      <div className="appt-row">
        <button type="button" className="ui-button appt-button--secondary" onClick={() => void visit.syncHec(info.appointmentId)}>
          {m.refreshStatus}
        </button>
        <Link to={`/HTO/sos?appointmentId=${encodeURIComponent(info.appointmentId)}`}>{m.urgentHelp}</Link>
        {info.status === 'OPEN' ? (
          <button type="button" className="ui-button appt-button--secondary" onClick={() => setCancelling(true)}>
            {m.cancelVisit}
          </button>
        ) : null}
      </div>
      {cancelling ? <CancelDialog orderId={info.orderId} reasons={reasons} onCancelled={visit.clear} onClose={() => setCancelling(false)} /> : null}
    </section>
  );
}

/** Why the shopper cancels (the page's cancel reasons); a cancel clears the visit. */
function CancelDialog({ orderId, reasons, onCancelled, onClose }: { orderId: number; reasons: CancelReason[]; onCancelled: () => void; onClose: () => void }) {
  const m = useMessages(messages);
  const api = useApiClient();
  const [reason, setReason] = useState('');
  const cancel = useSubmit(m.genericError);
  return (
    <Dialog title={m.cancelTitle} onClose={onClose} closeLabel={m.close}>
      <form
        className="appt-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (reason) void cancel.run(() => api.call(htoRoutes.cancel, { params: { orderId }, query: { reason } }), onCancelled);
        }}
      >
        <label>
          {m.cancelReasonLabel}
          <select required value={reason} onChange={(e) => setReason(e.target.value)}>
            <option value="" disabled>
              {m.chooseReason}
            </option>
            {reasons.map((r) => (
              <option key={r.id} value={r.reason}>
                {r.reason}
              </option>
            ))}
          </select>
        </label>
        <ErrorText message={cancel.error} />
        <button type="submit" className="ui-button" disabled={cancel.submitting}>
          {m.confirmCancel}
        </button>
      </form>
    </Dialog>
  );
}
