import { useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import { messages } from '../../../app/messages';

/** A UPI collect request was sent: the shopper approves it in their UPI app while the checkout saga polls its status. */
export function UpiWaiting({ timedOut }: { timedOut: boolean }) {
  const m = useMessages(messages);
  return (
    <div role="status" aria-live="polite" data-testid="upi-waiting" className="cc-section">
      <p>{timedOut ? m.paymentTimeout : m.waitingUpi}</p>
      <Skeleton />
    </div>
  );
}
