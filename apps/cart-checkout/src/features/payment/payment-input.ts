import type { Captcha, OrderPayment } from '@eyewear/api-client';
import type { CartMessages } from '../../app/messages';
import type { PayInput } from '../checkout';
import { VPA_PATTERN } from './rules';

/** The shop's own methods (placed by the checkout saga) and the card provider's (`primer`, the provider saga). */
export type PaymentMethodCode = PayInput['paymentMethod'] | 'primer';

/** What the shopper entered for the chosen method. */
export interface PaymentFields {
  /** A valid new card, or null with `cardError` saying why not. */
  card: PayInput['card'] | null;
  cardError: string | null;
  /** A saved card chosen instead (cards only), with its CVV. */
  savedToken: string | null;
  savedCvv: string;
  vpa: string;
  bank: string;
  /** Cash on delivery's captcha (docs/adr/042): the built-in image, or a provider's widget. */
  captcha: Captcha | null;
  /** The characters typed (built-in), or the token the provider's widget gave. */
  captchaText: string;
  /** A card saved with the card provider, chosen instead of a new card (the provider keeps its CVV). */
  providerCard: string | null;
}

export const NO_FIELDS: PaymentFields = {
  card: null,
  cardError: null,
  savedToken: null,
  savedCvv: '',
  vpa: '',
  bank: '',
  captcha: null,
  captchaText: '',
  providerCard: null,
};

/** The payment to send for a method, or the message of the first thing missing (checked before any call). */
export function paymentOf(method: PayInput['paymentMethod'], base: PayInput, f: PaymentFields, m: CartMessages): { payment: PayInput } | { error: string } {
  if ((method === 'cc' || method === 'dc') && f.savedToken) {
    if (!/^\d{3,4}$/.test(f.savedCvv)) return { error: m.invalidCvv };
    return { payment: { ...base, savedCardToken: f.savedToken, cvv: f.savedCvv } };
  }
  if (method === 'cc' || method === 'dc') return f.card ? { payment: { ...base, card: f.card } } : { error: f.cardError ?? m.invalidCard };
  if (method === 'upi') return VPA_PATTERN.test(f.vpa.trim()) ? { payment: { ...base, vpa: f.vpa.trim() } } : { error: m.invalidVpa };
  if (method === 'nb') return f.bank ? { payment: { ...base, bankCode: f.bank } } : { error: m.chooseBank };
  if (method === 'qr') return { payment: base };
  if (f.captcha?.provider !== 'builtin') return f.captcha && f.captchaText ? { payment: { ...base, captcha: f.captchaText } } : { error: m.captchaToComplete };
  if (!f.captchaText.trim()) return { error: m.captcha };
  return { payment: { ...base, captcha: `${f.captcha.id}:${f.captchaText.trim()}` } };
}

/**
 * The payment through the card provider (paymentMethod=primer): a card saved with it, or the new
 * card of its form; or the message of what is missing. `base` is the page's (order on a retry,
 * gift message, lead source).
 */
export function providerPaymentOf(base: Omit<PayInput, 'paymentMethod'>, f: PaymentFields, m: CartMessages): { payment: OrderPayment } | { error: string } {
  const { orderId, giftMessage, leadSource, expectedTotal } = base;
  const common: OrderPayment = {
    paymentMethod: 'primer',
    ...(orderId ? { orderId } : {}),
    ...(expectedTotal !== undefined ? { expectedTotal } : {}),
    ...(giftMessage ? { giftMessage } : {}),
    ...(leadSource ? { leadSource } : {}),
  };
  if (f.providerCard) return { payment: { ...common, savedCardToken: f.providerCard } };
  return f.card ? { payment: { ...common, card: { ...f.card, saveCard: f.card.saveCard ?? false } } } : { error: f.cardError ?? m.invalidCard };
}
