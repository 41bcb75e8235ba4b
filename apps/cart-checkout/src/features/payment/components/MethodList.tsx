import { useId } from 'react';
import type { Offer, PaymentMethod } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import type { PaymentMethodCode } from '../payment-input';
import { paymentMessages } from '../messages';
import { offerText, offersOfMethod } from '../rules';

/**
 * The payment methods the API offers, as radios (a disabled one cannot be chosen); beside each,
 * the enabled offers that apply to it (UPI5 beside UPI, a bank's card offer beside the cards),
 * tied to the radio as its description.
 */
export function MethodList({
  methods,
  chosen,
  busy,
  offers = [],
  currency = 'INR',
  onChoose,
}: {
  methods: PaymentMethod[];
  chosen: PaymentMethodCode | null;
  busy: boolean;
  offers?: Offer[];
  /** The cart's currency, in which an offer's cap and minimum are said. */
  currency?: string;
  onChoose(code: PaymentMethodCode): void;
}) {
  const m = useMessages(messages);
  const p = useMessages(paymentMessages);
  const id = useId();
  return (
    <fieldset className="cc-methods">
      <legend>{m.choosePayment}</legend>
      {methods.map((pm) => {
        const own = offersOfMethod(offers, pm.code);
        const describedBy = own.length ? `${id}-${pm.code}-offers` : undefined;
        return (
          <div key={pm.code} className="pay-method">
            <label>
              <input
                type="radio"
                name="method"
                value={pm.code}
                checked={chosen === pm.code}
                disabled={!pm.enabled || busy}
                aria-describedby={describedBy}
                onChange={() => onChoose(pm.code as PaymentMethodCode)}
              />{' '}
              {pm.label}
            </label>
            {pm.offerText ? <small> — {pm.offerText}</small> : null}
            {own.length ? (
              <small id={describedBy} className="pay-method__offer" data-testid={`offer-${pm.code}`}>
                {own.map((o) => offerText(o, currency, p)).join(' · ')}
              </small>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
