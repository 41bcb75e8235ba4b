import { OwnOrderDetail } from './OwnOrderDetail';
import { TrackedOrderDetail } from './TrackedOrderDetail';

/**
 * One order: items with power, status history, payments, totals; cancel, COD confirmation,
 * NEFT, returns. With `email` (a link from an e-mail or SMS, no login): the tracked view.
 */
export default function OrderDetail({ orderId, email }: { orderId: number; email?: string }) {
  return email ? <TrackedOrderDetail orderId={orderId} email={email} /> : <OwnOrderDetail orderId={orderId} />;
}
