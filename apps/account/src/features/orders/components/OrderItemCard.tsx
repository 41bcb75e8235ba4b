import { type ReactNode } from 'react';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { ItemImage, lensesCanChange, type OrderItem } from '../../../app/order-items';
import { sectionMessages } from '../../../app/section-messages';
import { ItemHistory } from './ItemHistory';
import { ItemLensActions, ItemPowerForm } from './later';
import { PowerBlock } from './PowerBlock';

const RETURNED = new Set(['RETURN_REQUESTED', 'RETURNED', 'REFUNDED']);

/**
 * One item of an order: quantity, price, status, power, its history; while unshipped its power
 * (and, for the owner, its lenses) can change. With `email` (an order opened by its e-mail link)
 * only the power can change, confirmed with a code.
 */
export function OrderItemCard({
  orderId,
  item,
  price,
  email,
  onChanged,
  actions,
}: {
  orderId: number;
  item: OrderItem;
  price: string;
  email?: string;
  onChanged(): void;
  /** The owner's actions on this item (cancel it, with its refund shown first). */
  actions?: ReactNode;
}) {
  const m = useMessages(sectionMessages);
  const owner = email === undefined;
  const changeable = lensesCanChange(item);
  return (
    <li className="acc-card" data-testid="account-order-item">
      <div className="acc-item">
        <ItemImage item={item} size="large" />
        <div>
          <h3 className="acc-card__title">{item.name}</h3>
          <p>
            {formatMessage(m.quantity, { n: item.quantity })} · {price} · {m[`itemStatus_${item.status}`]}
          </p>
        </div>
      </div>
      {item.prescription ? <PowerBlock prescription={item.prescription} /> : null}
      {changeable ? (
        <details>
          <summary>{m.updatePower}</summary>
          <ItemPowerForm orderId={orderId} item={item} email={email} onSaved={onChanged} />
        </details>
      ) : null}
      {changeable && owner ? (
        <details>
          <summary>{m.lenses}</summary>
          <ItemLensActions orderId={orderId} item={item} onChanged={onChanged} />
        </details>
      ) : null}
      {actions}
      <ItemHistory history={item.statusHistory} />
      {owner && RETURNED.has(item.status) ? <Link to={`/sales/order/return-details/${item.id}`}>{m.returnDetailsLink}</Link> : null}
    </li>
  );
}
