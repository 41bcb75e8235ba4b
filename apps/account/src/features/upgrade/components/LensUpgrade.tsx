import { useMessages } from '@eyewear/i18n';
import { isValidId } from '../../../app/format';
import { upgradeMessages } from '../messages';
import { ChooseItem } from './ChooseItem';
import { UpgradeItem } from './UpgradeItem';
import '../../../app/account.css';

/** /lens-package-upgrade/{orderId}[/{itemId}]: choose the glasses, then their new lenses. */
export default function LensUpgrade({ orderId, itemId }: { orderId: number; itemId?: number }) {
  const m = useMessages(upgradeMessages);
  if (!isValidId(orderId) || (itemId !== undefined && !isValidId(itemId))) return <p>{m.noItems}</p>;
  return itemId === undefined ? <ChooseItem orderId={orderId} /> : <UpgradeItem orderId={orderId} itemId={itemId} />;
}
