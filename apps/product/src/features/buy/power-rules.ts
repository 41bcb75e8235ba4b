import type { EyePower, PowerType } from '@eyewear/api-client';
import { AXIS_PATTERN, isValidPd, needsAddition, POWER_LATER } from '@eyewear/i18n/rules';

export type Eye = 'right' | 'left';
/** A check that failed: the key of its message in the page catalogue. */
export type PowerErrorKey = 'sphRequired' | 'axisRequired' | 'axisRange' | 'cylRequired' | 'apRequired' | 'pdRange';
export type EyeErrors = Partial<Record<'sph' | 'cyl' | 'axis' | 'ap' | 'pd' | 'boxes', PowerErrorKey>>;
export type PowerErrors = Partial<Record<Eye, EyeErrors>>;

/**
 * The power form's checks before anything is sent: SPH chosen, an axis (0-180) with a CYL and
 * a CYL with an axis, ADD for bifocal and progressive lenses, PD 25-40 mm per eye.
 * Contact lenses check only the eyes with boxes; the server check decides the rest. The errors
 * are message keys (the form shows the catalogue's text).
 */
export function checkPowers(powerType: PowerType, powers: Record<Eye, EyePower>): PowerErrors {
  const errors: PowerErrors = {};
  const contact = powerType === 'CONTACT_LENS';
  for (const eye of ['right', 'left'] as const) {
    const p = powers[eye];
    if (contact && !(p.boxes && p.boxes > 0)) continue;
    const e: EyeErrors = {};
    if (!p.sph) e.sph = 'sphRequired';
    if (p.sph !== POWER_LATER) {
      const hasCyl = !!p.cyl && Number(p.cyl) !== 0;
      if (hasCyl && !p.axis) e.axis = 'axisRequired';
      if (p.axis && !AXIS_PATTERN.test(p.axis)) e.axis = 'axisRange';
      else if (p.axis && !hasCyl) e.cyl = 'cylRequired';
      if (needsAddition(powerType) && !p.ap) e.ap = 'apRequired';
      if (p.pd && !isValidPd(p.pd)) e.pd = 'pdRange';
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

/** One field's new value in a power form's state. */
export function withPower(powers: Record<Eye, EyePower>, eye: Eye, field: keyof EyePower, value: string | number): Record<Eye, EyePower> {
  return { ...powers, [eye]: { ...powers[eye], [field]: value } };
}
