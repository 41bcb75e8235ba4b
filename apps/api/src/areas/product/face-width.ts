import { FRAME_SIZE_IDS, type FrameSizeResult } from '@eyewear/api-client';
import { sizeClass } from '@eyewear/face/sizes';
import { badRequest } from '../../http/errors';
import { type Bitmap } from './png';

/**
 * The frame-size measure (issue 6, item 6): simple and deterministic, no model.
 *
 * 1. Skin pixels: the classic RGB skin rule (Kovač et al.): R > 95, G > 40, B > 20,
 *    max - min > 15, |R - G| > 15, R > G and R > B, opaque.
 * 2. Each row's face span: from its leftmost to its rightmost skin pixel, rows with skin
 *    across at least 5 % of the width only (hair and background specks do not count).
 * 3. Face width: the 80th percentile of those spans (the cheekbones, not the chin), as a
 *    share of the photo's width.
 * 4. Millimetres: the page asks the shopper to fill the guide's oval, whose frame is 300 mm
 *    wide at the face (the 300x240 face image of account §9), so width mm = share x 300.
 * 5. Size: under 118 mm extra narrow, under 126 narrow, under 134 medium, under 142 wide,
 *    else extra wide (adult faces are about 120-145 mm across the cheekbones): the classes of
 *    @eyewear/face/sizes, shared with the face-landmark measure (libs/face, issue 43).
 */
export const GUIDE_WIDTH_MM = 300;
export const NO_FACE = 'We could not find a face in this photo. Please try another photo, facing the camera in good light.';

export function isSkin(r: number, g: number, b: number, a: number): boolean {
  return a > 200 && r > 95 && g > 40 && b > 20 && Math.max(r, g, b) - Math.min(r, g, b) > 15 && Math.abs(r - g) > 15 && r > g && r > b;
}

export function faceWidthRatio(image: Bitmap): number {
  const spans: number[] = [];
  const minimum = Math.max(2, Math.round(image.width * 0.05));
  for (let y = 0; y < image.height; y += 1) {
    let first = -1;
    let last = -1;
    let count = 0;
    for (let x = 0; x < image.width; x += 1) {
      const i = (y * image.width + x) * 4;
      if (isSkin(image.pixels[i]!, image.pixels[i + 1]!, image.pixels[i + 2]!, image.pixels[i + 3]!)) {
        if (first < 0) first = x;
        last = x;
        count += 1;
      }
    }
    if (count >= minimum) spans.push(last - first + 1);
  }
  if (spans.length < Math.max(3, image.height * 0.1)) throw badRequest(NO_FACE, 'file');
  spans.sort((a, b) => a - b);
  const at = spans[Math.min(spans.length - 1, Math.floor(spans.length * 0.8))]!;
  return at / image.width;
}

export function frameSizeFor(image: Bitmap): FrameSizeResult & { ratio: number; faceWidthMm: number } {
  const ratio = faceWidthRatio(image);
  const faceWidthMm = Math.round(ratio * GUIDE_WIDTH_MM * 10) / 10;
  const frameSize = sizeClass(faceWidthMm);
  return { frameSize, frameSizeId: FRAME_SIZE_IDS[frameSize], faceWidthMm, ratio };
}
