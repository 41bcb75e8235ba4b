import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An RGBA PNG drawn by `paint(x, y)`; rows alternate filters so the decoder meets several. */
export function encodePng(width: number, height: number, paint: (x: number, y: number) => [number, number, number, number]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 4);
    const filter = y % 3 === 1 ? 1 : 0; // 0 none, 1 sub
    row[0] = filter;
    let prev = [0, 0, 0, 0];
    for (let x = 0; x < width; x += 1) {
      const px = paint(x, y);
      for (let c = 0; c < 4; c += 1) row[1 + x * 4 + c] = filter === 1 ? (px[c]! - prev[c]! + 256) & 0xff : px[c]!;
      prev = px;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SKIN: [number, number, number, number] = [224, 172, 140, 255];
const BACKDROP: [number, number, number, number] = [70, 110, 160, 255];

/** A face photo stand-in: a skin-coloured ellipse `faceShare` of the width across, on a blue wall. */
export function facePhoto(faceShare: number, width = 300, height = 240): Buffer {
  const a = (faceShare * width) / 2;
  const b = height * 0.4;
  return encodePng(width, height, (x, y) => ((x - width / 2) ** 2 / a ** 2 + (y - height / 2) ** 2 / b ** 2 <= 1 ? SKIN : BACKDROP));
}
