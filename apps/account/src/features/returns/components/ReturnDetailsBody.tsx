import { AccountFrame, BackToOrders, NotFoundSection } from '../../../app/account-frame';
import { isValidId } from '../../../app/format';
import ReturnDetails from './ReturnDetails';
import '../../../app/account.css';

/** The body of /sales/order/return-details/{itemId}, inside the login guard. */
export default function ReturnDetailsBody({ itemId }: { itemId: number }) {
  return (
    <AccountFrame nav={false}>
      <BackToOrders />
      {isValidId(itemId) ? <ReturnDetails itemId={itemId} /> : <NotFoundSection />}
    </AccountFrame>
  );
}
