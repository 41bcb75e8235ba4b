import { lazy } from 'react';
import { useDispatch } from 'react-redux';
import { exchangeExitRequested } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { frameMessages } from '../app/frame-messages';
import { AccountFrame } from '../features/account/AccountFrame';
import '../shared/account.css';

const OrderDetail = lazy(() => import('../features/orders/OrderDetail'));
const ReturnProducts = lazy(() => import('../features/returns/ReturnProducts'));
const ReturnDetails = lazy(() => import('../features/returns/ReturnDetails'));

const valid = (id: number) => Number.isInteger(id) && id > 0;

function Missing() {
  const m = useMessages(frameMessages);
  return <p>{m.notFoundSection}</p>;
}

/** With `email` (an order link from an e-mail or SMS) the order is opened without a login; the API checks the e-mail. */
export function OrderDetailBody({ orderId, email }: { orderId: number; email?: string }) {
  if (email) return valid(orderId) ? <OrderDetail orderId={orderId} email={email} /> : <Missing />;
  return <AccountFrame nav={false}>{valid(orderId) ? <OrderDetail orderId={orderId} /> : <Missing />}</AccountFrame>;
}

export function ReturnProductsBody({ orderId }: { orderId: number }) {
  return <AccountFrame nav={false}>{valid(orderId) ? <ReturnProducts orderId={orderId} /> : <Missing />}</AccountFrame>;
}

export function ReturnDetailsBody({ itemId }: { itemId: number }) {
  return <AccountFrame nav={false}>{valid(itemId) ? <ReturnDetails itemId={itemId} /> : <Missing />}</AccountFrame>;
}

/**
 * The return step an exchange add-to-cart comes back to: the return of the item being
 * exchanged; the shopper finishes at the cart or closes the exchange session.
 */
export function ReturnStepBody({ itemId }: { itemId: number }) {
  const m = useMessages(frameMessages);
  const dispatch = useDispatch();
  return (
    <AccountFrame nav={false}>
      {valid(itemId) ? <ReturnDetails itemId={itemId} /> : null}
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
