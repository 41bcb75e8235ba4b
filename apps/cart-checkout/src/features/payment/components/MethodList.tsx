import type { PaymentMethod } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import type { PaymentMethodCode } from '../payment-input';

/** The payment methods the API offers, as radios (a disabled one cannot be chosen). */
export function MethodList({
  methods,
  chosen,
  busy,
  onChoose,
}: {
  methods: PaymentMethod[];
  chosen: PaymentMethodCode | null;
  busy: boolean;
  onChoose(code: PaymentMethodCode): void;
}) {
  const m = useMessages(messages);
  return (
    <fieldset className="cc-methods">
      <legend>{m.choosePayment}</legend>
      {methods.map((pm) => (
        <label key={pm.code}>
          <input
            type="radio"
            name="method"
            value={pm.code}
            checked={chosen === pm.code}
            disabled={!pm.enabled || busy}
            onChange={() => onChoose(pm.code as PaymentMethodCode)}
          />{' '}
          {pm.label}
          {pm.offerText ? <small> — {pm.offerText}</small> : null}
        </label>
      ))}
    </fieldset>
  );
}
