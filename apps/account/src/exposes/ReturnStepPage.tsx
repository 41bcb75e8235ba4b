import { lazy, Suspense } from 'react';
import { useDispatch } from 'react-redux';
import { exchangeChanged } from '@eyewear/event-bus';
import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { messages } from '../app/messages';
import { AccountFrame } from '../features/account/AccountFrame';
import { closeExchange } from '../shared/exchange';

const ReturnDetails = lazy(() => import('../features/returns/ReturnDetails'));

/**
 * /customer/my/order/return/{exchangeOrderId}/{returnProductId}: where an exchange add-to-cart
 * comes back to. Shows the return of the item being exchanged; the shopper finishes at the cart
 * or closes the exchange session.
 */
export default function ReturnStepPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const dispatch = useDispatch();
  const orderId = params['exchangeOrderId'] ?? '';
  const itemId = Number(params['returnProductId']);
  return (
    <AccountFrame testId="account-ReturnStepPage" title={m.returnStepPageTitle} subtitle={formatMessage(m.returnStepPageDetail, { value: orderId })} nav={false}>
      <Suspense fallback={<SkeletonGrid rows={2} label={m.loading} />}>{Number.isInteger(itemId) && itemId > 0 ? <ReturnDetails itemId={itemId} /> : null}</Suspense>
      <div className="acc-actions">
        <Link className="ui-button" to="/cart">
          {m.exchangeToCart}
        </Link>
        <button type="button" className="ui-button ui-button--link" onClick={() => dispatch(exchangeChanged(closeExchange()))}>
          {m.closeExchange}
        </button>
      </div>
    </AccountFrame>
  );
}
