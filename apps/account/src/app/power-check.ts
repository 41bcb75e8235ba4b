import { type PowerType } from '@eyewear/api-client';
import {
  AXIS_PATTERN,
  CONTACT_LENS_AXES,
  CONTACT_LENS_CYLINDERS,
  CONTACT_LENS_QUARTER_STEPS_UP_TO,
  CONTACT_LENS_SPHERE_RANGE,
  PD_MAX_MM,
  PD_MIN_MM,
  POWER_LATER,
  POWER_STEP,
  SPECTACLE_POWER_RANGES,
  formatPower,
  isSpectaclePowerType,
  isValidPd,
} from '@eyewear/i18n/rules';
import { formatMessage } from '@eyewear/i18n';
import { type Eye, type EyeField } from './eyes';
import { type sectionMessages } from './section-messages';

/** Why a typed power is refused: each reason has its sentence in the catalogue (`power_<reason>`). */
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

type Range = readonly [number, number];
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
 * What is wrong with one eye's typed powers for a power type, field by field (the lens lab's
 * ranges and steps of `@eyewear/i18n/rules`); an empty object when nothing is. Empty fields
 * are fine, except an axis missing next to a cylinder.
 */
export function eyeProblems(eye: Eye, powerType: PowerType): Partial<Record<EyeField, PowerProblem>> {
  const out: Partial<Record<EyeField, PowerProblem>> = {};
  const v = (field: EyeField) => eye[field].trim();
  const given = (field: EyeField) => v(field) !== '' && v(field) !== POWER_LATER;
  const contact = powerType === 'CONTACT_LENS';
  const ranges = isSpectaclePowerType(powerType) ? SPECTACLE_POWER_RANGES[powerType] : undefined;

  if (given('sph')) {
    const problem =
      powerType === 'ZERO_POWER'
        ? Number(v('sph')) === 0
          ? null
          : { reason: 'zeroPower' as const }
        : dioptreProblem(v('sph'), contact ? CONTACT_LENS_SPHERE_RANGE : ranges!.sph, contact ? CONTACT_LENS_QUARTER_STEPS_UP_TO : undefined);
    if (problem) out.sph = problem;
  }
  const cylinder = given('cyl') && Number(v('cyl')) !== 0;
  if (given('cyl')) {
    let problem: PowerProblem | null;
    if (contact)
      problem = CONTACT_LENS_CYLINDERS.includes(formatPower(Number(v('cyl')))) ? null : { reason: 'list', values: CONTACT_LENS_CYLINDERS.join(', ') };
    else if (!ranges?.cyl) problem = Number(v('cyl')) === 0 ? null : { reason: 'zeroPower' };
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

/** Both eyes' problems keyed by the API's field names (`right.sph`), so server and form errors share one place. */
export function prescriptionProblems(powerType: PowerType, right: Eye, left: Eye): Record<string, PowerProblem> {
  const out: Record<string, PowerProblem> = {};
  for (const [side, eye] of [
    ['right', right],
    ['left', left],
  ] as const) {
    for (const [field, problem] of Object.entries(eyeProblems(eye, powerType))) out[`${side}.${field}`] = problem!;
  }
  return out;
}

/** The sentence of a problem, from the section catalogue. */
export const problemText = (m: (typeof sectionMessages)['defaults'], problem: PowerProblem) =>
  formatMessage(m[`power_${problem.reason}`], problem as unknown as Record<string, string>);
