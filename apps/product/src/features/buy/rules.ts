import type { EyePower, PowerType, PowerValidation, Product } from '@eyewear/api-client';
import { POWER_LATER } from '@eyewear/i18n/rules';
import { pageMessages } from '../../app/page-messages';

/** shopping §9: package submit waits 100 ms first. */
export const PACKAGE_SUBMIT_WAIT_MS = 100;
/** shopping §9: exchange add-to-cart failure toast. */
export const EXCHANGE_FAILURE_TOAST_MS = 5000;
/** shopping §3 Loyalty config: goldPid default. */
export const GOLD_PID = 128269;
/** The cart takes at most 10 of an item. */
export const MAX_BOXES = 10;

export type PowerSubmission = 'self-from-pdp' | 'later-on-checkout-or-call' | 'jit-usecase' | 'power-not-required';

const entered = (sph: string | undefined) => sph !== undefined && sph !== '' && sph !== POWER_LATER;

/**
 * shopping §4 Power-submission classification of a cart item, in the spec's order (the cart area
 * stores the same): self-from-pdp when an sph was entered; later-on-checkout-or-call when the
 * shopper chose to send it later; jit-usecase for made-to-order products; otherwise
 * power-not-required (plano, POWER_NOT_REQUIRED, or an empty sph).
 */
export function powerSubmissionOf(input: {
  product: Pick<Product, 'isPlano' | 'powerRequired' | 'jit'>;
  prescription?: { left: EyePower; right: EyePower } | null;
  powerLater?: boolean;
}): PowerSubmission {
  const { product, prescription, powerLater } = input;
  if (prescription && (entered(prescription.left.sph) || entered(prescription.right.sph))) return 'self-from-pdp';
  if (powerLater || prescription?.left.sph === POWER_LATER || prescription?.right.sph === POWER_LATER) return 'later-on-checkout-or-call';
  if (product.jit && !product.isPlano && product.powerRequired !== 'POWER_NOT_REQUIRED') return 'jit-usecase';
  return 'power-not-required';
}

/** shopping §4 Contact-lens prescription validation: JIT is always valid; otherwise result[0].isSuccess. */
export function isPrescriptionValid(jit: boolean | undefined, validation: PowerValidation | null | undefined): boolean {
  if (jit) return true;
  return validation?.[0]?.isSuccess === true;
}

/** shopping §8: a 422 on add to cart alerts 'This product is Out of Stock !' when the message says so, else the message. */
export function addFailureAlert(message: string): string {
  return /out of stock/i.test(message) ? pageMessages.defaults.outOfStockAlert : message;
}

/** What the lens flow offers: a power type, or the frame alone. */
export type LensChoice = Exclude<PowerType, 'CONTACT_LENS'> | 'FRAME_ONLY';

/** Power types a product offers the shopper, in the order the page shows them. */
export function powerTypesFor(product: Pick<Product, 'classification' | 'powerRequired'>): LensChoice[] {
  if (product.classification === 'eyeframe') return ['SINGLE_VISION', 'BIFOCAL', 'PROGRESSIVE', 'ZERO_POWER', 'FRAME_ONLY'];
  if (product.classification === 'sunglasses') return ['FRAME_ONLY', 'SUNGLASSES'];
  return [];
}
