// A clip for Chromium's fake camera (--use-file-for-fake-video-capture): a face photo that ships
// in @vladmandic/human's npm package (assets/screenshot-faceid.jpg), decoded with jpeg-js,
// enlarged onto a grey 640x480 picture and written as a Y4M file (YUV 4:2:0), a few frames
// Chromium plays in a loop (issue 43). The live try-on's journey (e2e/tests/live-try-on.spec.ts)
// and the bench's try-on step (tools/bench/try-on.mjs) make it in a temporary folder.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import jpeg from 'jpeg-js';

export const CLIP = { width: 640, height: 480, frames: 6, fps: 15 };

/** The face in the photo (its crop) and how it is put on the picture: enlarged 2.5x, centred. */
const FACE = { x: 10, y: 136, width: 150, height: 150, zoom: 2.5 };

/**
 * Where the clip's pupils are, in the camera's own (unmirrored) pixels: @eyewear/face's Node
 * detector (Human's WASM build, libs/face/src/testing/node-detector.ts) on faceFrame()'s picture,
 * run once when this clip was made (2026-11-29). The live try-on must put the frame's lens
 * centres here, whatever its own detection on the video says.
 */
export const CLIP_PUPILS = [
  { x: 268, y: 186 },
  { x: 364, y: 185 },
];

function humanAsset(file) {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@vladmandic/human')), '..', 'assets', file);
}

/**
 * The clip's picture, RGB, 640x480: the face ID photo's face, enlarged with bilinear sampling, on grey.
 * @returns {{ width: number, height: number, rgb: Uint8Array }}
 */
export function faceFrame() {
  const photo = jpeg.decode(readFileSync(humanAsset('screenshot-faceid.jpg')), { useTArray: true, formatAsRGBA: true });
  const { width, height } = CLIP;
  const rgb = new Uint8Array(width * height * 3).fill(128);
  const left = (width - FACE.width * FACE.zoom) / 2;
  const top = (height - FACE.height * FACE.zoom) / 2;
  const at = (x, y, c) => photo.data[(y * photo.width + x) * 4 + c];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = (x - left) / FACE.zoom;
      const sy = (y - top) / FACE.zoom;
      if (sx < 0 || sy < 0 || sx >= FACE.width - 1 || sy >= FACE.height - 1) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const px = FACE.x + x0;
      const py = FACE.y + y0;
      for (let c = 0; c < 3; c++) {
        const v = at(px, py, c) * (1 - fx) * (1 - fy) + at(px + 1, py, c) * fx * (1 - fy) + at(px, py + 1, c) * (1 - fx) * fy + at(px + 1, py + 1, c) * fx * fy;
        rgb[(y * width + x) * 3 + c] = Math.round(v);
      }
    }
  }
  return { width, height, rgb };
}

/** RGB to Y4M's 4:2:0 planes (BT.601, studio range, as Chromium's Y4M reader takes them). */
function toI420({ width, height, rgb }) {
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  const clamp = (n) => Math.max(0, Math.min(255, Math.round(n)));
  for (let i = 0, p = 0; p < width * height; p++, i += 3) y[p] = clamp(16 + 0.257 * rgb[i] + 0.504 * rgb[i + 1] + 0.098 * rgb[i + 2]);
  for (let row = 0; row < height; row += 2) {
    for (let col = 0; col < width; col += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dy, dx] of [
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
      ]) {
        const i = ((row + dy) * width + col + dx) * 3;
        r += rgb[i] / 4;
        g += rgb[i + 1] / 4;
        b += rgb[i + 2] / 4;
      }
      const k = (row / 2) * (width / 2) + col / 2;
      u[k] = clamp(128 - 0.148 * r - 0.291 * g + 0.439 * b);
      v[k] = clamp(128 + 0.439 * r - 0.368 * g - 0.071 * b);
    }
  }
  return Buffer.concat([y, u, v]);
}

/** Writes the clip into a new temporary folder; returns its path (remove its folder when done). */
export function writeFaceClip() {
  const frame = toI420(faceFrame());
  const parts = [Buffer.from(`YUV4MPEG2 W${CLIP.width} H${CLIP.height} F${CLIP.fps}:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < CLIP.frames; i++) parts.push(Buffer.from('FRAME\n'), frame);
  const file = join(mkdtempSync(join(tmpdir(), 'eyewear-camera-')), 'face.y4m');
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

/** Chromium's flags for a camera that plays the clip, asked without a prompt. */
export const fakeCameraArgs = (clip) => ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${clip}`];
