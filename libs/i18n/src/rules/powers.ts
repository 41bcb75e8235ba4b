/**
 * Lens powers: the notation, the steps and the ranges a shopper may choose, one definition for
 * the API (it offers and validates them), the contract (it checks their shape) and the forms.
 * The specs name the parameters (account.md §3 "Prescription/powers: left and right eye objects
 * keyed by power parameter (sph, pd, ap, other numeric fields, boxes)") but give no ranges:
 * these are the lens lab's.
 */

/** Dioptres move in quarter steps. */
export const POWER_STEP = 0.25;

/** A dioptre value as the power selectors show it: sign, digits, two decimals ('-1.25', '+0.50', '0.00'). */
export const DIOPTRE_PATTERN = /^[+-]?\d{1,2}\.\d{2}$/;

/** Power notation: explicit sign, two decimals, a bare 0.00. */
export function formatPower(value: number): string {
  if (value === 0) return '0.00';
  return `${value > 0 ? '+' : '-'}${Math.abs(value).toFixed(2)}`;
}

/** The values from `from` to `to` (both included) in `step`s, in power notation. */
export function powerSteps(from: number, to: number, step = POWER_STEP): string[] {
  const out: string[] = [];
  for (let v = Math.round(from / step); v <= Math.round(to / step); v += 1) out.push(formatPower(v * step));
  return out;
}

/** Axis: whole degrees from 0 to 180, needed with a cylinder (CYL) and only with one. */
export const AXIS_MIN = 0;
export const AXIS_MAX = 180;
export const AXIS_PATTERN = /^(?:\d{1,2}|1[0-7]\d|180)$/;
export const AXIS_VALUES: readonly string[] = Array.from({ length: AXIS_MAX - AXIS_MIN + 1 }, (_, i) => String(AXIS_MIN + i));

/** Pupillary distance per eye (monocular), in mm, with at most one decimal. */
export const PD_MIN_MM = 25;
export const PD_MAX_MM = 40;
export const PD_PATTERN = /^\d{2}(\.\d)?$/;
export const isValidPd = (value: string): boolean => PD_PATTERN.test(value) && Number(value) >= PD_MIN_MM && Number(value) <= PD_MAX_MM;

export type SpectaclePowerType = 'SINGLE_VISION' | 'BIFOCAL' | 'PROGRESSIVE' | 'SUNGLASSES' | 'ZERO_POWER';
type Range = readonly [from: number, to: number];

/**
 * Spectacle lens ranges per power type, as the lab makes them: single vision -20 to +12 with up
 * to -6 cylinder; bifocal and progressive -12 to +8, cylinder to -4 and an addition (ADD) of
 * +0.75 to +3.50; power sunglasses -8 to +6, cylinder to -4; zero power has no power to choose.
 */
export const SPECTACLE_POWER_RANGES: Readonly<Record<SpectaclePowerType, { sph: Range; cyl?: Range; ap?: Range }>> = {
  SINGLE_VISION: { sph: [-20, 12], cyl: [-6, 0] },
  BIFOCAL: { sph: [-12, 8], cyl: [-4, 0], ap: [0.75, 3.5] },
  PROGRESSIVE: { sph: [-12, 8], cyl: [-4, 0], ap: [0.75, 3.5] },
  SUNGLASSES: { sph: [-8, 6], cyl: [-4, 0] },
  ZERO_POWER: { sph: [0, 0] },
};

export const isSpectaclePowerType = (value: unknown): value is SpectaclePowerType => typeof value === 'string' && value in SPECTACLE_POWER_RANGES;

/** Bifocal and progressive lenses need an addition (ADD) power. */
export const needsAddition = (powerType: string): boolean => isSpectaclePowerType(powerType) && SPECTACLE_POWER_RANGES[powerType].ap !== undefined;

/** The values a shopper may choose for a spectacle lens of this power type. */
export function spectaclePowerValues(powerType: SpectaclePowerType): { sph: string[]; cyl?: string[]; axis?: string[]; ap?: string[] } {
  const range = SPECTACLE_POWER_RANGES[powerType];
  return {
    sph: powerSteps(...range.sph),
    ...(range.cyl ? { cyl: powerSteps(...range.cyl), axis: [...AXIS_VALUES] } : {}),
    ...(range.ap ? { ap: powerSteps(...range.ap) } : {}),
  };
}

/**
 * Contact lenses: spheres from -12.00 to +8.00 in quarter steps up to ±6.00 and half steps
 * beyond, as lens makers stock them; toric lenses add these cylinders, with the axis in steps
 * of 10 degrees.
 */
export const CONTACT_LENS_SPHERE_RANGE: Range = [-12, 8];
export const CONTACT_LENS_QUARTER_STEPS_UP_TO = 6;
export const CONTACT_LENS_CYLINDERS: readonly string[] = ['-0.75', '-1.25', '-1.75', '-2.25'];
export const CONTACT_LENS_AXES: readonly string[] = Array.from({ length: 18 }, (_, i) => String((i + 1) * 10));

export function contactLensSpheres(): string[] {
  return powerSteps(...CONTACT_LENS_SPHERE_RANGE).filter((v) => {
    const value = Number(v);
    return Math.abs(value) <= CONTACT_LENS_QUARTER_STEPS_UP_TO || Number.isInteger(value * 2);
  });
}
