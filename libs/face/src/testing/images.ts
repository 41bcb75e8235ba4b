import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import jpeg from 'jpeg-js';
import { type Point } from '../geometry';
import { type RgbaImage } from '../detector';

/** Image helpers for the tests: decode the package's sample JPEGs, crop, and warp (scale, rotate, shift). */

const requireHere = createRequire(__filename);
/** @vladmandic/human's folder (its package.json is not exported: found from its main file). */
export const HUMAN_DIR = join(dirname(requireHere.resolve('@vladmandic/human')), '..');

export function decodeJpeg(path: string): RgbaImage {
  const image = jpeg.decode(readFileSync(path), { useTArray: true, formatAsRGBA: true });
  return { width: image.width, height: image.height, data: image.data };
}

export function sampleImage(file: string): RgbaImage {
  return decodeJpeg(join(HUMAN_DIR, 'assets', file));
}

export function crop(image: RgbaImage, x: number, y: number, width: number, height: number): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row += 1) {
    const from = ((y + row) * image.width + x) * 4;
    data.set(image.data.subarray(from, from + width * 4), row * width * 4);
  }
  return { width, height, data };
}

/** A 2D affine map: p' = (a x + c y + e, b x + d y + f). */
export type Affine = [number, number, number, number, number, number];

export const applyAffine = (m: Affine, p: Point): Point => ({ x: m[0] * p.x + m[2] * p.y + m[4], y: m[1] * p.x + m[3] * p.y + m[5] });

function invert(m: Affine): Affine {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

/**
 * The image under an affine map, into a width x height bitmap: bilinear sampling, averaging a
 * 2x2 neighbourhood per output pixel when shrinking; outside the source is mid grey.
 */
export function warp(image: RgbaImage, map: Affine, width: number, height: number): RgbaImage {
  const inverse = invert(map);
  const data = new Uint8ClampedArray(width * height * 4);
  const shrink = Math.hypot(inverse[0], inverse[1]) > 1.5;
  const offsets = shrink ? [-0.25, 0.25] : [0];
  const pixel = (x: number, y: number, channel: number) =>
    x < 0 || y < 0 || x >= image.width || y >= image.height ? 128 : image.data[(y * image.width + x) * 4 + channel]!;
  const sums = [0, 0, 0];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      sums.fill(0);
      for (const oy of offsets) {
        for (const ox of offsets) {
          const source = applyAffine(inverse, { x: x + 0.5 + ox, y: y + 0.5 + oy });
          const sx = source.x - 0.5;
          const sy = source.y - 0.5;
          const x0 = Math.floor(sx);
          const y0 = Math.floor(sy);
          const fx = sx - x0;
          const fy = sy - y0;
          for (let channel = 0; channel < 3; channel += 1) {
            const top = pixel(x0, y0, channel) * (1 - fx) + pixel(x0 + 1, y0, channel) * fx;
            const bottom = pixel(x0, y0 + 1, channel) * (1 - fx) + pixel(x0 + 1, y0 + 1, channel) * fx;
            sums[channel]! += top * (1 - fy) + bottom * fy;
          }
        }
      }
      const out = (y * width + x) * 4;
      for (let channel = 0; channel < 3; channel += 1) data[out + channel] = sums[channel]! / (offsets.length * offsets.length);
      data[out + 3] = 255;
    }
  }
  return { width, height, data };
}

export const scaleMap = (s: number): Affine => [s, 0, 0, s, 0, 0];
export const shiftMap = (dx: number, dy: number): Affine => [1, 0, 0, 1, dx, dy];
/** Rotation by `degrees` (clockwise on screen) about (cx, cy). */
export function rotateMap(degrees: number, cx: number, cy: number): Affine {
  const r = (degrees * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  return [cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy];
}

/** A face crop enlarged `zoom` times, centred on a grey canvas `pad` times its size (room to rotate and shift). */
export function onCanvas(face: RgbaImage, zoom: number, pad = 1.6): RgbaImage {
  const width = Math.round(face.width * zoom * pad);
  const height = Math.round(face.height * zoom * pad);
  return warp(face, [zoom, 0, 0, zoom, (width - face.width * zoom) / 2, (height - face.height * zoom) / 2], width, height);
}

/** A plain image with no face: a warm, skin-coloured gradient (what the old RGB skin rule took for a face). */
export function warmBackground(width: number, height: number): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      data[i] = 215 - Math.round((30 * y) / height);
      data[i + 1] = 150 - Math.round((20 * x) / width);
      data[i + 2] = 110;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}
