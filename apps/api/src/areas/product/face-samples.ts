/**
 * Real faces for the API's tests (issue 43): the sample photos that ship in @vladmandic/human's
 * npm package, through @eyewear/face's test helpers (JPEG decoding, crops, warps) and its Node
 * detector (the model on tfjs's WASM backend, the one the browser runs). Tests only: nothing of
 * the API imports it, and the API's images install without the model (a devDependency).
 *
 * The helpers are required, not imported: their types name the browser's `ImageData`, which the
 * API's compilation (no DOM lib) does not know; the few members used are typed here.
 */
import { type FaceLandmarks } from '@eyewear/face/geometry';
import { encodePng } from './png-fixtures';

export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}
type Affine = [number, number, number, number, number, number];

interface ImageHelpers {
  sampleImage(file: string): Rgba;
  crop(image: Rgba, x: number, y: number, width: number, height: number): Rgba;
  onCanvas(face: Rgba, zoom: number, pad?: number): Rgba;
  warp(image: Rgba, map: Affine, width: number, height: number): Rgba;
  rotateMap(degrees: number, cx: number, cy: number): Affine;
  warmBackground(width: number, height: number): Rgba;
}
interface NodeDetector {
  detector: { detectFace(input: Rgba): Promise<FaceLandmarks | null> };
  close(): Promise<void>;
}

/* eslint-disable @typescript-eslint/no-require-imports */
const images = require('@eyewear/face/testing/images') as ImageHelpers;
const { nodeFaceDetector } = require('@eyewear/face/testing/node-detector') as { nodeFaceDetector(): Promise<NodeDetector> };
/* eslint-enable @typescript-eslint/no-require-imports */

export { nodeFaceDetector };
export const { warp, rotateMap, warmBackground } = images;

const match = () => images.sampleImage('screenshot-facematch.jpg');
/** Three faces of the package's photos, each cropped and enlarged onto a grey canvas (as libs/face's detector tests take them). */
export const faces = {
  /** The gallery's selected face, lighter skin. */
  lighter: () => images.onCanvas(images.crop(match(), 0, 30, 175, 165), 2),
  /** The face ID photo: lighter skin, a face close to the camera with sharp irises. */
  faceId: () => images.onCanvas(images.crop(images.sampleImage('screenshot-faceid.jpg'), 10, 136, 150, 150), 2.5),
  /** A gallery face with darker skin. */
  darker: () => images.onCanvas(images.crop(match(), 333, 612, 100, 100), 3.5),
};

/** The gallery's lighter face (its crop, enlarged 2x, without the grey canvas) on a warm, skin-coloured background: what the old RGB skin rule measures as face. */
export function lighterOnWarmBackground(): Rgba {
  const face = images.onCanvas(images.crop(match(), 0, 30, 175, 165), 2, 1);
  const width = Math.round(face.width * 1.6);
  const height = Math.round(face.height * 1.6);
  const out = warmBackground(width, height);
  const left = Math.round((width - face.width) / 2);
  const top = Math.round((height - face.height) / 2);
  for (let y = 0; y < face.height; y += 1) out.data.set(face.data.subarray(y * face.width * 4, (y + 1) * face.width * 4), ((top + y) * width + left) * 4);
  return out;
}

/** The image as the browser's own mirror look (a second look at one face for the measure). */
export const mirrored = (image: Rgba): Rgba => warp(image, [-1, 0, 0, 1, image.width, 0], image.width, image.height);

/** The photo drawn into 300x240, scaled to cover and centred: what the previous frame-size page sent as PNG. */
export function guidePhoto(image: Rgba): Rgba {
  const scale = Math.max(300 / image.width, 240 / image.height);
  return warp(image, [scale, 0, 0, scale, (300 - image.width * scale) / 2, (240 - image.height * scale) / 2], 300, 240);
}

/** The image as a PNG file. */
export function pngOf(image: Rgba): Buffer {
  return encodePng(image.width, image.height, (x, y) => {
    const i = (y * image.width + x) * 4;
    return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, 255];
  });
}
