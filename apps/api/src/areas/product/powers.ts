import { type EyePower, type PowerOptions, type PowerType, type PowerValidation } from '@eyewear/api-client';
import { needsAddition, PD_MAX_MM, PD_MIN_MM, POWER_LATER, spectaclePowerValues } from '@eyewear/i18n/rules';
import { type SeedContactLensPowerRange } from '../../seed/types';

/** Spectacle lens ranges per power type: SPECTACLE_POWER_RANGES of @eyewear/i18n/rules. */
export function frameLensRange(powerType: Exclude<PowerType, 'CONTACT_LENS'>): Omit<PowerOptions, 'productId'> {
  return { powerType, ...spectaclePowerValues(powerType) };
}

export function contactLensRange(range: SeedContactLensPowerRange): Omit<PowerOptions, 'productId'> {
  return {
    powerType: 'CONTACT_LENS',
    sph: range.sph,
    ...(range.cyl.length > 0 ? { cyl: range.cyl, axis: range.axis } : {}),
    boxes: range.boxes,
  };
}

const sameValue = (list: readonly string[] | undefined, value: string) => (list ?? []).some((v) => Number(v) === Number(value));

/** One eye's first problem against the allowed values, or null. */
function eyeProblem(eye: EyePower, range: Omit<PowerOptions, 'productId'>, withAddition: boolean): string | null {
  const sph = eye.sph ?? '';
  if (sph === POWER_LATER) return null;
  if (sph === '') return 'Please select the spherical (SPH) power';
  if (!sameValue(range.sph, sph)) return `SPH ${sph} is not available for this lens`;
  const cyl = eye.cyl ?? '';
  const axis = eye.axis ?? '';
  const hasCyl = cyl !== '' && cyl !== POWER_LATER && Number(cyl) !== 0;
  if (hasCyl) {
    if (!range.cyl || !sameValue(range.cyl, cyl)) return range.cyl ? `CYL ${cyl} is not available for this lens` : 'This lens has no cylinder (CYL) power';
    if (axis === '') return 'Axis is required with a cylinder (CYL) power';
  } else if (axis !== '') {
    return 'A cylinder (CYL) power is required with an axis';
  }
  const ap = eye.ap ?? '';
  if (withAddition && (ap === '' || ap === POWER_LATER)) return 'Addition (ADD) power is required for this lens';
  if (ap !== '' && ap !== POWER_LATER && !sameValue(range.ap, ap)) return `ADD ${ap} is not available for this lens`;
  if (eye.pd !== undefined && eye.pd !== '') {
    const pd = Number(eye.pd);
    if (pd < PD_MIN_MM || pd > PD_MAX_MM) return `Pupillary distance must be between ${PD_MIN_MM} and ${PD_MAX_MM} mm per eye`;
  }
  if (range.boxes && eye.boxes !== undefined && eye.boxes > 0 && !range.boxes.includes(eye.boxes)) return `${eye.boxes} boxes cannot be ordered`;
  return null;
}

/**
 * Contact lenses for two eyes whose spheres differ by more than 4.00 D are almost always a
 * typing slip (a lost minus sign, a swapped digit): the order is held until the powers are
 * checked, as an optician would.
 */
export const MAX_SPH_DIFFERENCE = 4;
export const ANISOMETROPIA = 'Please check your powers: the two eyes differ by more than 4.00.';
function anisometropic(input: { left: EyePower; right: EyePower; isBothEye?: boolean }): boolean {
  if (input.isBothEye || !(input.left.boxes ?? 0) || !(input.right.boxes ?? 0)) return false;
  const [l, r] = [input.left.sph, input.right.sph].map((v) => (v && v !== POWER_LATER ? Number(v) : NaN));
  return Number.isFinite(l) && Number.isFinite(r) && Math.abs(l! - r!) > MAX_SPH_DIFFERENCE;
}

/**
 * shopping §3 validation result, read as result[0].isSuccess: the first entry is the verdict for the
 * order, then one entry per eye. Contact lenses are ordered per eye by boxes: an eye with no
 * boxes is not ordered and not checked, and at least one eye must have boxes.
 */
export function validatePowers(range: Omit<PowerOptions, 'productId'>, input: { left: EyePower; right: EyePower; isBothEye?: boolean }): PowerValidation {
  const contact = range.powerType === 'CONTACT_LENS';
  const eyes = (['left', 'right'] as const).map((eye) => {
    const power = input.isBothEye && eye === 'left' ? { ...input.right, boxes: input.left.boxes ?? input.right.boxes } : input[eye];
    const ordered = !contact || (power.boxes ?? 0) > 0;
    const message = ordered ? eyeProblem(power, range, needsAddition(range.powerType)) : null;
    return { eye, isSuccess: message === null, ...(message ? { message: `${eye === 'left' ? 'Left' : 'Right'} eye: ${message}` } : {}), ordered };
  });
  const failed = eyes.find((e) => !e.isSuccess);
  let verdict: PowerValidation[number];
  if (contact && !eyes.some((e) => e.ordered)) verdict = { isSuccess: false, eye: 'both', message: 'Please choose the number of boxes for at least one eye' };
  else if (failed) verdict = { isSuccess: false, eye: 'both', message: failed.message };
  else if (contact && anisometropic(input)) verdict = { isSuccess: false, eye: 'both', message: ANISOMETROPIA };
  else verdict = { isSuccess: true, eye: 'both' };
  return [verdict, ...eyes.map(({ ordered: _ordered, ...e }) => e)];
}
