import { messageOf, orderRoutes } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { LoadFailed } from '../../../app/form';
import { lensesCanChange } from '../../../app/order-items';
import { upgradeMessages } from '../messages';

/** /lens-package-upgrade/{orderId}: the order's glasses whose lenses can still change. */
export function ChooseItem({ orderId }: { orderId: number }) {
  const m = useMessages(upgradeMessages);
  const order = useQuery(orderRoutes.get, { params: { orderId } });
  if (order.status === 'failed') return <LoadFailed message={messageOf(order.error, m.somethingWrong)} retry={m.retry} onRetry={order.reload} />;
  if (order.status !== 'ready' || !order.data) return <SkeletonGrid rows={2} label={m.loading} />;
  const items = order.data.result.items.filter(lensesCanChange);
  return (
    <section aria-label={m.chooseItem}>
      <h2>{m.chooseItem}</h2>
      {items.length === 0 ? (
        <p>{m.noItems}</p>
      ) : (
        <ul className="acc-list">
          {items.map((item) => (
            <li key={item.id} className="acc-card">
              <Link to={`/lens-package-upgrade/${orderId}/${item.id}`}>{formatMessage(m.upgradeItem, { name: item.name })}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
