import { returnRoutes, type OrderDetail } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { UNSHIPPED } from '../../../app/order-items';
import { sectionMessages } from '../../../app/section-messages';

/** Statuses whose items the API may take back: those that have left the warehouse. */
const NEVER_ASKED = new Set([...UNSHIPPED, 'CANCELLED']);

/**
 * The order's "Return or exchange items" link, offered only where the API would take a return:
 * it reads the API's own eligibility (GET /v2/orders/{id}/return/eligibility, the rule its return
 * creation applies: per payment method the statuses a return is allowed from, the window, never
 * twice, never services), so a shipped cash-on-delivery order no longer offers a link that ends
 * at "Cannot be returned" (issue 42); it says why instead. Nothing is asked before an item has
 * left the warehouse.
 */
export function ReturnAction({ order }: { order: Pick<OrderDetail, 'id' | 'items'> }) {
  if (!order.items.some((item) => !NEVER_ASKED.has(item.status))) return null;
  return <AskedReturnAction orderId={order.id} />;
}

function AskedReturnAction({ orderId }: { orderId: number }) {
  const m = useMessages(sectionMessages);
  const eligibility = useQuery(returnRoutes.eligibility, { params: { orderId } });
  // Until the API answers (or when it cannot), no promise is made either way.
  if (eligibility.status !== 'ready' || !eligibility.data) return null;
  const items = eligibility.data.result;
  if (items.some((item) => item.returnable)) {
    return (
      <Link className="ui-button" to={`/sales/order/return/products/${orderId}`}>
        {m.returnItems}
      </Link>
    );
  }
  const reasons = [...new Set(items.map((item) => item.reason).filter((reason): reason is string => !!reason))];
  if (reasons.length === 0) return null;
  return <p className="acc-note">{formatMessage(m.returnNotPossible, { reason: reasons.join('; ') })}</p>;
}
