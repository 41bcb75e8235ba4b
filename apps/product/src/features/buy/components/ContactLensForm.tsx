import { useState, type FormEvent } from 'react';
import type { EyePower, Product } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { subscriptionEyes } from '@eyewear/i18n/rules';
import { SkeletonGrid } from '@eyewear/ui';
import { pageMessages } from '../../../app/page-messages';
import { lensMessages } from '../messages';
import { useContactLensOffers, usePowerOptions } from '../api';
import { checkPowers, cleanEye, hasErrors, withPower, type Eye, type PowerErrors } from '../power-rules';
import { MAX_BOXES } from '../rules';
import { useAddToCart } from '../state/use-add-to-cart';
import { Solutions, SubscriptionOptions } from './ContactLensOffers';
import { AddFailure } from './LensFlowParts';
import { PowerForm } from './PowerForm';

/** Contact lenses: powers and boxes per eye, the saved power, subscriptions and solutions. */
export default function ContactLensForm({ product }: { product: Product }) {
  const m = useMessages(pageMessages);
  const lens = useMessages(lensMessages);
  const { adding, add } = useAddToCart();
  const [powers, setPowers] = useState<Record<Eye, EyePower>>({ right: { boxes: 1 }, left: { boxes: 1 } });
  const [bothEyes, setBothEyes] = useState(false);
  const [errors, setErrors] = useState<PowerErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [plan, setPlan] = useState<number | null>(null);
  const { status, options } = usePowerOptions(product.id, 'CONTACT_LENS');
  const left = bothEyes ? { ...powers.right, boxes: powers.left.boxes } : powers.left;
  // A plan covers the eyes that have boxes (the rule the cart prices the plan with), whatever their powers.
  const { plans, solutions, saved } = useContactLensOffers(product.id, subscriptionEyes({ right: powers.right, left }) === 2);

  if (status === 'failed') return <p role="alert">{m.retry}</p>;
  if (!options) return <SkeletonGrid rows={1} label={lens.clTitle} />;

  const chosenPlan = plans.find((p) => p.id === plan) ?? null;
  const boxes = (powers.right.boxes ?? 0) + (left.boxes ?? 0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkPowers('CONTACT_LENS', { right: powers.right, left });
    setErrors(found);
    if (boxes === 0) return setFormError(lens.boxesRequired);
    if (boxes > MAX_BOXES) return setFormError(`${lens.boxes}: ${boxes} > ${MAX_BOXES}`);
    setFormError(null);
    if (hasErrors(found)) return;
    const right = cleanEye(powers.right);
    const leftEye = cleanEye(left);
    add({
      kind: 'contactLens',
      jit: product.jit,
      body: {
        productId: product.id,
        // A plan's boxes (and its price) are the API's, by the same rule as the plan shown here.
        quantity: chosenPlan ? 1 : boxes,
        powerType: 'CONTACT_LENS',
        isBothEye: bothEyes,
        prescription: { powerType: 'CONTACT_LENS', right, left: leftEye },
        ...(chosenPlan ? { subscriptionId: chosenPlan.id } : {}),
      },
      validate: { productId: product.id, body: { powerType: 'CONTACT_LENS', right, left: leftEye, isBothEye: bothEyes } },
    });
  };

  return (
    <form className="pdp-form pdp-contact" onSubmit={submit} noValidate aria-labelledby="pdp-cl-title">
      <h2 id="pdp-cl-title">{lens.clTitle}</h2>
      {saved ? (
        <button
          type="button"
          className="ui-button ui-button--link"
          onClick={() => setPowers({ right: { ...saved.right, boxes: powers.right.boxes }, left: { ...saved.left, boxes: powers.left.boxes } })}
        >
          {lens.savedPower}
        </button>
      ) : null}
      <label className="pdp-check">
        <input type="checkbox" checked={bothEyes} onChange={(e) => setBothEyes(e.target.checked)} /> {lens.sameBothEyes}
      </label>
      <PowerForm
        options={options}
        value={{ right: powers.right, left }}
        errors={errors}
        contact
        bothEyes={bothEyes}
        onChange={(eye, field, value) => setPowers((p) => withPower(p, eye, field, value))}
      />
      <SubscriptionOptions plans={plans} plan={plan} onChange={setPlan} />
      {formError ? (
        <p role="alert" className="pdp-error">
          {formError}
        </p>
      ) : null}
      <AddFailure />
      <button type="submit" className="ui-button" disabled={adding}>
        {adding ? m.adding : m.addToCart}
      </button>
      <Solutions solutions={solutions} />
    </form>
  );
}
