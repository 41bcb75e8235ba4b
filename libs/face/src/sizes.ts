/**
 * Frame size classes by face width (cheekbone to cheekbone), the one copy: the API's
 * frame-size measure (apps/api/src/areas/product/face-width.ts) and the landmark measure of
 * this lib both class a width with it. Under 118 mm extra narrow, under 126 narrow, under 134
 * medium, under 142 wide, else extra wide (adult faces are about 120-145 mm across).
 */
export const SIZE_LIMITS_MM = [
  { below: 118, size: 'extraNarrow' },
  { below: 126, size: 'narrow' },
  { below: 134, size: 'medium' },
  { below: 142, size: 'wide' },
] as const;

export type FrameSizeClass = (typeof SIZE_LIMITS_MM)[number]['size'] | 'extraWide';

export const FRAME_SIZE_CLASSES: readonly FrameSizeClass[] = [...SIZE_LIMITS_MM.map((limit) => limit.size), 'extraWide'];

/** The size class of a face this many millimetres wide. */
export function sizeClass(mm: number): FrameSizeClass {
  return SIZE_LIMITS_MM.find((limit) => mm < limit.below)?.size ?? 'extraWide';
}
