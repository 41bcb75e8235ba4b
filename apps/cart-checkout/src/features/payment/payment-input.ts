import type { CartMessages } from '../../app/messages';
import type { PayInput } from '../checkout';
import { VPA_PATTERN } from './rules';

export type PaymentMethodCode = PayInput['paymentMethod'];

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
  captcha: { id: string } | null;
  captchaText: string;
}

export const NO_FIELDS: PaymentFields = { card: null, cardError: null, savedToken: null, savedCvv: '', vpa: '', bank: '', captcha: null, captchaText: '' };

/** The payment to send for a method, or the message of the first thing missing (checked before any call). */
export function paymentOf(method: PaymentMethodCode, base: PayInput, f: PaymentFields, m: CartMessages): { payment: PayInput } | { error: string } {
  if ((method === 'cc' || method === 'dc') && f.savedToken) {
    if (!/^\d{3,4}$/.test(f.savedCvv)) return { error: m.invalidCvv };
    return { payment: { ...base, savedCardToken: f.savedToken, cvv: f.savedCvv } };
  }
  if (method === 'cc' || method === 'dc') return f.card ? { payment: { ...base, card: f.card } } : { error: f.cardError ?? m.invalidCard };
  if (method === 'upi') return VPA_PATTERN.test(f.vpa.trim()) ? { payment: { ...base, vpa: f.vpa.trim() } } : { error: m.invalidVpa };
  if (method === 'nb') return f.bank ? { payment: { ...base, bankCode: f.bank } } : { error: m.chooseBank };
  if (method === 'qr') return { payment: base };
  if (!f.captcha || !f.captchaText.trim()) return { error: m.captcha };
  return { payment: { ...base, captcha: `${f.captcha.id}:${f.captchaText.trim()}` } };
}
