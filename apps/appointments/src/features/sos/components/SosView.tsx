import { useEffect } from 'react';
import { htoRoutes } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Link, useNavigate, useSearchParams } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import '../../../app/appointments.css';
import { messages } from '../../../app/flow-messages';

/** account §4: where a visit that is not OPEN, or a failed check, goes. */
export const SOS_ERROR_PATH = '/HTO/sos?error=true';

/** account §4 SOS: proceeds only when the appointment is OPEN; otherwise, or on error, /HTO/sos?error=true. */
export default function SosView() {
  const m = useMessages(messages);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const error = search.get('error') === 'true';
  const appointmentId = search.get('appointmentId');
  const check = useQuery(htoRoutes.sos, { query: { appointmentId } }, { enabled: !error && Boolean(appointmentId) });
  const open = check.status === 'ready' && check.data?.result.status === 'OPEN' ? check.data.result : null;
  const refused = check.status === 'failed' || (check.status === 'ready' && !open);

  useEffect(() => {
    if (refused) navigate(SOS_ERROR_PATH, { replace: true });
  }, [refused, navigate]);

  const back = <Link to="/HTO">{m.backToHto}</Link>;
  if (error) {
    return (
      <div className="appt-flow">
        <p role="alert" className="appt-error">
          {m.sosError}
        </p>
        {back}
      </div>
    );
  }
  if (!appointmentId) {
    return (
      <div className="appt-flow">
        <p role="status">{m.sosMissing}</p>
        {back}
      </div>
    );
  }
  if (!open) return <Skeleton />;
  return (
    <div className="appt-flow">
      <p role="status">{formatMessage(m.sosOpen, { id: open.appointmentId, name: open.agent?.name ?? '', phone: open.agent?.phone ?? '' })}</p>
      {open.agent ? <a href={`tel:${open.agent.phone.replace(/\s/g, '')}`}>{open.agent.phone}</a> : null}
      {back}
    </div>
  );
}
