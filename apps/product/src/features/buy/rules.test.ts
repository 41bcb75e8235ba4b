import { POWER_LATER } from '@eyewear/i18n/rules';
import { addFailureAlert, isPrescriptionValid, powerSubmissionOf, powerTypesFor } from './rules';

const frame = { isPlano: false, powerRequired: 'POWER_REQUIRED' as const, jit: false };

describe('power-submission classification', () => {
  it('is self-from-pdp when an sph was entered', () => {
    expect(powerSubmissionOf({ product: frame, prescription: { left: { sph: '-1.00' }, right: { sph: '' } } })).toBe('self-from-pdp');
  });
  it('is later-on-checkout-or-call when the shopper sends the power later', () => {
    expect(powerSubmissionOf({ product: frame, powerLater: true })).toBe('later-on-checkout-or-call');
    expect(powerSubmissionOf({ product: frame, prescription: { left: { sph: POWER_LATER }, right: { sph: POWER_LATER } } })).toBe('later-on-checkout-or-call');
  });
  it('is jit-usecase for made-to-order products', () => {
    expect(powerSubmissionOf({ product: { ...frame, jit: true } })).toBe('jit-usecase');
    expect(powerSubmissionOf({ product: { ...frame, jit: true }, prescription: { left: { sph: '-1.00' }, right: {} } })).toBe('self-from-pdp');
  });
  it('is power-not-required for plano, POWER_NOT_REQUIRED, or an empty sph', () => {
    expect(powerSubmissionOf({ product: { ...frame, isPlano: true, jit: true } })).toBe('power-not-required');
    expect(powerSubmissionOf({ product: { ...frame, powerRequired: 'POWER_NOT_REQUIRED' } })).toBe('power-not-required');
    expect(powerSubmissionOf({ product: frame, prescription: { left: { sph: '' }, right: { sph: '' } } })).toBe('power-not-required');
  });
});

describe('buying rules', () => {
  it('reads contact-lens validity: JIT always valid, else result[0].isSuccess', () => {
    expect(isPrescriptionValid(true, [{ isSuccess: false }])).toBe(true);
    expect(isPrescriptionValid(false, [{ isSuccess: false }, { isSuccess: true }])).toBe(false);
    expect(isPrescriptionValid(false, [{ isSuccess: true }])).toBe(true);
    expect(isPrescriptionValid(false, null)).toBe(false);
  });
  it('alerts the out-of-stock text or the server message', () => {
    expect(addFailureAlert('Sorry, this product is out of stock')).toBe('This product is Out of Stock !');
    expect(addFailureAlert('Only 1 left in stock')).toBe('Only 1 left in stock');
  });
  it('offers a frame the four power types and the frame alone, sunglasses the frame or power sunglasses', () => {
    expect(powerTypesFor({ classification: 'eyeframe', powerRequired: 'POWER_REQUIRED' })).toEqual([
      'SINGLE_VISION',
      'BIFOCAL',
      'PROGRESSIVE',
      'ZERO_POWER',
      'FRAME_ONLY',
    ]);
    expect(powerTypesFor({ classification: 'sunglasses', powerRequired: 'POWER_NOT_REQUIRED' })).toEqual(['FRAME_ONLY', 'SUNGLASSES']);
    expect(powerTypesFor({ classification: 'contact_lens', powerRequired: 'POWER_REQUIRED' })).toEqual([]);
  });
});
