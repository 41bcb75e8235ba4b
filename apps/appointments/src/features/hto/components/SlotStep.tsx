import { useState } from 'react';
import { messageOf, type HtoAppointment } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import { ErrorText } from '../../../app/error-text';
import { messages } from '../../../app/flow-messages';
import { useDateFormats } from '../../../app/format';
import type { useHtoSlots } from '../api';
import { VisitForm, type SlotChoice } from './VisitForm';

/** The home visit slots of the serviceable pincode, by day; a chosen slot opens the visit form. */
export function SlotStep({
  pincode,
  slots,
  onBooked,
}: {
  pincode: string | null;
  slots: ReturnType<typeof useHtoSlots>;
  onBooked: (visit: HtoAppointment) => void;
}) {
  const m = useMessages(messages);
  const f = useDateFormats();
  const [choice, setChoice] = useState<SlotChoice | null>(null);
  if (slots.status === 'loading') return <Skeleton />;
  if (slots.status === 'failed') return <ErrorText message={messageOf(slots.error, m.genericError)} />;
  return (
    <section aria-labelledby="hto-slots" className="appt-card">
      <h2 id="hto-slots">{m.chooseSlot}</h2>
      {(slots.data?.result.days ?? []).map((day) => (
        <fieldset key={day.date} className="appt-fieldset">
          <legend>{f.date(day.date)}</legend>
          <div className="appt-slots">
            {day.slots.map((slot) => (
              <button
                key={slot.id}
                type="button"
                className="appt-slot"
                disabled={!slot.available}
                aria-pressed={choice?.date === day.date && choice.slotId === slot.id}
                onClick={() => setChoice({ date: day.date, slotId: slot.id })}
              >
                {f.window(slot.id, slot.label)}
                {slot.available ? '' : ` (${m.slotFull})`}
              </button>
            ))}
          </div>
        </fieldset>
      ))}
      {choice && pincode ? <VisitForm pincode={pincode} choice={choice} onBooked={onBooked} /> : null}
    </section>
  );
}
