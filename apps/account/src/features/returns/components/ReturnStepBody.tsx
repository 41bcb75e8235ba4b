import { useDispatch } from 'react-redux';
import { exchangeExitRequested } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { AccountFrame, BackToOrders } from '../../../app/account-frame';
import { isValidId } from '../../../app/format';
import { frameMessages } from '../../../app/frame-messages';
import ReturnDetails from './ReturnDetails';
import '../../../app/account.css';

/**
 * The return step an exchange add-to-cart comes back to: the return of the item being
 * exchanged; the shopper finishes at the cart or closes the exchange session.
 */
export default function ReturnStepBody({ itemId }: { itemId: number }) {
  const m = useMessages(frameMessages);
  const dispatch = useDispatch();
  return (
    <AccountFrame nav={false}>
      <BackToOrders />
      {isValidId(itemId) ? <ReturnDetails itemId={itemId} /> : null}
      <div className="acc-actions">
        <Link className="ui-button" to="/cart">
          {m.exchangeToCart}
        </Link>
        <button type="button" className="ui-button ui-button--link" onClick={() => dispatch(exchangeExitRequested({}))}>
          {m.closeExchange}
        </button>
      </div>
    </AccountFrame>
  );
}
