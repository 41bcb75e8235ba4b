import { lazy, Suspense, useId, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { Offer, PaymentMethod, SavedCard } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import { checkoutActions, keptGiftMessage, selectCheckout, type PayInput } from '../../checkout';
import type { CardProvider } from '../api';
import { paymentMessages } from '../messages';
import { paymentOf, providerPaymentOf, type PaymentMethodCode } from '../payment-input';
import { providerActions, selectProvider } from '../state/provider-slice';
import { CardFields } from './CardFields';
import { MethodList } from './MethodList';
import { UpiField } from './UpiField';
import type { PaymentEntry } from './use-payment-entry';
import type { PaymentOfferSync } from './use-payment-offer';

// Off the page's first load (issue 42 kept the payment page within its byte budget): each shows
// only once its method is chosen (or a card's digits are typed).
const CodCaptcha = lazy(() => import('./CodCaptcha').then((x) => ({ default: x.CodCaptcha })));
const CardOffers = lazy(() => import('./CardOffers').then((x) => ({ default: x.CardOffers })));
const ProviderPayment = lazy(() => import('./ProviderPayment').then((x) => ({ default: x.ProviderPayment })));
const SavedCards = lazy(() => import('./SavedCards').then((x) => ({ default: x.SavedCards })));
const NetBankingField = lazy(() => import('./NetBankingField').then((x) => ({ default: x.NetBankingField })));

interface Props {
  methods: PaymentMethod[];
  savedCards: SavedCard[];
  entry: PaymentEntry;
  /** Paying again for an order whose payment failed (no cart, no gift message). */
  retryOrderId?: number;
  /**
   * What the button says is paid: the cart's net amount, or the order's on a retry. Sent with the
   * payment (`expectedTotal`): the API charges this amount or nothing (issue 37).
   */
  amount: { total: number; currencyCode: string } | null;
  /** The cart is being read again (the page just opened, or the cart changed): Pay waits for it. */
  cartRefreshing?: boolean;
  /** The enabled payment offers, shown beside their methods. */
  offers?: Offer[];
  /** The cart's payment offer following the method chosen (Pay waits while it changes). */
  offerSync?: PaymentOfferSync;
  /** The card provider, when the country offers it. */
  provider?: CardProvider;
  /** The payment offer the cart has (its title is said beside the methods). */
  appliedOffer?: Offer | null;
}

/**
 * The chosen method's fields, checked before any call; paying places the order with the
 * attempt's Idempotency-Key: the checkout saga for the shop's own methods, the provider saga
 * for the card provider (paymentMethod=primer).
 */
export function PaymentForm({
  methods,
  savedCards,
  entry,
  retryOrderId,
  amount,
  cartRefreshing = false,
  offers = [],
  offerSync,
  provider,
  appliedOffer,
}: Props) {
  const m = useMessages(messages);
  const p = useMessages(paymentMessages);
  const dispatch = useDispatch();
  const state = useSelector(selectCheckout);
  const providerState = useSelector(selectProvider);
  const { method, fields, set, formError, setFormError, captcha } = entry;
  const busy = state.placing || providerState.paying;
  const card = method === 'cc' || method === 'dc';
  const viaProvider = method === 'primer';
  const reasonId = useId();
  // Why Pay cannot be pressed, said beside it (and to screen readers), never a silent grey button.
  const disabledReason = busy
    ? m.payDisabledBusy
    : cartRefreshing || !amount
      ? m.payDisabledCart
      : !method
        ? m.payDisabledChoose
        : offerSync?.pending
          ? p.payDisabledOffer
          : offerSync?.failed
            ? p.payDisabledOfferFailed
            : viaProvider && provider?.token !== 'ready'
              ? p.providerLoading
              : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabledReason || !method) return;
    setFormError(null);
    const gift = retryOrderId ? null : keptGiftMessage();
    const common = {
      ...(retryOrderId ? { orderId: retryOrderId } : {}),
      leadSource: state.leadSource || undefined,
      ...(gift ? { giftMessage: gift } : {}),
      ...(amount ? { expectedTotal: amount.total } : {}),
    };
    if (method === 'primer') {
      const outcome = providerPaymentOf(common, fields, m);
      if ('error' in outcome) return setFormError(outcome.error);
      dispatch(providerActions.payRequested({ payment: outcome.payment, key: entry.keyForAttempt() }));
      return;
    }
    const base: PayInput = { paymentMethod: method, ...common };
    const outcome = paymentOf(method, base, { ...fields, captcha: captcha.captcha }, m);
    if ('error' in outcome) return setFormError(outcome.error);
    dispatch(checkoutActions.placeOrderRequested({ payment: outcome.payment, key: entry.keyForAttempt() }));
  };
  const choose = (code: PaymentMethodCode) => {
    entry.setMethod(code);
    setFormError(null);
    dispatch(providerActions.errorCleared());
    dispatch(checkoutActions.methodSelected(code));
  };
  // A wrong captcha answer: said as such, beside the new captcha the entry asked for.
  const captchaWrong = method === 'cod' && !formError && state.paymentErrorField === 'captcha';
  const error = formError ?? (captchaWrong ? p.captchaWrong : null) ?? state.paymentError ?? providerState.error;
  const errorId = `${reasonId}-error`;

  return (
    <form onSubmit={submit} noValidate className="cc-section">
      <MethodList methods={methods} chosen={method} busy={busy} offers={offers} currency={amount?.currencyCode} onChoose={choose} />
      {appliedOffer && !offerSync?.pending ? (
        <p className="cc-hint" role="status" data-testid="offer-applied">
          {formatMessage(p.offerApplied, { title: appliedOffer.title })}
        </p>
      ) : null}
      {offerSync?.note ? (
        <p className="cc-hint" role="status" data-testid="offer-note">
          {offerSync.note}
        </p>
      ) : null}
      {offerSync?.failed ? (
        <div role="alert" className="cc-error">
          <p>{p.offerUpdateFailed}</p>
          <button type="button" className="ui-button" onClick={offerSync.retry}>
            {m.payAgain}
          </button>
        </div>
      ) : null}
      {card && savedCards.length ? (
        <Suspense fallback={null}>
          <SavedCards
            cards={savedCards}
            token={fields.savedToken}
            cvv={fields.savedCvv}
            onToken={(savedToken) => set({ savedToken })}
            onCvv={(savedCvv) => set({ savedCvv })}
          />
        </Suspense>
      ) : null}
      {card && !fields.savedToken ? (
        <>
          <CardFields onBin={entry.setBin} onChange={entry.onCardChange} />
          {entry.bin ? (
            <Suspense fallback={null}>
              <CardOffers bin={entry.bin} method={method} onError={setFormError} />
            </Suspense>
          ) : null}
        </>
      ) : null}
      {viaProvider && provider ? (
        <Suspense fallback={<p className="cc-hint" aria-busy="true" />}>
          <ProviderPayment provider={provider} entry={entry} />
        </Suspense>
      ) : null}
      {method === 'upi' ? <UpiField vpa={fields.vpa} onVpa={(vpa) => set({ vpa })} onError={setFormError} /> : null}
      <Suspense fallback={<p className="cc-hint" aria-busy="true" />}>
        {method === 'nb' ? (
          <NetBankingField banks={methods.find((x) => x.code === 'nb')?.banks ?? []} bank={fields.bank} onBank={(bank) => set({ bank })} />
        ) : null}
        {method === 'cod' ? (
          <CodCaptcha
            captcha={captcha.captcha}
            round={captcha.round}
            text={fields.captchaText}
            onText={(captchaText) => set({ captchaText })}
            onRenew={captcha.renew}
            retry={entry.captchaRetry}
            errorId={captchaWrong ? errorId : undefined}
          />
        ) : null}
      </Suspense>
      {error ? (
        <p role="alert" className="cc-error" data-testid="payment-error" id={errorId}>
          {error}
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
