import { AccountFrame, BackToOrders, NotFoundSection } from '../../../app/account-frame';
import { isValidId } from '../../../app/format';
import ReturnProducts from './ReturnProducts';
import '../../../app/account.css';

/** The body of /sales/order/return/products/{orderId}, inside the login guard. */
export default function ReturnProductsBody({ orderId }: { orderId: number }) {
  return (
    <AccountFrame nav={false}>
      <BackToOrders />
      {isValidId(orderId) ? <ReturnProducts orderId={orderId} /> : <NotFoundSection />}
    </AccountFrame>
  );
}
