import type { Product } from '@eyewear/api-client';
import { useLatestEvent } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { pageMessages } from '../../../app/page-messages';
import { useAddToCart } from '../../buy/state/use-add-to-cart';
import { membershipMessages } from '../membership-messages';

/** Which lens flow a button opens: a frame's lenses, or sunglasses with power. */
export type LensFlowKind = 'FRAME' | 'SUNGLASSES';

/** The buying buttons of a frame or sunglasses: select lenses, or add as it is; sunglasses also with power. */
export function BuyActions({ product, onLensFlow }: { product: Product; onLensFlow(kind: LensFlowKind): void }) {
  const m = useMessages(pageMessages);
  const { adding, add } = useAddToCart();
  const addPlain = () =>
    add({ kind: 'plain', body: { productId: product.id, quantity: 1, ...(product.frameSizeId ? { frameSizeId: product.frameSizeId } : {}) } });
  const sunglasses = product.classification === 'sunglasses';
  const session = useLatestEvent('session/changed');
  const gold = useMessages(membershipMessages);
  if (product.classification === 'loyalty_services') {
    // A member is told so (MembershipDetails); anyone else joins by adding it (shopping §1).
    if (session?.isLoyalty) return null;
    return (
      <div className="pdp-actions">
        <button type="button" className="ui-button" onClick={addPlain} disabled={adding}>
          {adding ? m.adding : gold.joinGold}
        </button>
      </div>
    );
  }
  return (
    <div className="pdp-actions">
      {product.classification === 'eyeframe' && product.powerRequired === 'POWER_REQUIRED' ? (
        <button type="button" className="ui-button" onClick={() => onLensFlow('FRAME')} disabled={adding}>
          {product.ctaText ?? m.selectLenses}
        </button>
      ) : (
        <button type="button" className="ui-button" onClick={addPlain} disabled={adding}>
          {adding ? m.adding : sunglasses ? m.buyNow : m.addToCart}
        </button>
      )}
      {sunglasses ? (
        <button type="button" className="ui-button ui-button--secondary" onClick={() => onLensFlow('SUNGLASSES')} disabled={adding}>
          {m.withPower}
        </button>
      ) : null}
    </div>
  );
}

/** What came of an add to cart made outside the lens flow: its error (the contact-lens form shows its own), or that it was added. */
export function AddOutcome({ product, lensFlowOpen }: { product: Product; lensFlowOpen: boolean }) {
  const m = useMessages(pageMessages);
  const { cart } = useAddToCart();
  if (lensFlowOpen) return null;
  if (cart.status === 'failed' && product.classification !== 'contact_lens') {
    return (
      <p role="alert" className="pdp-error">
        {cart.error}
      </p>
    );
  }
  return cart.status === 'ready' ? <p role="status">{m.addedToCart}</p> : null;
}
