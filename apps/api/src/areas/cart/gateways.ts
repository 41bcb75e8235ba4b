import { CARD_FAILURES, NET_BANKS, TEST_VPAS, UPI_PENDING_POLLS } from './config';

// Card type and Luhn are rules of @eyewear/i18n/rules (shopping.md §5), shared with the payment form.

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
  if (handle === TEST_VPAS.pending || polls < UPI_PENDING_POLLS)
    return { status: 'PENDING', message: 'Waiting for you to approve the payment in your UPI app' };
  if (handle === TEST_VPAS.failure) return { status: 'FAILED', message: 'The UPI payment was declined' };
  return { status: 'SUCCESS' };
}

export function bankOutcome(code: string): { ok: true } | { ok: false; message: string } {
  if (!NET_BANKS.some((b) => b.code === code)) return { ok: false, message: 'Please choose a bank' };
  return code === 'FAIL' ? { ok: false, message: 'Your bank declined the payment' } : { ok: true };
}
