import { AccountFrame, BackToOrders, NotFoundSection } from '../../../app/account-frame';
import { isValidId } from '../../../app/format';
import OrderDetail from './OrderDetail';
import '../../../app/account.css';

/**
 * The body of /sales/order/history/order-detail/{id}: inside the login guard; with `email` (an
 * order link from an e-mail or SMS) the order is opened without a login, the API checks the e-mail.
 */
export default function OrderDetailBody({ orderId, email }: { orderId: number; email?: string }) {
  const detail = (
    <>
      <BackToOrders />
      {isValidId(orderId) ? <OrderDetail orderId={orderId} email={email} /> : <NotFoundSection />}
    </>
  );
  return email ? detail : <AccountFrame nav={false}>{detail}</AccountFrame>;
}
