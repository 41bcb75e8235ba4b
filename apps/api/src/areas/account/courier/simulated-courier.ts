import { HttpError, notFound } from '../../../http/errors';
import { recordStatus } from '../order-data';
import { printSimulated } from '../notifiers/notifier';
import { queueCourierMove } from '../../../messages/order-messages';
import { type Courier, type CourierStatus } from './courier';

/** Which item statuses each move picks up. */
const FROM: Record<CourierStatus, string[]> = {
  CONFIRMED: ['PROCESSING'],
  PACKED: ['PROCESSING', 'CONFIRMED'],
  SHIPPED: ['PROCESSING', 'CONFIRMED', 'PACKED'],
  DELIVERED: ['PROCESSING', 'CONFIRMED', 'PACKED', 'SHIPPED'],
};

/** The simulated courier's name and an order's tracking number with it (one parcel per order). */
export const SIMULATED_COURIER_NAME = 'Eyewear Express';
export const simulatedTrackingNumber = (orderId: number) => `EX${String(orderId).padStart(9, '0')}IN`;

/** The simulated courier: moves the order's open items at once, records the history, queues the customer's message and prints the move. */
export const simulatedCourier: Courier = {
  provider: 'simulated',
  parcelOf: (orderId) => ({ courier: SIMULATED_COURIER_NAME, trackingNumber: simulatedTrackingNumber(orderId) }),
  async advance(db, orderId, to) {
    const [order] = await db.query<{ id: number; status: string }>('select id, status from orders where id = $1', [orderId]);
    if (!order) throw notFound('Order not found');
    if (order.status === 'PENDING_PAYMENT' || order.status === 'CANCELLED')
      throw new HttpError(409, 'Only placed orders are delivered.', undefined, 'CONFLICT');
    const status = to === 'DELIVERED' || to === 'SHIPPED' ? to : 'CONFIRMED';
    const itemIds = await db.transaction(async (tx) => {
      const moved = await tx.query<{ id: number }>('update order_items set status = $2 where order_id = $1 and status = any($3::text[]) returning id', [
        order.id,
        to,
        FROM[to],
      ]);
      // Nothing left to move (a repeated move, all items cancelled or past it): nothing changes.
      if (moved.length === 0) return [];
      for (const item of moved) await recordStatus(tx, order.id, to, item.id, 'simulated courier');
      // The customer is told when items leave and when they arrive, once per move (messages/order-messages.ts).
      if (to === 'SHIPPED' || to === 'DELIVERED')
        await queueCourierMove(
          tx,
          Number(order.id),
          to,
          moved.map((item) => Number(item.id)),
          { name: SIMULATED_COURIER_NAME, trackingNumber: simulatedTrackingNumber(Number(order.id)), trackingUrl: null },
        );
      await tx.query('update orders set status = $2, updated_at = now() where id = $1', [order.id, status]);
      await recordStatus(tx, order.id, status, null, 'simulated courier');
      return moved.map((item) => Number(item.id));
    });
    printSimulated(`[simulated courier] order ${order.id}: ${itemIds.length} item(s) ${to}`);
    return { orderId: Number(order.id), status: itemIds.length > 0 ? status : order.status, itemIds };
  },
};
