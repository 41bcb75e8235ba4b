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

/**
 * The card provider ("primer", shopping §7 "the card-provider flow"), simulated behind this
 * adapter: the shopper's card goes to the provider's hosted form, which answers at once with a
 * pending payment; the provider then settles it (the status the page polls). The outcome follows
 * the card as on the direct card gateway: a documented failing test number (or a saved provider
 * card ending like one) is declined, every other card is paid.
 */
export interface CardProvider {
  /** The provider's gateway id on saved cards. */
  gatewayId: string;
  /** The countries whose payment options offer the provider. */
  countries: readonly string[];
  /** The provider's payment method types the shop can take. */
  methodTypes: readonly string[];
  /** The outcome of a pending provider payment after `polls` status polls, by the card's last four digits. */
  outcome(last4: string, polls: number): { status: 'PENDING' | 'SUCCESS' | 'FAILED'; message?: string };
}

/** Status polls a provider payment answers PENDING before it settles. */
export const PROVIDER_PENDING_POLLS = 1;

export const cardProvider: CardProvider = {
  gatewayId: 'PRIMER',
  countries: ['ae', 'sg', 'sa', 'us'],
  methodTypes: ['PAYMENT_CARD'],
  outcome(last4, polls) {
    if (polls < PROVIDER_PENDING_POLLS) return { status: 'PENDING', message: 'The card provider is confirming your payment' };
    const outcome = chargeSavedCard(last4);
    return outcome.ok ? { status: 'SUCCESS' } : { status: 'FAILED', message: outcome.message };
  },
};

/** Whether the country's payment options offer the card provider. */
export const offersCardProvider = (country: string) => cardProvider.countries.includes(country);
