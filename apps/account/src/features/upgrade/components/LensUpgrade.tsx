import { useMessages } from '@eyewear/i18n';
import { AccountFrame } from '../../../app/account-frame';
import { isValidId } from '../../../app/format';
import { upgradeMessages } from '../messages';
import { ChooseItem } from './ChooseItem';
import { UpgradeItem } from './UpgradeItem';
import '../../../app/account.css';

/**
 * /lens-package-upgrade/{orderId}[/{itemId}]: choose the glasses, then their new lenses. The
 * order is the customer's own: a guest (the link opened from an e-mail, signed out) is asked to
 * sign in and comes back to this URL; the order is asked for only once signed in (issue 42: it
 * said "Order not found" to a guest and went on saying it after the sign-in).
 */
export default function LensUpgrade({ orderId, itemId }: { orderId: number; itemId?: number }) {
  const m = useMessages(upgradeMessages);
  if (!isValidId(orderId) || (itemId !== undefined && !isValidId(itemId))) return <p>{m.noItems}</p>;
  return <AccountFrame nav={false}>{itemId === undefined ? <ChooseItem orderId={orderId} /> : <UpgradeItem orderId={orderId} itemId={itemId} />}</AccountFrame>;
}
