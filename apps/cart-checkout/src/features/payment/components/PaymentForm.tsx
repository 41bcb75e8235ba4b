import { useId, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { PaymentMethod, SavedCard } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import { checkoutActions, keptGiftMessage, selectCheckout, type PayInput } from '../../checkout';
import { paymentOf, type PaymentMethodCode } from '../payment-input';
import { CardFields } from './CardFields';
import { CardOffers } from './CardOffers';
import { CodCaptcha } from './CodCaptcha';
import { MethodList } from './MethodList';
import { NetBankingField } from './NetBankingField';
import { SavedCards } from './SavedCards';
import { UpiField } from './UpiField';
import type { PaymentEntry } from './use-payment-entry';

interface Props {
  methods: PaymentMethod[];
  savedCards: SavedCard[];
  entry: PaymentEntry;
  /** Paying again for an order whose payment failed (no cart, no gift message). */
  retryOrderId?: number;
  /** What the button says is paid: the cart's net amount, or the order's on a retry. */
  amount: { total: number; currencyCode: string } | null;
}

/** The chosen method's fields, checked before any call; paying places the order (the checkout saga) with the attempt's Idempotency-Key. */
export function PaymentForm({ methods, savedCards, entry, retryOrderId, amount }: Props) {
  const m = useMessages(messages);
  const dispatch = useDispatch();
  const state = useSelector(selectCheckout);
  const { method, fields, set, formError, setFormError, captcha } = entry;
  const busy = state.placing;
  const card = method === 'cc' || method === 'dc';
  const reasonId = useId();
  // Why Pay cannot be pressed, said beside it (and to screen readers), never a silent grey button.
  const disabledReason = busy ? m.payDisabledBusy : !method ? m.payDisabledChoose : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !method) return;
    setFormError(null);
    const base: PayInput = { paymentMethod: method, ...(retryOrderId ? { orderId: retryOrderId } : {}), leadSource: state.leadSource || undefined };
    const gift = retryOrderId ? null : keptGiftMessage();
    if (gift) base.giftMessage = gift;
    const outcome = paymentOf(method, base, { ...fields, captcha: captcha.captcha }, m);
    if ('error' in outcome) return setFormError(outcome.error);
    dispatch(checkoutActions.placeOrderRequested({ payment: outcome.payment, key: entry.keyForAttempt() }));
  };
  const choose = (code: PaymentMethodCode) => {
    entry.setMethod(code);
    setFormError(null);
    dispatch(checkoutActions.methodSelected(code));
  };

  return (
    <form onSubmit={submit} noValidate className="cc-section">
      <MethodList methods={methods} chosen={method} busy={busy} onChoose={choose} />
      {card && savedCards.length ? (
        <SavedCards
          cards={savedCards}
          token={fields.savedToken}
          cvv={fields.savedCvv}
          onToken={(savedToken) => set({ savedToken })}
          onCvv={(savedCvv) => set({ savedCvv })}
        />
      ) : null}
      {card && !fields.savedToken ? (
        <>
          <CardFields onBin={entry.setBin} onChange={entry.onCardChange} />
          <CardOffers bin={entry.bin} method={method} onError={setFormError} />
        </>
      ) : null}
      {method === 'upi' ? <UpiField vpa={fields.vpa} onVpa={(vpa) => set({ vpa })} onError={setFormError} /> : null}
      {method === 'nb' ? (
        <NetBankingField banks={methods.find((x) => x.code === 'nb')?.banks ?? []} bank={fields.bank} onBank={(bank) => set({ bank })} />
      ) : null}
      {method === 'cod' ? (
        <CodCaptcha image={captcha.captcha?.image ?? null} text={fields.captchaText} onText={(captchaText) => set({ captchaText })} onRenew={captcha.renew} />
      ) : null}
      {formError || state.paymentError ? (
        <p role="alert" className="cc-error" data-testid="payment-error">
          {formError ?? state.paymentError}
        </p>
      ) : null}
      <button
        type="submit"
        className="ui-button ui-button--primary"
        disabled={!!disabledReason}
        aria-busy={busy}
        aria-describedby={disabledReason ? reasonId : undefined}
      >
        {busy ? m.paying : amount && amount.total > 0 ? formatMessage(m.pay, { amount: formatPrice(amount.total, amount.currencyCode) }) : m.placeOrder}
      </button>
      {disabledReason ? (
        <p id={reasonId} className="cc-hint" data-testid="pay-disabled-reason">
          {disabledReason}
        </p>
      ) : null}
    </form>
  );
}
