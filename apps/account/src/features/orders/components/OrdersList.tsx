import { messageOf, orderRoutes } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages, useDateOf } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { LoadFailed } from '../../../app/form';
import { ItemImage, orderValueOf } from '../../../app/order-items';
import { sectionMessages } from '../../../app/section-messages';
import { usePages } from '../../../app/use-pages';
import { useGuestSessionOn401 } from '../api';

const PAGE_SIZE = 5;
/** The orders whose pictures are on a phone's first screen (412 x 823): loaded at once, not when they come near. */
const FIRST_SCREEN_ORDERS = 2;

/** The paged order list: pages append to what is shown (account §4 "Orders list"). */
export default function OrdersList() {
  const m = useMessages(sectionMessages);
  const dateOf = useDateOf();
  const list = usePages(
    orderRoutes.list,
    (page) => ({ query: { page, 'page-size': PAGE_SIZE } }),
    (answer) => answer.result.orders,
  );
  useGuestSessionOn401(list.status === 'failed' ? list.error : null);
  const orders = list.items;
  const total = list.data?.result.totalOrder ?? 0;
  const failed = list.status === 'failed' ? <LoadFailed message={messageOf(list.error, m.somethingWrong)} retry={m.retry} onRetry={list.reload} /> : null;

  if (list.status !== 'ready' && list.status !== 'failed' && orders.length === 0) return <SkeletonGrid rows={2} label={m.loading} />;
  if (failed && orders.length === 0) return failed;
  if (orders.length === 0) return <p className="acc-empty">{m.noOrders}</p>;
  return (
    <section aria-label={m.items}>
      <ul className="acc-list">
        {orders.map((order, orderIndex) => (
          <li key={order.id} className="acc-card" data-testid="account-order">
            <h2 className="acc-card__title">{formatMessage(m.orderNumber, { id: order.id })}</h2>
            <p>{formatMessage(m.placedOn, { date: dateOf(order.createdAt) })}</p>
            <p>{formatMessage(m.orderStatus, { status: m[`orderStatus_${order.status}`] })}</p>
            <p>{formatMessage(m.total, { amount: formatPrice(orderValueOf(order), order.amount.currencyCode) })}</p>
            <ul className="acc-inline">
              {order.items.map((item, itemIndex) => (
                <li key={item.id} className="acc-item">
                  {/* The newest order's first picture is the page's largest paint on its first screen; the
                      first two orders are on a phone's first screen. */}
                  <ItemImage item={item} main={orderIndex === 0 && itemIndex === 0} eager={orderIndex < FIRST_SCREEN_ORDERS} />
                  <span>{item.name}</span>
                </li>
              ))}
            </ul>
            <Link to={`/sales/order/history/order-detail/${order.id}`}>{formatMessage(m.viewOrder, { id: order.id })}</Link>
          </li>
        ))}
      </ul>
      {failed}
      {orders.length < total ? (
        <button type="button" className="ui-button" disabled={list.status === 'loading'} onClick={list.next}>
          {m.loadMore}
        </button>
      ) : null}
    </section>
  );
}
