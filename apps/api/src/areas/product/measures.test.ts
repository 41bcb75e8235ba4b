import { POWER_LATER } from '@eyewear/i18n/rules';
import { EXPRESS_FEE } from '../cart/config';
import { frameSizeFor, NO_FACE } from './face-width';
import { encodePng, facePhoto } from './png-fixtures';
import { decodePng } from './png';
import { contactLensRange, frameLensRange, validatePowers } from './powers';
import { addDeliveryDays, estimate, zoneOf } from './shipping';
import { type ProductRow } from './catalogue';

describe('frame size from a face photo', () => {
  it('decodes the PNG a canvas writes', () => {
    const image = decodePng(encodePng(4, 3, (x, y) => [x * 10, y * 20, 7, 255]));
    expect(image).toMatchObject({ width: 4, height: 3 });
    expect(Array.from(image.pixels.slice((2 * 4 + 3) * 4, (2 * 4 + 3) * 4 + 4))).toEqual([30, 40, 7, 255]);
  });

  it.each([
    [0.36, 'extraNarrow', 24072],
    [0.41, 'narrow', 24070],
    [0.43, 'medium', 11341],
    [0.46, 'wide', 24069],
    [0.5, 'extraWide', 24071],
  ])('a face %s of the width is %s (%s)', (share, frameSize, frameSizeId) => {
    const result = frameSizeFor(decodePng(facePhoto(share)));
    expect(result).toMatchObject({ frameSize, frameSizeId });
    expect(result.faceWidthMm).toBeCloseTo(share * 300, -1);
  });

  it('refuses a photo without a face, and what is not a PNG', () => {
    expect(() => frameSizeFor(decodePng(encodePng(50, 40, () => [20, 40, 200, 255])))).toThrow(NO_FACE);
    expect(() => decodePng(Buffer.from('GIF89a not a png at all, clearly not a png file'))).toThrow('Please upload the photo as a PNG image.');
  });
});

describe('power checks', () => {
  const single = frameLensRange('SINGLE_VISION');
  const progressive = frameLensRange('PROGRESSIVE');
  const contact = contactLensRange({ productId: 1, sph: ['-1.00', '-0.75', '0.00', '+1.00'], cyl: [], axis: [], boxes: [1, 2, 4] });

  it('accepts powers in range, and power supplied later', () => {
    expect(validatePowers(single, { left: { sph: '-1.25', cyl: '-0.50', axis: '90', pd: '31' }, right: { sph: POWER_LATER } })[0]).toEqual({
      isSuccess: true,
      eye: 'both',
    });
  });

  it.each([
    [{ sph: '' }, 'Right eye: Please select the spherical (SPH) power'],
    [{ sph: '-25.00' }, 'Right eye: SPH -25.00 is not available for this lens'],
    [{ sph: '-1.00', cyl: '-1.00' }, 'Right eye: Axis is required with a cylinder (CYL) power'],
    [{ sph: '-1.00', axis: '90' }, 'Right eye: A cylinder (CYL) power is required with an axis'],
    [{ sph: '-1.00', pd: '45' }, 'Right eye: Pupillary distance must be between 25 and 40 mm per eye'],
  ])('refuses %j', (right, message) => {
    const [verdict, left, rightEye] = validatePowers(single, { left: { sph: '0.00' }, right });
    expect(verdict).toEqual({ isSuccess: false, eye: 'both', message });
    expect(left).toMatchObject({ eye: 'left', isSuccess: true });
    expect(rightEye).toMatchObject({ eye: 'right', isSuccess: false });
  });

  it('progressive lenses need an addition', () => {
    expect(validatePowers(progressive, { left: { sph: '+1.00', ap: '+2.00' }, right: { sph: '+1.00' } })[0]).toMatchObject({
      isSuccess: false,
      message: 'Right eye: Addition (ADD) power is required for this lens',
    });
  });

  it('contact lenses check only the eyes with boxes, and need boxes for one eye', () => {
    expect(validatePowers(contact, { left: { sph: '-0.75', boxes: 2 }, right: { sph: '', boxes: 0 } })[0]).toEqual({ isSuccess: true, eye: 'both' });
    expect(validatePowers(contact, { left: { sph: '-0.75', boxes: 0 }, right: { boxes: 0 } })[0]).toMatchObject({
      isSuccess: false,
      message: 'Please choose the number of boxes for at least one eye',
    });
    expect(validatePowers(contact, { left: { sph: '-5.00', boxes: 1 }, right: { boxes: 0 } })[0]).toMatchObject({
      isSuccess: false,
      message: 'Left eye: SPH -5.00 is not available for this lens',
    });
    expect(validatePowers(contact, { left: { sph: '-1.00', cyl: '-0.75', axis: '10', boxes: 1 }, right: { boxes: 0 } })[0]).toMatchObject({
      isSuccess: false,
      message: 'Left eye: This lens has no cylinder (CYL) power',
    });
    expect(validatePowers(contact, { left: { sph: '-1.00', boxes: 3 }, right: { boxes: 0 } })[0]).toMatchObject({
      isSuccess: false,
      message: 'Left eye: 3 boxes cannot be ordered',
    });
    expect(validatePowers(contact, { left: { sph: '-1.00', boxes: 1 }, right: { sph: '+1.00', boxes: 1 } })[0]).toEqual({ isSuccess: true, eye: 'both' });
    const wide = contactLensRange({ productId: 1, sph: ['-6.00', '-1.00'], cyl: [], axis: [], boxes: [1] });
    expect(validatePowers(wide, { left: { sph: '-6.00', boxes: 1 }, right: { sph: '-1.00', boxes: 1 } })[0]).toEqual({
      isSuccess: false,
      eye: 'both',
      message: 'Please check your powers: the two eyes differ by more than 4.00.',
    });
    // Same power both eyes: the right eye's power is used for the left.
    expect(validatePowers(contact, { left: { boxes: 1 }, right: { sph: '+1.00', boxes: 1 }, isBothEye: true })[0]).toEqual({ isSuccess: true, eye: 'both' });
  });
});

