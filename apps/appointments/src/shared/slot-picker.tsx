import type { StoreSlots } from '@eyewear/api-client';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import { messages } from '../app/flow-messages';

const WINDOW_ORDER = ['9-12', '12-15', '15-18', '18-21'] as const;

/** A date and the free 30-minute times of a store, grouped by visit window. */
export function SlotPicker({
  slots,
  loading,
  selectedTime,
  onDate,
  onTime,
}: {
  slots: StoreSlots | null;
  loading: boolean;
  selectedTime: string | null;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
}) {
  const m = useMessages(messages);
  if (!slots) return loading ? <Skeleton /> : null;
  const free = slots.slots.filter((s) => s.available);
  return (
    <div>
      <label>
        {m.dateLabel}
        <select value={slots.date} onChange={(e) => onDate(e.target.value)}>
          {slots.dates.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
      </label>
      <h3>{formatMessage(m.timesTitle, { date: slots.date })}</h3>
      {loading ? <Skeleton /> : null}
      {!loading && free.length === 0 ? <p role="status">{m.noTimes}</p> : null}
      {!loading
        ? WINDOW_ORDER.map((w) => {
            const times = free.filter((s) => s.window === w);
            if (times.length === 0) return null;
            return (
              <fieldset key={w}>
                <legend>{w}</legend>
                <div className="appt-slots">
                  {times.map((s) => (
                    <button key={s.startTime} type="button" aria-pressed={selectedTime === s.startTime} onClick={() => onTime(s.startTime)}>
                      {s.startTime}
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
