import { moveStocks } from '../../db/purges';
import { scheduleSimulatedDelivery } from '../../jobs/simulated-courier';
import { queueExchangePlaced } from '../../messages/after-sales-messages';
import { type Tx } from '../area';
import { EXCHANGE_DISCOUNT, exchangeCode, orderUsingCredit } from '../cart/exchange-credit';
import { STANDARD_DELIVERY_DAYS } from '../cart/config';
import { insertOrderItem } from '../cart/order-item-row';
import { recordStatus, type OrderRow } from './order-data';
import type { ReturnRow } from './return-progress';

/**
 * An exchange for the same product (issue 42: the customer was told nothing of the replacement):
 * once the returned goods are back (the moment a refund's money moves: a pickup when the courier
 * has it, any other return when it reaches us), the same item (frame, lens package and coating,
 * power type and prescription) is sent again as an order of its own that costs nothing: the
 * returned item pays for it, as the `exchange` discount (code `{order}:{item}`) a new-product
 * exchange's order carries, so its customer is told of it as of an exchange order and the
 * return cannot be cancelled while it is live. Written in the return's transaction, once per item
 * (an order already placed for the item is kept). A product out of stock places nothing; the
 * returned item's history says so. Returns the orders placed.
 */
export async function sendReplacements(tx: Tx, order: OrderRow, row: ReturnRow): Promise<number[]> {
  if (row.return_method !== 'exchange') return [];
  const placed: number[] = [];
  for (const itemId of row.item_ids.map(Number)) {
    if ((await orderUsingCredit(tx, order.id, itemId)) !== null) continue;
    const [item] = await tx.query<{
      product_id: number;
      name: string;
      sku: string;
      brand_name: string;
      classification: string;
      thumbnail: string | null;
      quantity: number;
      unit_price: number;
      total: number;
      options: unknown;
      package_id: number | null;
      coating_id: number | null;
      power_type: string | null;
      prescription: unknown;
      power_submission: string | null;
      status: string;
    }>('select * from order_items where id = $1 and order_id = $2', [itemId, order.id]);
    if (!item) continue;
    if ((await moveStocks(tx, [[Number(item.product_id), -Number(item.quantity)]])) !== null) {
      await recordStatus(tx, order.id, item.status, itemId, `return ${row.group_id}: the replacement is out of stock; we will contact you`);
      continue;
    }
    const value = Number(item.total);
    const [replacement] = await tx.query<{ id: number }>(
      `insert into orders (customer_id, session_id, email, country, currency, status, sub_total, total_discount, total_tax, shipping, total,
          discounts, shipping_address, delivery_option, estimated_delivery, payment_method, cod_confirmed, lead_source)
       values ($1, $2, $3, $4, $5, 'PLACED', $6, $6, 0, 0, 0, $7, $8, 'standard', current_date + $9::int, 'sc', null, false)
       returning id`,
      [
        order.customer_id,
        order.session_id,
        order.email,
        order.country,
        order.currency,
        value,
        JSON.stringify([{ type: EXCHANGE_DISCOUNT, code: exchangeCode(order.id, itemId), amount: value }]),
        JSON.stringify(order.shipping_address),
        STANDARD_DELIVERY_DAYS,
      ],
    );
    const id = replacement!.id;
    const lineId = await insertOrderItem(tx, id, {
      productId: item.product_id,
      name: item.name,
      sku: item.sku,
      brandName: item.brand_name,
      classification: item.classification,
      thumbnail: item.thumbnail,
      quantity: item.quantity,
      unitPrice: item.unit_price,
      total: item.total,
      options: item.options,
      packageId: item.package_id,
      coatingId: item.coating_id,
      powerType: item.power_type,
      prescription: item.prescription,
      powerSubmission: item.power_submission,
    });
    await recordStatus(tx, id, 'PROCESSING', lineId);
    // Nothing was charged: the zero payment row every order a balance paid in full has.
    await tx.query(
      `insert into order_payments (id, order_id, method, amount, currency, status, gateway) values ($1, $2, 'sc', 0, $3, 'SUCCESS', 'simulated')`,
      [`pay_replacement_${id}`, id, order.currency],
    );
    await recordStatus(tx, id, 'PLACED', null, `replacement for order ${order.id} (return ${row.group_id})`);
    await queueExchangePlaced(tx, id);
    await scheduleSimulatedDelivery(tx, id);
    placed.push(id);
  }
  return placed;
}
