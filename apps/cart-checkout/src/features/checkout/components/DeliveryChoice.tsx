import type { DeliveryOption } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages, useDateOf } from '@eyewear/i18n';
import { messages } from '../../../app/messages';

/** The delivery options the address answered with: date and fee of each (priced by the API). */
export function DeliveryChoice({ options, chosen, busy, onChoose }: { options: DeliveryOption[]; chosen: string; busy: boolean; onChoose(id: string): void }) {
  const m = useMessages(messages);
  const dateOf = useDateOf();
  return (
    <fieldset className="cc-methods">
      <legend>{m.deliveryOptions}</legend>
      {options.map((o) => (
        <label key={o.id}>
          <input type="radio" name="delivery" checked={chosen === o.id} disabled={busy} onChange={() => onChoose(o.id)} />{' '}
          {formatMessage(m.deliveryBy, { label: o.label, date: o.estimatedDate ? dateOf(o.estimatedDate) : '' })}{' '}
          {o.fee > 0 ? `(+${formatPrice(o.fee, o.currencyCode)})` : `(${m.free})`}
        </label>
      ))}
    </fieldset>
  );
}
