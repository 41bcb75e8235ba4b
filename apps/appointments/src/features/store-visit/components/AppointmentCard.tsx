import { useDispatch, useSelector } from 'react-redux';
import { useInjectSlice } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { ErrorText } from '../../../app/error-text';
import { messages } from '../../../app/flow-messages';
import { useDateFormats } from '../../../app/format';
import { storeVisitActions as A, storeVisitSlice } from '../state/slice';

/** The booked (rescheduled, cancelled) eye test: reschedule or cancel it, or book another once cancelled. */
export function AppointmentCard({ onReset }: { onReset: () => void }) {
  const m = useMessages(messages);
  const f = useDateFormats();
  const dispatch = useDispatch();
  const { appointment, cancel } = useSelector(useInjectSlice(storeVisitSlice).selectSlice);
  const a = appointment!;
  const cancelled = a.status === 'CANCELLED';
  const title = cancelled ? m.appointmentCancelled : a.bookedStatus === 'reschedule' ? m.appointmentRescheduled : m.appointmentBooked;
  return (
    <section aria-labelledby="appointment-title" className="appt-card" aria-live="polite">
      <h2 id="appointment-title">{title}</h2>
      <p>
        {formatMessage(m.appointmentSummary, {
          store: a.store?.name ?? a.storeCode ?? '',
          date: f.date(a.selectedDate),
          time: f.time(a.selectedTime),
          id: a.appointmentId,
        })}
      </p>
      <ErrorText message={cancel.error} />
      <div className="appt-row">
        {cancelled ? (
          <button type="button" className="ui-button" onClick={onReset}>
            {m.bookAnother}
          </button>
        ) : (
          <>
            <button type="button" className="ui-button" onClick={() => dispatch(A.rescheduleStarted())}>
              {m.reschedule}
            </button>
            <button type="button" className="ui-button appt-button--secondary" disabled={cancel.submitting} onClick={() => dispatch(A.cancelRequested())}>
              {m.cancelAppointment}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
