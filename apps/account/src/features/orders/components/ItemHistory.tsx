import { formatMessage, useMessages, useDateOf } from '@eyewear/i18n';
import { type OrderItem } from '../../../app/order-items';
import { sectionMessages } from '../../../app/section-messages';

/** An item's status history, oldest first, as a collapsed list. */
export function ItemHistory({ history }: { history: OrderItem['statusHistory'] }) {
  const m = useMessages(sectionMessages);
  const dateOf = useDateOf();
  return (
    <details>
      <summary>{m.history}</summary>
      <ol>
        {history.map((h, index) => (
          <li key={index}>{formatMessage(m.historyLine, { status: m[`itemStatus_${h.status}`], date: dateOf(h.date) })}</li>
        ))}
      </ol>
    </details>
  );
}
