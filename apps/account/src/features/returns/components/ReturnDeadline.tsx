import { formatMessage, useDateOf, useMessages } from '@eyewear/i18n';
import { returnsMessages } from '../messages';

/**
 * When an item can be returned until: its last day as the country writes it (the API's
 * `returnWindowEndsAt`), or, before delivery, the window's days from the API's return config.
 */
export function ReturnDeadline({ endsAt, days }: { endsAt?: string; days?: number }) {
  const r = useMessages(returnsMessages);
  const dateOf = useDateOf();
  if (endsAt) return <p className="acc-note">{formatMessage(r.returnBy, { date: dateOf(endsAt) })}</p>;
  if (days) return <p className="acc-note">{formatMessage(r.returnWithin, { days })}</p>;
  return null;
}
