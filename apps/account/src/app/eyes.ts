import { type PrescriptionInput } from '@eyewear/api-client';
import { formatPower } from '@eyewear/i18n/rules';

/** The fields of one eye of a prescription, as typed in a form. */
export const EYE_FIELDS = ['sph', 'cyl', 'axis', 'pd'] as const;
export type Eye = Record<(typeof EYE_FIELDS)[number], string>;
export const emptyEye: Eye = { sph: '', cyl: '', axis: '', pd: '' };

/** The form values of a saved eye (empty where it has none). */
export const eyeOf = (eye?: Partial<Record<keyof Eye, string | null>>): Eye => ({
  sph: eye?.sph ?? '',
  cyl: eye?.cyl ?? '',
  axis: eye?.axis ?? '',
  pd: eye?.pd ?? '',
});

/** Drops empty fields; signs dioptres the way the selectors write them ('-1.25', '+0.50'). */
export function eyeInput(eye: Eye): PrescriptionInput['left'] {
  const out: Record<string, string> = {};
  for (const key of EYE_FIELDS) {
    const value = eye[key].trim();
    if (!value) continue;
    if (key === 'sph' || key === 'cyl') {
      const n = Number(value);
      out[key] = Number.isFinite(n) ? formatPower(n) : value;
    } else out[key] = value;
  }
  return out;
}
