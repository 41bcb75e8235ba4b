import { POWER_LATER, type EyePower, type PowerOptions, type PowerType, type PowerValidation } from '@eyewear/api-client';
import { type SeedContactLensPowerRange } from '../../seed/types';

/** Power notation: explicit sign, two decimals, a bare 0.00 (as the selectors show it). */
export function formatPower(value: number): string {
  if (value === 0) return '0.00';
  return `${value > 0 ? '+' : '-'}${Math.abs(value).toFixed(2)}`;
}

function steps(from: number, to: number, step = 0.25): string[] {
  const out: string[] = [];
  for (let v = Math.round(from / step); v <= Math.round(to / step); v += 1) out.push(formatPower(v * step));
  return out;
}

const AXES = Array.from({ length: 181 }, (_, i) => String(i));

/**
 * Spectacle lens ranges per power type, as a lens lab makes them: single vision -20 to +12
 * with up to -6 cylinder; bifocal and progressive -12 to +8 with an addition of +0.75 to +3.50;
 * power sunglasses -8 to +6; zero power has no power to choose.
 */
export function frameLensRange(powerType: Exclude<PowerType, 'CONTACT_LENS'>): Omit<PowerOptions, 'productId'> {
  switch (powerType) {
    case 'SINGLE_VISION':
      return { powerType, sph: steps(-20, 12), cyl: steps(-6, 0), axis: AXES };
    case 'BIFOCAL':
    case 'PROGRESSIVE':
      return { powerType, sph: steps(-12, 8), cyl: steps(-4, 0), axis: AXES, ap: steps(0.75, 3.5) };
    case 'SUNGLASSES':
      return { powerType, sph: steps(-8, 6), cyl: steps(-4, 0), axis: AXES };
    case 'ZERO_POWER':
      return { powerType, sph: ['0.00'] };
  }
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

export const PD_MIN_MM = 25;
export const PD_MAX_MM = 40;

/** One eye's first problem against the allowed values, or null. */
function eyeProblem(eye: EyePower, range: Omit<PowerOptions, 'productId'>, needsAddition: boolean): string | null {
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
  if (needsAddition && (ap === '' || ap === POWER_LATER)) return 'Addition (ADD) power is required for this lens';
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
 * §3 validation result, read as result[0].isSuccess: the first entry is the verdict for the
 * order, then one entry per eye. Contact lenses are ordered per eye by boxes: an eye with no
 * boxes is not ordered and not checked, and at least one eye must have boxes.
 */
export function validatePowers(
  range: Omit<PowerOptions, 'productId'>,
  input: { left: EyePower; right: EyePower; isBothEye?: boolean },
): PowerValidation {
  const contact = range.powerType === 'CONTACT_LENS';
  const needsAddition = range.powerType === 'BIFOCAL' || range.powerType === 'PROGRESSIVE';
  const eyes = (['left', 'right'] as const).map((eye) => {
    const power = input.isBothEye && eye === 'left' ? { ...input.right, boxes: input.left.boxes ?? input.right.boxes } : input[eye];
    const ordered = !contact || (power.boxes ?? 0) > 0;
    const message = ordered ? eyeProblem(power, range, needsAddition) : null;
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
