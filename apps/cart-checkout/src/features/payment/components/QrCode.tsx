import { useMemo } from 'react';
import { create } from 'qrcode';

/** The quiet zone around the code, in modules (the QR standard asks for four). */
const MARGIN = 4;

/** The dark modules of a code as one SVG path (a 1x1 square per module). */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.data[row * modules.size + col]) parts.push(`M${col + MARGIN} ${row + MARGIN}h1v1h-1z`);
    }
  }
  return { size: modules.size + 2 * MARGIN, path: parts.join('') };
}

/** A scannable QR code of `text` (the `qrcode` library's modules drawn as SVG), named for screen readers by `label`. */
export function QrCode({ text, label, pixels = 232 }: { text: string; label: string; pixels?: number }) {
  const { size, path } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="qr-code"
      className="cc-qr"
      width={pixels}
      height={pixels}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <title>{label}</title>
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
