import { useEffect, useState } from 'react';
import { type Order } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { messageOf } from '../../shared/api';
import { LoadFailed } from '../../shared/form';
import { useAccountApi } from '../../shared/hooks';
import { sectionMessages } from '../account/messages';

const PAGE_SIZE = 5;
export const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** The paged order list: pages append to what is shown (account §4 "Orders list"). */
export default function OrdersList() {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const [orders, setOrders] = useState<Order[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<'loading' | 'success' | 'failed'>('loading');
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setStatus('loading');
    api.orders(page, PAGE_SIZE).then(
      (answer) => {
        if (!live) return;
        setOrders((current) => (page === 0 ? answer.result.orders : [...current, ...answer.result.orders]));
        setTotal(answer.result.totalOrder);
        setStatus('success');
      },
      (failure: unknown) => {
        if (!live) return;
        // account §4: a 401 on an order fetch creates a guest session.
        if ((failure as { status?: number }).status === 401) void api.recoverSession().catch(() => undefined);
        setError(failure);
        setStatus('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [api, page, attempt]);

  if (status === 'loading' && orders.length === 0) return <SkeletonGrid rows={2} label={m.loading} />;
  if (status === 'failed' && orders.length === 0)
    return <LoadFailed message={messageOf(error, m.somethingWrong)} retry={m.retry} onRetry={() => setAttempt((n) => n + 1)} />;
  if (orders.length === 0) return <p className="acc-empty">{m.noOrders}</p>;
  return (
    <section aria-label={m.items}>
      <ul className="acc-list">
        {orders.map((order) => (
          <li key={order.id} className="acc-card" data-testid="account-order">
            <h2 className="acc-card__title">{formatMessage(m.orderNumber, { id: order.id })}</h2>
            <p>{formatMessage(m.placedOn, { date: dateOf(order.createdAt) })}</p>
            <p>{formatMessage(m.orderStatus, { status: order.status })}</p>
            <p>{formatMessage(m.total, { amount: formatPrice(order.amount.total, order.amount.currencyCode) })}</p>
            <ul className="acc-inline">
              {order.items.map((item) => (
                <li key={item.id}>{item.name}</li>
              ))}
            </ul>
            <Link to={`/sales/order/history/order-detail/${order.id}`}>{formatMessage(m.viewOrder, { id: order.id })}</Link>
          </li>
        ))}
      </ul>
      {status === 'failed' ? <LoadFailed message={messageOf(error, m.somethingWrong)} retry={m.retry} onRetry={() => setAttempt((n) => n + 1)} /> : null}
      {orders.length < total ? (
        <button type="button" className="ui-button" disabled={status === 'loading'} onClick={() => setPage((p) => p + 1)}>
          {m.loadMore}
        </button>
      ) : null}
    </section>
  );
}
