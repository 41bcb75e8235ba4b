import { AccountFrame } from '../../../app/account-frame';
import OrdersList from './OrdersList';

/** The body of /sales/order/*: the order list inside the login guard and account navigation. */
export default function OrdersBody() {
  return (
    <AccountFrame>
      <OrdersList />
    </AccountFrame>
  );
}
