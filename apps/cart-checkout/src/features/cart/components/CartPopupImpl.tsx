import type { RemoteFragmentProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Dialog } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { useCart } from '../state/use-cart';
import CartView from './CartView';

/** The desktop side panel: large modal, closable by backdrop, Escape or the close icon; title with the item count. */
export default function CartPopupImpl({ onClose, options }: RemoteFragmentProps) {
  const m = useMessages(messages);
  // Each opening reads the cart again (issue 37): it shows the cart as it is now.
  const { state } = useCart({ refresh: true });
  const count = state.cart?.itemsQty ?? 0;
  return (
    <Dialog title={formatMessage(m.shoppingCartCount, { count })} onClose={onClose} closeLabel={m.close} placement="side" size="large" testId="cart-popup">
      <CartView variant="popup" onClose={onClose} addFailed={options?.addFailed === 'true'} />
    </Dialog>
  );
}
