/**
 * Lens powers: the notation, the steps and the ranges a shopper may choose, one definition for
 * the API (it offers and validates them), the contract (it checks their shape) and the forms.
 * The specs name the parameters (account.md §3 "Prescription/powers: left and right eye objects
 * keyed by power parameter (sph, pd, ap, other numeric fields, boxes)") but give no ranges:
 * these are the lens lab's.
 */
import { POWER_LATER } from './power-display';

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

/** The typed fields of one eye of a prescription; ADD only for bifocal and progressive lenses. */
export const EYE_POWER_FIELDS = ['sph', 'cyl', 'axis', 'ap', 'pd'] as const;
export type EyePowerField = (typeof EYE_POWER_FIELDS)[number];
/** One eye as a form or a request holds it: text per field, empty or missing where none. */
export type EyePowerValues = Partial<Record<EyePowerField | 'boxes' | 'colour', string | number | null | undefined>>;
/** The power types the checks know: the spectacle ones and contact lenses. */
export type LensPowerType = SpectaclePowerType | 'CONTACT_LENS';

/** Why a typed power is refused; the forms say each reason in their own words (`power_<reason>`). */
export type PowerProblem =
  | { reason: 'notNumber' }
  | { reason: 'step'; step: string }
  | { reason: 'range'; min: string; max: string }
  | { reason: 'list'; values: string }
  | { reason: 'axisNeeded' }
  | { reason: 'axisRange' }
  | { reason: 'axisSteps' }
  | { reason: 'axisWithoutCyl' }
  | { reason: 'pdRange'; min: string; max: string }
  | { reason: 'noAddition' }
  | { reason: 'zeroPower' };

const onStep = (n: number, step: number) => Math.abs(n / step - Math.round(n / step)) < 1e-9;

/** A dioptre against a range in quarter steps (half steps beyond `halfBeyond`, as contact lenses are made). */
function dioptreProblem(value: string, range: Range, halfBeyond?: number): PowerProblem | null {
  const n = Number(value);
  if (!/^[+-]?\d+(\.\d+)?$/.test(value) || !Number.isFinite(n)) return { reason: 'notNumber' };
  if (n < range[0] || n > range[1]) return { reason: 'range', min: formatPower(range[0]), max: formatPower(range[1]) };
  if (halfBeyond !== undefined && Math.abs(n) > halfBeyond && !onStep(n, 0.5)) return { reason: 'step', step: '0.50' };
  if (!onStep(n, POWER_STEP)) return { reason: 'step', step: POWER_STEP.toFixed(2) };
  return null;
}

/**
 * What is wrong with one eye's powers for a power type, field by field, against the lab's
 * ranges and steps above (the one check of the forms and the API); an empty object when
 * nothing is. Empty fields and "power later" are fine, except an axis missing next to a
 * cylinder. A contact-lens cylinder of 0.00 is no cylinder.
 */
export function eyePowerProblems(eye: EyePowerValues, powerType: LensPowerType): Partial<Record<EyePowerField, PowerProblem>> {
  const out: Partial<Record<EyePowerField, PowerProblem>> = {};
  const v = (field: EyePowerField) => String(eye[field] ?? '').trim();
  const given = (field: EyePowerField) => v(field) !== '' && v(field) !== POWER_LATER;
  const contact = powerType === 'CONTACT_LENS';
  const ranges = isSpectaclePowerType(powerType) ? SPECTACLE_POWER_RANGES[powerType] : undefined;

  if (given('sph')) {
    let problem: PowerProblem | null;
    if (powerType === 'ZERO_POWER') problem = Number(v('sph')) === 0 ? null : { reason: 'zeroPower' };
    else if (contact) problem = dioptreProblem(v('sph'), CONTACT_LENS_SPHERE_RANGE, CONTACT_LENS_QUARTER_STEPS_UP_TO);
    else problem = ranges ? dioptreProblem(v('sph'), ranges.sph) : null;
    if (problem) out.sph = problem;
  }
  const cylinder = given('cyl') && Number(v('cyl')) !== 0;
  if (given('cyl')) {
    let problem: PowerProblem | null;
    if (contact)
      problem =
        !cylinder || CONTACT_LENS_CYLINDERS.includes(formatPower(Number(v('cyl')))) ? null : { reason: 'list', values: CONTACT_LENS_CYLINDERS.join(', ') };
    else if (!ranges?.cyl) problem = cylinder ? { reason: 'zeroPower' } : null;
    else problem = dioptreProblem(v('cyl'), ranges.cyl);
    if (problem) out.cyl = problem;
  }
  if (v('axis')) {
    if (!cylinder) out.axis = { reason: 'axisWithoutCyl' };
    else if (!AXIS_PATTERN.test(v('axis'))) out.axis = { reason: 'axisRange' };
    else if (contact && !CONTACT_LENS_AXES.includes(v('axis'))) out.axis = { reason: 'axisSteps' };
  } else if (cylinder && !out.cyl) out.axis = { reason: 'axisNeeded' };
  if (given('ap')) {
    const problem = ranges?.ap ? dioptreProblem(v('ap'), ranges.ap) : { reason: 'noAddition' as const };
    if (problem) out.ap = problem;
  }
  if (v('pd') && !isValidPd(v('pd'))) out.pd = { reason: 'pdRange', min: String(PD_MIN_MM), max: String(PD_MAX_MM) };
  return out;
}

/** Both eyes' problems keyed by the API's field names (`right.sph`), so server and form errors meet at one field. */
export function prescriptionProblems(powerType: LensPowerType, right: EyePowerValues, left: EyePowerValues): Record<string, PowerProblem> {
  const out: Record<string, PowerProblem> = {};
  for (const [side, eye] of [
    ['right', right],
    ['left', left],
  ] as const) {
    for (const [field, problem] of Object.entries(eyePowerProblems(eye, powerType))) out[`${side}.${field}`] = problem;
  }
  return out;
}

/** The API's sentence for a problem (the forms have their own, translated, in their catalogues). */
export function powerProblemText(problem: PowerProblem): string {
  switch (problem.reason) {
    case 'notNumber':
      return 'Enter a power such as -1.25 or +0.50';
    case 'step':
      return `Powers come in steps of ${problem.step}`;
    case 'range':
      return `This lens is made from ${problem.min} to ${problem.max}`;
    case 'list':
      return `Choose one of ${problem.values}`;
    case 'axisNeeded':
      return 'Enter the axis (0 to 180) that goes with the cylinder';
    case 'axisRange':
      return 'The axis is a whole number from 0 to 180';
    case 'axisSteps':
      return 'Toric contact lenses have an axis in steps of 10, from 10 to 180';
    case 'axisWithoutCyl':
      return 'An axis goes only with a cylinder (CYL)';
    case 'pdRange':
      return `PD is ${problem.min} to ${problem.max} mm per eye, such as 31.5`;
    case 'noAddition':
      return 'Only bifocal and progressive lenses have an addition (ADD)';
    case 'zeroPower':
      return 'Zero power lenses have no power: leave this empty or 0.00';
  }
}
