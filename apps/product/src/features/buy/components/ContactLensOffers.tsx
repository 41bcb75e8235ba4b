import type { ProductSummary, Subscription } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { lensMessages } from '../messages';
import { useAddToCart } from '../state/use-add-to-cart';

/** Subscribe and save: the plans of the lens, or none. */
export function SubscriptionOptions({ plans, plan, onChange }: { plans: Subscription[]; plan: number | null; onChange(plan: number | null): void }) {
  const lens = useMessages(lensMessages);
  if (plans.length === 0) return null;
  return (
    <fieldset>
      <legend>{lens.subscriptionLegend}</legend>
      <label className="pdp-option">
        <input type="radio" name="plan" checked={plan === null} onChange={() => onChange(null)} /> {lens.noSubscription}
      </label>
      {plans.map((p) => (
        <label key={p.id} className="pdp-option">
          <input type="radio" name="plan" checked={plan === p.id} onChange={() => onChange(p.id)} />{' '}
          {formatMessage(lens.subscription, { name: p.name, boxes: p.boxes, price: formatPrice(p.price, p.currencyCode), percent: p.discountPercent })}
        </label>
      ))}
    </fieldset>
  );
}

/** Solutions for the lenses, each added to the cart on its own. */
export function Solutions({ solutions }: { solutions: ProductSummary[] }) {
  const lens = useMessages(lensMessages);
  const { adding, add } = useAddToCart();
  if (solutions.length === 0) return null;
  return (
    <section aria-labelledby="pdp-solutions">
      <h3 id="pdp-solutions">{lens.solutions}</h3>
      <ul className="pdp-solutions">
        {solutions.map((s) => (
          <li key={s.id}>
            {s.brandName} {s.modelName} {s.prices[1] ? formatPrice(s.prices[1].price, s.prices[1].currencyCode) : null}{' '}
            <button
              type="button"
              className="ui-button ui-button--link"
              disabled={adding}
              onClick={() => add({ kind: 'plain', body: { productId: s.id, quantity: 1 } })}
            >
              {formatMessage(lens.addSolution, { name: s.modelName ?? s.brandName })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
