import { formatMessage, useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import { messages } from './flow-messages';
import { useDateFormats } from './format';
import type { useStoreSlots } from './store-slots';

const WINDOW_ORDER = ['9-12', '12-15', '15-18', '18-21'] as const;

/** A date and the free 30-minute times of a store (`useStoreSlots`), grouped by visit window. */
export function SlotPicker({
  query,
  selectedTime,
  onDate,
  onTime,
}: {
  query: ReturnType<typeof useStoreSlots>;
  selectedTime: string | null;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
}) {
  const m = useMessages(messages);
  const f = useDateFormats();
  const loading = query.status === 'loading';
  // A failed load shows no times (the last day's are not this one's).
  const slots = query.status === 'failed' ? null : (query.data?.result ?? null);
  if (!slots) return loading ? <Skeleton /> : null;
  const free = slots.slots.filter((s) => s.available);
  return (
    <div className="appt-form">
      <label>
        {m.dateLabel}
        <select value={slots.date} onChange={(e) => onDate(e.target.value)}>
          {slots.dates.map((d) => (
            <option key={d} value={d}>
              {f.date(d)}
            </option>
          ))}
        </select>
      </label>
      <h3>{formatMessage(m.timesTitle, { date: f.date(slots.date) })}</h3>
      {loading ? <Skeleton /> : null}
      {!loading && free.length === 0 ? <p role="status">{m.noTimes}</p> : null}
      {!loading
        ? WINDOW_ORDER.map((w) => {
            const times = free.filter((s) => s.window === w);
            if (times.length === 0) return null;
            return (
              <fieldset key={w} className="appt-fieldset">
                <legend>{f.window(w)}</legend>
                <div className="appt-slots">
                  {times.map((s) => (
                    <button
                      key={s.startTime}
                      type="button"
                      className="appt-slot"
                      aria-pressed={selectedTime === s.startTime}
                      onClick={() => onTime(s.startTime)}
                    >
                      {f.time(s.startTime)}
                    </button>
                  ))}
                </div>
              </fieldset>
            );
          })
        : null}
    </div>
  );
}
