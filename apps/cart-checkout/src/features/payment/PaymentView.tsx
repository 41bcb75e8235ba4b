import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Offer, PaymentMethod, SavedCard } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { cardType, cvvLength, digitsOnly, isDigitsOnly, isMobileViewport, luhnValid } from '@eyewear/i18n/rules';
import { useSearchParams } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import { messages } from '../../app/messages';
import type { PayInput } from '../../shared/api';
import { cartActions } from '../../shared/cart-slice';
import { checkoutActions } from '../../shared/checkout-slice';
import { newIdempotencyKey, paymentMethodsVersion, VPA_PATTERN } from '../../shared/payment-rules';
import { useCartSettings } from '../../shared/settings';
import { useCart } from '../../shared/use-cart';
import { useCheckout } from '../../shared/use-checkout';
import { CartTotals } from '../cart/CartTotals';
import { GIFT_MESSAGE_KEY } from '../checkout/CheckoutView';
import '../cart/cart.css';

type Method = PayInput['paymentMethod'];
const YEAR = new Date().getFullYear();

function CardFields({
  onChange,
  m,
  onBin,
}: {
  onChange(card: PayInput['card'] | null, error: string | null): void;
  m: ReturnType<typeof useMessages<typeof messages.defaults>>;
  onBin(bin: string): void;
}) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [month, setMonth] = useState('');
  const [year, setYear] = useState('');
  const [cvv, setCvv] = useState('');
  const [save, setSave] = useState(false);
  const digits = digitsOnly(number);
  const type = cardType(digits);
  useEffect(() => {
    let error: string | null = null;
    if (!luhnValid(digits)) error = m.invalidCard;
    else if (!month || !year) error = m.invalidExpiry;
    else if (!(cvv.length === cvvLength(type) && isDigitsOnly(cvv))) error = m.invalidCvv;
    onChange(
      error ? null : { number: digits, nameOnCard: name.trim() || 'Card holder', expiryMonth: Number(month), expiryYear: Number(year), cvv, saveCard: save },
      error,
    );
  }, [digits, name, month, year, cvv, save, type, m, onChange]);
  useEffect(() => {
    if (digits.length >= 6) onBin(digits.slice(0, 6));
  }, [digits.slice(0, 6)]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="cc-form">
      <div className="cc-field cc-field--wide">
        <label htmlFor={`${id}-number`}>{m.cardNumber}</label>
        <input id={`${id}-number`} inputMode="numeric" autoComplete="cc-number" value={number} onChange={(e) => setNumber(e.target.value)} maxLength={23} />
        {type ? <span data-testid="card-type">{formatMessage(m.cardTypeDetected, { type })}</span> : null}
      </div>
      <div className="cc-field cc-field--wide">
        <label htmlFor={`${id}-name`}>{m.nameOnCard}</label>
        <input id={`${id}-name`} autoComplete="cc-name" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="cc-field">
        <label htmlFor={`${id}-month`}>{m.expiryMonth}</label>
        <select id={`${id}-month`} value={month} onChange={(e) => setMonth(e.target.value)}>
          <option value="">MM</option>
          {Array.from({ length: 12 }, (_, i) => (
            <option key={i} value={i + 1}>
              {String(i + 1).padStart(2, '0')}
            </option>
          ))}
        </select>
      </div>
      <div className="cc-field">
        <label htmlFor={`${id}-year`}>{m.expiryYear}</label>
        <select id={`${id}-year`} value={year} onChange={(e) => setYear(e.target.value)}>
          <option value="">YYYY</option>
          {Array.from({ length: 15 }, (_, i) => (
            <option key={i} value={YEAR + i}>
              {YEAR + i}
            </option>
          ))}
        </select>
      </div>
      <div className="cc-field">
        <label htmlFor={`${id}-cvv`}>{m.cvv}</label>
        <input id={`${id}-cvv`} inputMode="numeric" autoComplete="cc-csc" type="password" value={cvv} onChange={(e) => setCvv(e.target.value)} maxLength={4} />
      </div>
      <div className="cc-field">
        <label>
          <input type="checkbox" checked={save} onChange={(e) => setSave(e.target.checked)} /> {m.saveCard}
        </label>
      </div>
    </div>
  );
}

