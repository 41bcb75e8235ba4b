import { type PrescriptionInput } from '@eyewear/api-client';
import { formatPower } from '@eyewear/i18n/rules';

/** The fields of one eye of a prescription, as typed in a form (ADD only for bifocal and progressive lenses). */
export const EYE_FIELDS = ['sph', 'cyl', 'axis', 'ap', 'pd'] as const;
export type EyeField = (typeof EYE_FIELDS)[number];
export type Eye = Record<EyeField, string>;
export const emptyEye: Eye = { sph: '', cyl: '', axis: '', ap: '', pd: '' };

/** The dioptre fields: written with a sign and two decimals. */
export const DIOPTRE_FIELDS = new Set<EyeField>(['sph', 'cyl', 'ap']);

/** The form values of a saved eye (empty where it has none). */
export const eyeOf = (eye?: Partial<Record<EyeField, string | null>>): Eye => ({
  sph: eye?.sph ?? '',
  cyl: eye?.cyl ?? '',
  axis: eye?.axis ?? '',
  ap: eye?.ap ?? '',
  pd: eye?.pd ?? '',
});

/** Drops empty fields; signs dioptres the way the selectors write them ('-1.25', '+0.50'). */
export function eyeInput(eye: Eye): PrescriptionInput['left'] {
  const out: Record<string, string> = {};
  for (const key of EYE_FIELDS) {
    const value = eye[key].trim();
    if (!value) continue;
    if (DIOPTRE_FIELDS.has(key)) {
      const n = Number(value);
      out[key] = Number.isFinite(n) ? formatPower(n) : value;
    } else out[key] = value;
  }
  return out;
}
