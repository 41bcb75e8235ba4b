import type { Product } from '@eyewear/api-client';
import { useLatestEvent } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { pageMessages } from '../../../app/page-messages';
import { lensMessages } from '../messages';
import { useAddToCart } from '../state/use-add-to-cart';
import type { StepProps } from './use-lens-flow';

/** Gold membership is offered with a frame to a shopper who is not a member yet. */
export function useGoldOffer(product: Product): boolean {
  const session = useLatestEvent('session/changed');
  return product.classification === 'eyeframe' && !session?.isLoyalty;
}

/** The end of a step that can add: the gold membership box (when `gold` and offered) and the add's error. */
export function AddExtras({ product, flow, dispatch, gold }: Pick<StepProps, 'product' | 'flow' | 'dispatch'> & { gold: boolean }) {
  const lens = useMessages(lensMessages);
  const offered = useGoldOffer(product);
  return (
    <>
      {gold && offered ? (
        <label className="pdp-check">
          <input type="checkbox" checked={flow.gold} onChange={(e) => dispatch({ type: 'gold', gold: e.target.checked })} /> {lens.gold}
        </label>
      ) : null}
      <AddFailure />
    </>
  );
}

/** The error of the last add to cart, if it failed. */
export function AddFailure() {
  const { cart } = useAddToCart();
  return cart.status === 'failed' ? (
    <p role="alert" className="pdp-error">
      {cart.error}
    </p>
  ) : null;
}

/** The submit button of a step: Continue, or Add to Cart on the step that adds. */
export function StepSubmit({ adds, disabled }: { adds: boolean; disabled?: boolean }) {
  const m = useMessages(pageMessages);
  const lens = useMessages(lensMessages);
  const { adding } = useAddToCart();
  return (
    <button type="submit" className="ui-button" disabled={adding || disabled}>
      {adds ? (adding ? m.adding : m.addToCart) : lens.next}
    </button>
  );
}
