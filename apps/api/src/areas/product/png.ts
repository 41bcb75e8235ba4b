import { inflateSync } from 'node:zlib';
import { badRequest } from '../../http/errors';

export interface Bitmap {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row by row. */
  pixels: Uint8Array;
}

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
export const MAX_SIDE = 4096;

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Decodes an 8-bit RGB or RGBA PNG (what a browser canvas writes), not interlaced. Anything
 * else is refused with 400: the page converts photos to PNG before upload.
 */
export function decodePng(file: Buffer): Bitmap {
  const refuse = () => badRequest('Please upload the photo as a PNG image.', 'file');
  if (file.length < 45 || !file.subarray(0, 8).equals(SIGNATURE)) throw refuse();
  let offset = 8;
  let width = 0;
  let height = 0;
  let colourType = -1;
  const data: Buffer[] = [];
  while (offset + 8 <= file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (body.length !== length) throw refuse();
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      colourType = body[9] ?? -1;
      if (depth !== 8 || (colourType !== 2 && colourType !== 6) || body[12] !== 0)
        throw badRequest('This PNG format is not supported; please upload another photo.', 'file');
      if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) throw badRequest('The photo is too large.', 'file');
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      break;
    }
    offset += 12 + length;
  }
  if (!width || data.length === 0) throw refuse();
  const channels = colourType === 6 ? 4 : 3;
  const stride = width * channels;
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(data), { maxOutputLength: (stride + 1) * height + 1 });
  } catch {
    throw refuse();
  }
  if (raw.length < (stride + 1) * height) throw refuse();
  const pixels = new Uint8Array(width * height * 4);
  let previous = new Uint8Array(stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const current = new Uint8Array(stride);
    for (let x = 0; x < stride; x += 1) {
      const left = x >= channels ? current[x - channels]! : 0;
      const up = previous[x]!;
      const upLeft = x >= channels ? previous[x - channels]! : 0;
      const value = line[x]!;
      let out: number;
      switch (filter) {
        case 0:
          out = value;
          break;
        case 1:
          out = value + left;
          break;
        case 2:
          out = value + up;
          break;
        case 3:
          out = value + ((left + up) >> 1);
          break;
        case 4:
          out = value + paeth(left, up, upLeft);
          break;
        default:
          throw refuse();
      }
      current[x] = out & 0xff;
    }
    for (let x = 0; x < width; x += 1) {
      const to = (y * width + x) * 4;
      pixels[to] = current[x * channels]!;
      pixels[to + 1] = current[x * channels + 1]!;
      pixels[to + 2] = current[x * channels + 2]!;
      pixels[to + 3] = channels === 4 ? current[x * channels + 3]! : 255;
    }
    previous = current;
  }
  return { width, height, pixels };
}
