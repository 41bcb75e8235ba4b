import { useDispatch } from 'react-redux';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PAYMENT_HOLD_MINUTES } from '@eyewear/i18n/rules';
import { Link } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { checkoutActions, retryPaymentUrl } from '../../checkout';

/**
 * A UPI collect request was sent: the shopper approves it in their UPI app while the checkout saga
 * polls its status, or gives up on it for the order's retry page (its polling stops).
 */
export function UpiWaiting({ timedOut, orderId }: { timedOut: boolean; orderId: number }) {
  const m = useMessages(messages);
  const dispatch = useDispatch();
  return (
    <div data-testid="upi-waiting" className="cc-section">
      <div role="status" aria-live="polite">
        <p>{timedOut ? m.paymentTimeout : m.waitingUpi}</p>
        {timedOut ? null : <p className="cc-hint">{formatMessage(m.itemsHeld, { minutes: PAYMENT_HOLD_MINUTES })}</p>}
        {timedOut ? null : <Skeleton />}
      </div>
      <Link className="ui-button" to={retryPaymentUrl(orderId)} onClick={() => dispatch(checkoutActions.paymentAbandoned())}>
        {m.cancelAndChooseAnother}
      </Link>
    </div>
  );
}
