import OrdersList from '../features/orders/OrdersList';
import { AccountFrame } from '../features/account/AccountFrame';

export default function OrdersBody() {
  return (
    <AccountFrame>
      <OrdersList />
    </AccountFrame>
  );
}
