import type { EyePower, PowerType } from '@eyewear/api-client';
import { AXIS_PATTERN, isValidPd, needsAddition, POWER_LATER } from '@eyewear/i18n/rules';
import type { PageMessages } from '../../app/page-messages';

export type Eye = 'right' | 'left';
export type EyeErrors = Partial<Record<'sph' | 'cyl' | 'axis' | 'ap' | 'pd' | 'boxes', string>>;
export type PowerErrors = Partial<Record<Eye, EyeErrors>>;

/**
 * The power form's checks before anything is sent: SPH chosen, an axis (0-180) with a CYL and
 * a CYL with an axis, ADD for bifocal and progressive lenses, PD 25-40 mm per eye.
 * Contact lenses check only the eyes with boxes; the server check decides the rest.
 */
export function checkPowers(powerType: PowerType, powers: Record<Eye, EyePower>, m: PageMessages): PowerErrors {
  const errors: PowerErrors = {};
  const contact = powerType === 'CONTACT_LENS';
  for (const eye of ['right', 'left'] as const) {
    const p = powers[eye];
    if (contact && !(p.boxes && p.boxes > 0)) continue;
    const e: EyeErrors = {};
    if (!p.sph) e.sph = m.sphRequired;
    if (p.sph !== POWER_LATER) {
      const hasCyl = !!p.cyl && Number(p.cyl) !== 0;
      if (hasCyl && !p.axis) e.axis = m.axisRequired;
      if (p.axis && !AXIS_PATTERN.test(p.axis)) e.axis = m.axisRange;
      else if (p.axis && !hasCyl) e.cyl = m.cylRequired;
      if (needsAddition(powerType) && !p.ap) e.ap = m.apRequired;
      if (p.pd && !isValidPd(p.pd)) e.pd = m.pdRange;
    }
    if (Object.keys(e).length > 0) errors[eye] = e;
  }
  return errors;
}

export const hasErrors = (errors: PowerErrors) => Object.keys(errors).length > 0;

/** Only the fields with a value go to the server. */
export function cleanEye(p: EyePower): EyePower {
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== '' && v !== undefined)) as EyePower;
}