/** Payment: methods (India only), card with type detection and Luhn, UPI with polling, net banking, cash on delivery with captcha. */
export default function PaymentView({ mode }: { mode: string }) {
  const m = useMessages(messages);
  const id = useId();
  const { state: cartState, dispatch: cartDispatch } = useCart();
  const { state, dispatch, country, api, session } = useCheckout();
  const [savedCards, setSavedCards] = useState<SavedCard[]>([]);
  const [savedToken, setSavedToken] = useState<string | null>(null);
  const [savedCvv, setSavedCvv] = useState('');
  useEffect(() => {
    if (!session?.login) return;
    api
      .savedCards()
      .then((a) => setSavedCards(a.result.cards))
      .catch(() => setSavedCards([]));
  }, [session?.login, api]);
  const [params] = useSearchParams();
  const retryOrderId = mode === 'retry' && params.get('orderId') ? Number(params.get('orderId')) : undefined;
  const [method, setMethod] = useState<Method | null>(null);
  const [card, setCard] = useState<PayInput['card'] | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [vpa, setVpa] = useState('');
  const [bank, setBank] = useState('');
  const [captcha, setCaptcha] = useState<{ id: string; image: string } | null>(null);
  const [captchaText, setCaptchaText] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [offers, setOffers] = useState<Offer[]>([]);
  const [bin, setBin] = useState<string | null>(null);
  // Stable, so the card fields report only when what they hold changes.
  const onCardChange = useCallback((c: PayInput['card'] | null, e: string | null) => {
    setCard(c ?? null);
    setCardError(e);
  }, []);
  // One Idempotency-Key per payment attempt: a double click or a retry after a dropped answer reuses it.
  const attemptKey = useRef<string | null>(null);
  useEffect(() => {
    if (state.paymentError && !state.attemptKey) attemptKey.current = null;
  }, [state.paymentError, state.attemptKey]);

  // The path version depends on configured settings: the methods are asked for once they are known.
  const { known: settingsKnown, paymentVersions } = useCartSettings();
  const { msiteNewPaymentDesign, paymentMethodNewVersion } = paymentVersions;
  useEffect(() => {
    if (!settingsKnown) return;
    const version = paymentMethodsVersion({ mobileClient: isMobileViewport(), msiteNewPaymentDesign, paymentMethodNewVersion });
    dispatch(checkoutActions.paymentMethodsRequested({ country, orderId: retryOrderId, version }));
  }, [dispatch, country, retryOrderId, settingsKnown, msiteNewPaymentDesign, paymentMethodNewVersion]);
  useEffect(() => {
    if (method === 'cod' && !captcha)
      api
        .captcha()
        .then((a) => setCaptcha(a.result))
        .catch(() => setCaptcha(null));
  }, [method, captcha, api]);
  useEffect(() => {
    if (!bin) return;
    api
      .cardOffers(bin)
      .then((a) => setOffers(a.result.offers))
      .catch(() => setOffers([]));
  }, [bin, api]);

  const cart = cartState.cart;
  const methods = state.paymentMethods;
  const busy = state.placing;
  const total = retryOrderId ? null : cart?.netAmountCart;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !method) return;
    setFormError(null);
    const base: PayInput = { paymentMethod: method, ...(retryOrderId ? { orderId: retryOrderId } : {}), leadSource: state.leadSource || undefined };
    const giftRaw = globalThis.sessionStorage?.getItem(GIFT_MESSAGE_KEY);
    if (giftRaw && !retryOrderId) base.giftMessage = JSON.parse(giftRaw);
    let payment: PayInput;
    if ((method === 'cc' || method === 'dc') && savedToken) {
      if (!/^\d{3,4}$/.test(savedCvv)) return setFormError(m.invalidCvv);
      payment = { ...base, savedCardToken: savedToken, cvv: savedCvv };
    } else if (method === 'cc' || method === 'dc') {
      if (!card) return setFormError(cardError ?? m.invalidCard);
      payment = { ...base, card };
    } else if (method === 'upi') {
      if (!VPA_PATTERN.test(vpa.trim())) return setFormError(m.invalidVpa);
      payment = { ...base, vpa: vpa.trim() };
    } else if (method === 'nb') {
      if (!bank) return setFormError(m.chooseBank);
      payment = { ...base, bankCode: bank };
    } else if (method === 'qr') {
      payment = base;
    } else {
      if (!captcha || !captchaText.trim()) return setFormError(m.captcha);
      payment = { ...base, captcha: `${captcha.id}:${captchaText.trim()}` };
    }
    attemptKey.current ??= state.attemptKey ?? newIdempotencyKey();
    dispatch(checkoutActions.placeOrderRequested({ payment, key: attemptKey.current }));
  };

  const verifyVpa = async () => {
    if (!VPA_PATTERN.test(vpa.trim())) return setFormError(m.invalidVpa);
    try {
      const answer = await api.validateVpa(vpa.trim());
      dispatch(checkoutActions.vpaChecked({ vpa: vpa.trim(), ...answer.result }));
      setFormError(answer.result.valid ? null : m.invalidVpa);
    } catch {
      dispatch(checkoutActions.vpaChecked({ vpa: vpa.trim(), valid: false }));
      setFormError(m.invalidVpa);
    }
  };

  const applyCardOffer = async (offer: Offer) => {
    try {
      const answer = await api.applyPaymentOffer({ offerId: offer.offerId, cardBin: bin ?? undefined, paymentMethod: method ?? undefined });
      cartDispatch(cartActions.succeeded({ op: 'applyOffer', cart: answer.result }));
    } catch (error) {
      setFormError(error instanceof Error ? error.message : m.errorGeneric);
    }
  };

  if (!retryOrderId && cart && cart.itemsQty === 0 && !state.orderPlaced) return <p>{m.emptyCartCheckout}</p>;
  const waitingUpi = state.orderPlaced && state.paymentData?.payment.action === 'UPI_COLLECT' && state.transStatus?.status !== 'FAILED';
  if (waitingUpi) {
    return (
      <div role="status" aria-live="polite" data-testid="upi-waiting" className="cc-section">
        <p>{state.transStatus?.message === 'timeout' ? m.paymentTimeout : m.waitingUpi}</p>
        <Skeleton />
      </div>
    );
  }

  return (
    <div className="cc-payment">
      {retryOrderId ? <p>{formatMessage(m.retryFor, { orderId: retryOrderId })}</p> : null}
      {cart && !retryOrderId ? <CartTotals cart={cart} m={m} /> : null}
      {methods.status === 'loading' || methods.status === 'idle' ? (
        <div aria-busy="true" aria-label={m.choosePayment}>
          <Skeleton height="6rem" />
        </div>
      ) : methods.status === 'failed' ? (
        <p role="alert" className="cc-error">
          {methods.error}
        </p>
      ) : (methods.list ?? []).length === 0 ? (
        <p>{m.noPaymentMethods}</p>
      ) : (
        <form onSubmit={submit} noValidate className="cc-section">
          <fieldset className="cc-methods">
            <legend>{m.choosePayment}</legend>
            {(methods.list ?? []).map((pm: PaymentMethod) => (
              <label key={pm.code}>
                <input
                  type="radio"
                  name="method"
                  value={pm.code}
                  checked={method === pm.code}
                  disabled={!pm.enabled || busy}
                  onChange={() => {
                    setMethod(pm.code as Method);
                    setFormError(null);
                    dispatch(checkoutActions.methodSelected(pm.code));
                  }}
                />{' '}
                {pm.label}
                {pm.offerText ? <small> — {pm.offerText}</small> : null}
              </label>
            ))}
          </fieldset>
          {(method === 'cc' || method === 'dc') && savedCards.length ? (
            <fieldset className="cc-methods">
              <legend>{m.savedCardsTitle}</legend>
              {savedCards.map((c) => (
                <label key={c.token}>
                  <input type="radio" name="saved-card" checked={savedToken === c.token} onChange={() => setSavedToken(c.token)} /> {c.cardType}{' '}
                  {c.maskedNumber}
                </label>
              ))}
              <label>
                <input type="radio" name="saved-card" checked={savedToken === null} onChange={() => setSavedToken(null)} /> {m.newCard}
              </label>
              {savedToken ? (
                <span className="cc-field">
                  <label htmlFor={`${id}-saved-cvv`}>{m.cvv}</label>
                  <input
                    id={`${id}-saved-cvv`}
                    type="password"
                    inputMode="numeric"
                    maxLength={4}
                    value={savedCvv}
                    onChange={(e) => setSavedCvv(e.target.value)}
                  />
                </span>
              ) : null}
            </fieldset>
          ) : null}
          {(method === 'cc' || method === 'dc') && !savedToken ? (
            <>
              <CardFields m={m} onBin={setBin} onChange={onCardChange} />
              {offers.length ? (
                <div aria-label={m.offersForCard}>
                  {offers.map((o) => (
                    <button key={o.offerId} type="button" className="ui-button" onClick={() => applyCardOffer(o)}>
                      {formatMessage(m.applyOffer, { title: o.title })}
                    </button>
                  ))}
                </div>
              ) : null}
            </>
          ) : null}
          {method === 'upi' ? (
            <div className="cc-field">
              <label htmlFor={`${id}-vpa`}>{m.vpa}</label>
              <input id={`${id}-vpa`} value={vpa} onChange={(e) => setVpa(e.target.value)} placeholder="name@bank" />
              <button type="button" className="ui-button" onClick={verifyVpa}>
                {m.verifyVpa}
              </button>
              {state.vpaStatus?.valid && state.vpaStatus.vpa === vpa.trim() ? (
                <span>{formatMessage(m.vpaVerified, { name: state.vpaStatus.name ?? '' })}</span>
              ) : null}
            </div>
          ) : null}
          {method === 'nb' ? (
            <div className="cc-field">
              <label htmlFor={`${id}-bank`}>{m.bank}</label>
              <select id={`${id}-bank`} value={bank} onChange={(e) => setBank(e.target.value)}>
                <option value="">{m.chooseBank}</option>
                {(methods.list ?? [])
                  .find((x) => x.code === 'nb')
                  ?.banks?.map((b) => (
                    <option key={b.code} value={b.code}>
                      {b.name}
                    </option>
                  ))}
              </select>
            </div>
          ) : null}
          {method === 'cod' ? (
            <div className="cc-field">
              {captcha ? <img src={captcha.image} alt={m.captchaImage} width={130} height={44} /> : <Skeleton width="130px" height="44px" />}
              <button type="button" className="ui-button ui-button--link" onClick={() => setCaptcha(null)}>
                {m.newCaptcha}
              </button>
              <label htmlFor={`${id}-captcha`}>{m.captcha}</label>
              <input id={`${id}-captcha`} value={captchaText} onChange={(e) => setCaptchaText(e.target.value)} autoComplete="off" />
            </div>
          ) : null}
          {formError || state.paymentError ? (
            <p role="alert" className="cc-error" data-testid="payment-error">
              {formError ?? state.paymentError}
            </p>
          ) : null}
          <button type="submit" className="ui-button ui-button--primary" disabled={!method || busy} aria-busy={busy}>
            {busy ? m.paying : total !== null && total !== undefined ? formatMessage(m.pay, { amount: formatPrice(total, cart!.currencyCode) }) : m.placeOrder}
          </button>
        </form>
      )}
    </div>
  );
}
