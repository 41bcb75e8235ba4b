import { CARD_FAILURES, NET_BANKS, TEST_VPAS, UPI_PENDING_POLLS } from './config';

export type CardType = 'visa' | 'maestro' | 'diners' | 'jcb' | 'amex' | 'discover';

/** §5 card type from the number pattern (checked in this order: maestro before the rest). */
const CARD_PATTERNS: Array<[CardType, RegExp]> = [
  ['maestro', /^(5018|5020|5038|5893|6304|6759|676[1-3])\d{8,15}$/],
  ['visa', /^4\d{12}(\d{3}){0,2}$/],
  ['amex', /^3[47]\d{13}$/],
  ['diners', /^3(0[0-5]|[689]\d)\d{11,16}$/],
  ['jcb', /^(2131|1800|35\d{2})\d{12}$/],
  ['discover', /^6(011|5\d{2}|4[4-9]\d)\d{12,15}$/],
];

export function cardTypeOf(number: string): CardType | null {
  return CARD_PATTERNS.find(([, pattern]) => pattern.test(number))?.[0] ?? null;
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The simulated card gateway: documented test numbers fail, every other valid card succeeds. */
export function chargeCard(number: string): { ok: true } | { ok: false; message: string } {
  const failure = CARD_FAILURES[number];
  return failure ? { ok: false, message: failure } : { ok: true };
}

/** A saved card keeps only its last four digits: a card saved from a failing test number fails again. */
export function chargeSavedCard(last4: string): { ok: true } | { ok: false; message: string } {
  const failing = Object.keys(CARD_FAILURES).find((n) => n.endsWith(last4));
  return failing ? { ok: false, message: CARD_FAILURES[failing]! } : { ok: true };
}

export function vpaValid(vpa: string): boolean {
  return !vpa.toLowerCase().startsWith(TEST_VPAS.invalid.split('@')[0]!);
}

/** The UPI collect outcome after `polls` status polls: pending first, then the VPA decides. */
export function upiOutcome(vpa: string, polls: number): { status: 'PENDING' | 'SUCCESS' | 'FAILED'; message?: string } {
  const handle = vpa.toLowerCase();
  if (handle === TEST_VPAS.pending || polls < UPI_PENDING_POLLS) return { status: 'PENDING', message: 'Waiting for you to approve the payment in your UPI app' };
  if (handle === TEST_VPAS.failure) return { status: 'FAILED', message: 'The UPI payment was declined' };
  return { status: 'SUCCESS' };
}

export function bankOutcome(code: string): { ok: true } | { ok: false; message: string } {
  if (!NET_BANKS.some((b) => b.code === code)) return { ok: false, message: 'Please choose a bank' };
  return code === 'FAIL' ? { ok: false, message: 'Your bank declined the payment' } : { ok: true };
}
