import { useMessages } from '@eyewear/i18n';
import { dateOf } from '../../../app/format';
import { sectionMessages } from '../../../app/section-messages';

/** An item's status history, oldest first, as a collapsed list. */
export function ItemHistory({ history }: { history: Array<{ status: string; date: string }> }) {
  const m = useMessages(sectionMessages);
  return (
    <details>
      <summary>{m.history}</summary>
      <ol>
        {history.map((h, index) => (
          <li key={index}>
            {h.status} · {dateOf(h.date)}
          </li>
        ))}
      </ol>
    </details>
  );
}