describe('delivery estimate by zone', () => {
  const frame = (over: Partial<ProductRow['data']> = {}, stock = 5) =>
    ({ stock, data: { classification: 'sunglasses', powerRequired: 'POWER_NOT_REQUIRED', ...over } }) as unknown as ProductRow;
  // Monday 2026-11-23, 10:00 IST.
  const monday = new Date('2026-11-23T04:30:00Z');

  it('zones India pincodes and refuses malformed ones', () => {
    expect(zoneOf('in', '560001')).toEqual({ kind: 'metro', days: 2 });
    expect(zoneOf('in', '781001')).toEqual({ kind: 'remote', days: 7 });
    expect(zoneOf('in', '302001')).toEqual({ kind: 'standard', days: 4 });
    expect(zoneOf('in', '930001')).toEqual({ kind: 'unserved' });
    expect(() => zoneOf('in', '012345')).toThrow('Please enter a valid pincode');
    expect(() => zoneOf('us', '123456')).toThrow('Please enter a valid pincode');
    expect(zoneOf('us', '10001')).toEqual({ kind: 'standard', days: 6 });
    // The one pincode table (POSTCODE_RULES): a US ZIP+4 is a valid code here too, as in addresses.
    expect(zoneOf('us', '10001-1234')).toEqual({ kind: 'standard', days: 6 });
  });

  it('skips Sundays', () => {
    expect(addDeliveryDays(new Date('2026-11-27T10:00:00Z'), 2)).toBe('2026-11-30'); // Fri + 2 -> Mon
  });

  it('gives express next day in metros before the 16:00 cut-off, the day after past it', () => {
    expect(estimate({ now: monday, country: 'in', pincode: '560001', express: true, product: frame() })).toMatchObject({
      isExpress: true,
      estimatedDate: '2026-11-24',
      expressOptions: [{ id: 'express', fee: EXPRESS_FEE.INR }],
    }); // the fee checkout charges
    expect(estimate({ now: new Date('2026-11-23T11:00:00Z'), country: 'in', pincode: '560001', express: true, product: frame() }).estimatedDate).toBe(
      '2026-11-25',
    );
    expect(estimate({ now: monday, country: 'in', pincode: '302001', express: true, product: frame() })).toMatchObject({
      isExpress: false,
      expressOptions: [],
      estimatedDate: '2026-11-27',
      message: 'Express delivery is not available for this pincode.',
    });
  });

  it('adds lab days for frames with power lenses; says when it cannot deliver', () => {
    expect(
      estimate({
        now: monday,
        country: 'in',
        pincode: '560001',
        express: false,
        product: frame({ classification: 'eyeframe', powerRequired: 'POWER_REQUIRED' }),
      }).estimatedDate,
    ).toBe('2026-11-27');
    expect(estimate({ now: monday, country: 'in', pincode: '930001', express: false, product: frame() })).toMatchObject({
      serviceable: false,
      message: 'Sorry, we do not deliver to this pincode yet.',
    });
    expect(estimate({ now: monday, country: 'in', pincode: '560001', express: false, product: frame({}, 0) })).toMatchObject({
      serviceable: true,
      message: 'This product is out of stock.',
    });
  });
});
