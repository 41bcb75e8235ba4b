import type { Dispatch } from '@reduxjs/toolkit';
import { useEffect, useState, type FormEvent } from 'react';
import {
  productRoutes,
  type EyePower,
  type PowerOptions,
  type Product,
  type ProductSummary,
  type SavedPrescription,
  type Subscription,
} from '@eyewear/api-client';
import { useLatestEvent } from '@eyewear/event-bus';
import { formatMessage, formatPrice, useCountry } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { productApi } from '../../app/api';
import type { PageMessages } from '../../app/page-messages';
import { productPageActions as a, type ProductPageState } from '../product/state';
import { checkPowers, cleanEye, hasErrors, type Eye, type PowerErrors } from './power-rules';
import { PowerForm } from './PowerForm';

/** The cart takes at most 10 of an item. */
export const MAX_BOXES = 10;

interface Props {
  product: Product;
  cart: ProductPageState['cart'];
  dispatch: Dispatch;
  m: PageMessages;
}

/** Contact lenses: powers and boxes per eye, the saved power, subscriptions and solutions. */
export default function ContactLensForm({ product, cart, dispatch, m }: Props) {
  const country = useCountry();
  const api = productApi(country);
  const session = useLatestEvent('session/changed');
  const [options, setOptions] = useState<PowerOptions | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [powers, setPowers] = useState<Record<Eye, EyePower>>({ right: { boxes: 1 }, left: { boxes: 1 } });
  const [bothEyes, setBothEyes] = useState(false);
  const [errors, setErrors] = useState<PowerErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedPrescription | null>(null);
  const [plans, setPlans] = useState<Subscription[]>([]);
  const [plan, setPlan] = useState<number | null>(null);
  const [solutions, setSolutions] = useState<ProductSummary[]>([]);

  useEffect(() => {
    let live = true;
    api.call(productRoutes.powers, { params: { id: product.id } }).then(
      (answer) => live && setOptions(answer.result),
      () => live && setFailed(m.retry),
    );
    api.call(productRoutes.solutions, { query: { productId: product.id } }).then(
      (answer) => live && setSolutions(answer.result.solutions),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, product.id, m.retry]);

  useEffect(() => {
    let live = true;
    api.call(productRoutes.subscriptions, { params: { id: product.id }, query: { isBothEye: bothEyes } }).then(
      (answer) => live && setPlans(answer.result.subscriptions),
      () => live && setPlans([]),
    );
    return () => {
      live = false;
    };
  }, [api, product.id, bothEyes]);

  // A logged-in shopper is offered their saved contact-lens power.
  useEffect(() => {
    if (!session?.login) return;
    let live = true;
    api.call(productRoutes.savedPrescriptions, { query: { powerType: 'CONTACT_LENS' } }).then(
      (answer) => live && setSaved(answer.result.prescriptions[0] ?? null),
      () => live && setSaved(null),
    );
    return () => {
      live = false;
    };
  }, [api, session?.login]);

  if (failed) return <p role="alert">{failed}</p>;
  if (!options) return <SkeletonGrid rows={1} label={m.clTitle} />;

  const chosenPlan = plans.find((p) => p.id === plan) ?? null;
  const left = bothEyes ? { ...powers.right, boxes: powers.left.boxes } : powers.left;
  const boxes = (powers.right.boxes ?? 0) + (left.boxes ?? 0);
  const adding = cart.status === 'loading';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkPowers('CONTACT_LENS', { right: powers.right, left }, m);
    setErrors(found);
    if (boxes === 0) return setFormError(m.boxesRequired);
    if (boxes > MAX_BOXES) return setFormError(`${m.boxes}: ${boxes} > ${MAX_BOXES}`);
    setFormError(null);
    if (hasErrors(found)) return;
    const right = cleanEye(powers.right);
    const leftEye = cleanEye(left);
    dispatch(
      a.addRequested({
        kind: 'contactLens',
        jit: product.jit,
        body: {
          productId: product.id,
          quantity: chosenPlan ? Math.min(MAX_BOXES, chosenPlan.boxes) : boxes,
          powerType: 'CONTACT_LENS',
          isBothEye: bothEyes,
          prescription: { powerType: 'CONTACT_LENS', right, left: leftEye },
          ...(chosenPlan ? { subscriptionId: chosenPlan.id } : {}),
        },
        validate: { productId: product.id, body: { powerType: 'CONTACT_LENS', right, left: leftEye, isBothEye: bothEyes } },
      }),
    );
  };

  return (
    <form className="pdp-form pdp-contact" onSubmit={submit} noValidate aria-labelledby="pdp-cl-title">
      <h2 id="pdp-cl-title">{m.clTitle}</h2>
      {saved ? (
        <button
          type="button"
          className="ui-button ui-button--link"
          onClick={() => setPowers({ right: { ...saved.right, boxes: powers.right.boxes }, left: { ...saved.left, boxes: powers.left.boxes } })}
        >
          {m.savedPower}
        </button>
      ) : null}
      <label className="pdp-check">
        <input type="checkbox" checked={bothEyes} onChange={(e) => setBothEyes(e.target.checked)} /> {m.sameBothEyes}
      </label>
      <PowerForm
        options={options}
        value={{ right: powers.right, left }}
        errors={errors}
        m={m}
        contact
        bothEyes={bothEyes}
        onChange={(eye, field, value) => setPowers((p) => ({ ...p, [eye]: { ...p[eye], [field]: value } }))}
      />
      {plans.length > 0 ? (
        <fieldset>
          <legend>{m.subscriptionLegend}</legend>
          <label className="pdp-option">
            <input type="radio" name="plan" checked={plan === null} onChange={() => setPlan(null)} /> {m.noSubscription}
          </label>
          {plans.map((p) => (
            <label key={p.id} className="pdp-option">
              <input type="radio" name="plan" checked={plan === p.id} onChange={() => setPlan(p.id)} />{' '}
              {formatMessage(m.subscription, { name: p.name, boxes: p.boxes, price: formatPrice(p.price, p.currencyCode), percent: p.discountPercent })}
            </label>
          ))}
        </fieldset>
      ) : null}
      {formError ? (
        <p role="alert" className="pdp-error">
          {formError}
        </p>
      ) : null}
      {cart.status === 'failed' ? (
        <p role="alert" className="pdp-error">
          {cart.error}
        </p>
      ) : null}
      <button type="submit" className="ui-button" disabled={adding}>
        {adding ? m.adding : m.addToCart}
      </button>
      {solutions.length > 0 ? (
        <section aria-labelledby="pdp-solutions">
          <h3 id="pdp-solutions">{m.solutions}</h3>
          <ul className="pdp-solutions">
            {solutions.map((s) => (
              <li key={s.id}>
                {s.brandName} {s.modelName} {s.prices[1] ? formatPrice(s.prices[1].price, s.prices[1].currencyCode) : null}{' '}
                <button
                  type="button"
                  className="ui-button ui-button--link"
                  disabled={adding}
                  onClick={() => dispatch(a.addRequested({ kind: 'plain', body: { productId: s.id, quantity: 1 } }))}
                >
                  {formatMessage(m.addSolution, { name: s.modelName ?? s.brandName })}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </form>
  );
}
