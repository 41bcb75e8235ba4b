import { FRONT_FRAME_IMAGE } from '@eyewear/face/geometry';
import { brandName, colourName } from '../seed/names';
import type { SeedProduct } from '../seed/types';

/**
 * Product images drawn as small standalone SVG documents, so the seed needs no binary assets
 * and every colour variant gets a picture in its own colour. Everything is inline: no fonts,
 * images or scripts from elsewhere, which keeps the files safe to serve from our own origin.
 */
export type ImageView = 'front' | 'side' | 'worn';

type Shape = NonNullable<SeedProduct['frameShape']>;

const SVG_NS = 'http://www.w3.org/2000/svg';
const BACKGROUND = '#f6f5f2';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch);
}

/** Mixes a #rrggbb colour towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  if (!Number.isFinite(value) || hex.length !== 7) return hex;
  const target = amount > 0 ? 255 : 0;
  const mix = (channel: number) => Math.round(channel + (target - channel) * Math.abs(amount));
  const rgb = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map(mix);
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

function roundedRect(w: number, h: number, r: number): string {
  const x = w / 2 - r;
  const y = h / 2 - r;
  return `M${-x} ${-h / 2}H${x}a${r} ${r} 0 0 1 ${r} ${r}V${y}a${r} ${r} 0 0 1 ${-r} ${r}H${-x}a${r} ${r} 0 0 1 ${-r} ${-r}V${-y}a${r} ${r} 0 0 1 ${r} ${-r}Z`;
}

function polygon(points: [number, number][]): string {
  return `M${points.map(([x, y]) => `${x} ${y}`).join('L')}Z`;
}

/**
 * One lens outline per shape, centred on the origin with the temple side towards +x, so the
 * left lens is the same path mirrored. `hw`/`hh` are the half width and height.
 */
const LENSES: Readonly<Record<Shape, { d: string; hw: number; hh: number }>> = {
  round: { d: 'M-82 0a82 82 0 1 0 164 0a82 82 0 1 0-164 0Z', hw: 82, hh: 82 },
  oval: { d: 'M-92 0a92 64 0 1 0 184 0a92 64 0 1 0-184 0Z', hw: 92, hh: 64 },
  rectangle: { d: roundedRect(190, 110, 16), hw: 95, hh: 55 },
  square: { d: roundedRect(170, 150, 22), hw: 85, hh: 75 },
  aviator: { d: 'M-82-60C-20-72 60-72 94-58C100 0 50 72-20 76C-70 78-88 30-82-60Z', hw: 94, hh: 72 },
  'cat-eye': { d: 'M-90-30C-70-60 40-60 96-72C98-20 70 58 0 58C-60 58-96 20-90-30Z', hw: 94, hh: 62 },
  wayfarer: { d: 'M-96-58L96-64Q102-60 97-42L80 50Q74 62 60 62L-64 58Q-80 56-84 44L-99-46Q-101-58-96-58Z', hw: 98, hh: 62 },
  geometric: {
    d: polygon([
      [-50, -75],
      [50, -75],
      [90, -35],
      [90, 35],
      [50, 75],
      [-50, 75],
      [-90, 35],
      [-90, -35],
    ]),
    hw: 90,
    hh: 75,
  },
  hexagonal: {
    d: polygon([
      [-45, -75],
      [45, -75],
      [90, 0],
      [45, 75],
      [-45, 75],
      [-90, 0],
    ]),
    hw: 90,
    hh: 75,
  },
  clubmaster: { d: 'M-92-40H92C96 20 70 66 20 66H-20C-70 66-96 20-92-40Z', hw: 94, hh: 66 },
};

const THIN_MATERIALS = /metal|titanium|steel/;

interface FrameStyle {
  lens: { d: string; hw: number; hh: number };
  colour: string;
  rim: number;
  lensFill: string;
  lensOpacity: string;
}

function frameStyle(product: SeedProduct): FrameStyle {
  const sun = product.classification === 'sunglasses';
  return {
    lens: LENSES[product.frameShape ?? 'rectangle'],
    colour: product.colourHex,
    rim: THIN_MATERIALS.test(product.material ?? '') ? 5 : 11,
    lensFill: sun ? shade(product.colourHex, -0.7) : '#dbe8ef',
    lensOpacity: sun ? '.85' : '.55',
  };
}

/** Both lenses, bridge and temple stubs, in the 600x300 front-view space. */
function frameFront(product: SeedProduct): string {
  const { lens, colour, rim, lensFill, lensOpacity } = frameStyle(product);
  const type = product.frameType ?? 'full-rim';
  // The lens centres both try-ons place the image by (@eyewear/face FRONT_FRAME_IMAGE).
  const [left, right] = FRONT_FRAME_IMAGE.lensCentres;
  const places = [`translate(${right.x} ${right.y})`, `translate(${left.x} ${left.y}) scale(-1 1)`];
  const lensAttrs = `d="${lens.d}" fill="${lensFill}" fill-opacity="${lensOpacity}"`;
  const parts: string[] = [];
  for (const at of places) {
    if (type === 'full-rim') {
      parts.push(`<path transform="${at}" ${lensAttrs} stroke="${colour}" stroke-width="${rim}"/>`);
    } else {
      // Half-rim and rimless lenses are held by a nylon line or screws; only part is frame.
      parts.push(`<path transform="${at}" ${lensAttrs} stroke="#9aa3ab" stroke-width="1.5"/>`);
      if (type === 'half-rim') parts.push(`<path transform="${at}" d="${lens.d}" fill="none" stroke="${colour}" stroke-width="${rim}" clip-path="url(#top)"/>`);
    }
  }
  if (product.frameShape === 'clubmaster') {
    parts.push(`<path d="M82 94H518V124H82Z" fill="${colour}"/>`);
  }
  if (product.frameShape === 'aviator') {
    // The aviator's straight top bar above the nose bridge.
    parts.push(`<path d="M250 88H350" stroke="${colour}" stroke-width="${rim}"/>`);
  }
  const inner = 300 - (120 - lens.hw);
  const hingeY = 150 - lens.hh + 18;
  const outer = 420 + lens.hw;
  return [
    type === 'half-rim' ? '<clipPath id="top"><rect x="-120" y="-100" width="240" height="96"/></clipPath>' : '',
    ...parts,
    `<path d="M${600 - inner} 128Q300 104 ${inner} 128" fill="none" stroke="${colour}" stroke-width="${Math.max(rim, 7)}"/>`,
    `<path d="M${outer - 4} ${hingeY}L${outer + 44} ${hingeY - 6}M${604 - outer} ${hingeY}L${556 - outer} ${hingeY - 6}" stroke="${shade(colour, -0.25)}" stroke-width="10" stroke-linecap="round"/>`,
  ].join('');
}

/** Temple arm in profile, with the frame front seen edge-on at the left. */
function frameSide(product: SeedProduct): string {
  const { lens, colour, rim, lensFill, lensOpacity } = frameStyle(product);
  const top = 150 - lens.hh;
  const arm = Math.max(rim - 2, 4);
  const tipDrop = product.gender === 'kids' ? 56 : 74;
  return [
    // The lens seen at a steep angle: the shape's outline squeezed to a sliver.
    `<path transform="translate(66 150) scale(.2 1)" d="${lens.d}" fill="${lensFill}" fill-opacity="${lensOpacity}" stroke="${colour}" stroke-width="3" vector-effect="non-scaling-stroke"/>`,
    `<rect x="82" y="${top}" width="${rim + 6}" height="${lens.hh * 2}" rx="4" fill="${colour}"/>`,
    `<path d="M${86 + rim} ${top + 20}L470 ${top + 30}Q530 ${top + 34} 552 ${top + 30 + tipDrop}" fill="none" stroke="${colour}" stroke-width="${arm}" stroke-linecap="round"/>`,
    `<circle cx="${92 + rim}" cy="${top + 20}" r="${arm / 2 + 3}" fill="${shade(colour, -0.3)}"/>`,
    `<path d="M500 ${top + 31}Q535 ${top + 36} 552 ${top + 30 + tipDrop}" fill="none" stroke="${shade(colour, -0.35)}" stroke-width="${arm + 3}" stroke-linecap="round"/>`,
  ].join('');
}

/** Neutral head-and-shoulders silhouette, wearing the front view scaled to face width. */
function frameWorn(product: SeedProduct): string {
  const skin = '#d9d3cc';
  const face = [
    `<path d="M120 450C130 370 200 350 300 350S470 370 480 450Z" fill="#bfc6cc"/>`,
    `<rect x="262" y="300" width="76" height="70" fill="${skin}"/>`,
    `<ellipse cx="176" cy="210" rx="16" ry="30" fill="${skin}"/><ellipse cx="424" cy="210" rx="16" ry="30" fill="${skin}"/>`,
    `<ellipse cx="300" cy="200" rx="124" ry="156" fill="${skin}"/>`,
    `<path d="M178 170C170 70 230 40 300 40S430 70 422 170C400 110 350 96 300 96S200 110 178 170Z" fill="#8d847c"/>`,
    `<ellipse cx="255" cy="205" rx="11" ry="6" fill="#5b5550"/><ellipse cx="345" cy="205" rx="11" ry="6" fill="#5b5550"/>`,
    `<path d="M300 215L290 262H306M272 298Q300 312 328 298" fill="none" stroke="#a59c94" stroke-width="4" stroke-linecap="round"/>`,
  ];
  return `${face.join('')}<g transform="translate(300 203) scale(.38) translate(-300 -150)">${frameFront(product)}</g>`;
}

/** Shadow and surface under a packshot, so every product sits on the same kind of table. */
function stage(w: number, h: number, view: ImageView): string {
  const floor = h - 40;
  return `<ellipse cx="${w / 2}" cy="${floor}" rx="${w * 0.3}" ry="12" fill="#000" fill-opacity=".08"/>${view === 'worn' ? `<path d="M0 ${floor}H${w}" stroke="#e2ddd5" stroke-width="2"/>` : ''}`;
}

function label(x: number, y: number, text: string, size: number, fill: string): string {
  return `<text x="${x}" y="${y}" font-family="sans-serif" font-size="${size}" text-anchor="middle" fill="${fill}">${escapeXml(text)}</text>`;
}

function lensBox(product: SeedProduct, view: ImageView): string {
  const c = product.colourHex;
  const count = product.packSize === undefined ? '' : `${product.packSize} lenses`;
  const box = `<rect x="-100" y="-80" width="200" height="160" rx="6" fill="${c}"/><rect x="-100" y="10" width="200" height="36" fill="#fff"/><circle cx="0" cy="-28" r="26" fill="${shade(c, 0.6)}" stroke="#fff" stroke-width="4"/>${label(0, 34, count, 18, c)}`;
  if (view === 'front') return `<g transform="translate(300 140)">${box}</g>`;
  const sideFaces = `<path d="M100-80L150-110V50L100 80Z" fill="${shade(c, -0.3)}"/><path d="M-100-80L-50-110H150L100-80Z" fill="${shade(c, 0.3)}"/>`;
  if (view === 'side') return `<g transform="translate(280 150)">${sideFaces}${box}</g>`;
  return `<g transform="translate(250 320)">${sideFaces}${box}</g><g transform="translate(450 375)"><rect x="-50" y="-30" width="100" height="60" rx="8" fill="#eef1f3" stroke="${c}" stroke-width="3"/><circle r="18" fill="${shade(c, 0.7)}"/></g>`;
}

function bottle(product: SeedProduct, view: ImageView): string {
  const c = product.colourHex;
  const body = `<rect x="-55" y="-70" width="110" height="170" rx="24" fill="${c}"/><rect x="-26" y="-106" width="52" height="40" rx="6" fill="${shade(c, -0.35)}"/><rect x="-55" y="-10" width="110" height="56" fill="#fff"/><circle cx="0" cy="18" r="14" fill="${shade(c, 0.5)}"/>`;
  const lensCase = `<g transform="translate(130 70)"><circle cx="-22" r="20" fill="${shade(c, 0.6)}" stroke="${c}" stroke-width="3"/><circle cx="22" r="20" fill="${shade(c, 0.6)}" stroke="${c}" stroke-width="3"/></g>`;
  if (view === 'front') return `<g transform="translate(300 150)">${body}</g>`;
  if (view === 'side') return `<g transform="translate(260 150) rotate(-6)">${body}${lensCase}</g>`;
  return `<g transform="translate(260 300)">${body}${lensCase}</g>`;
}

function accessory(product: SeedProduct, view: ImageView): string {
  const c = product.colourHex;
  const name = product.modelName.toLowerCase();
  let shape: string;
  if (/case|sleeve/.test(name)) {
    shape = `<rect x="-180" y="-60" width="360" height="120" rx="60" fill="${c}"/><path d="M-178 0H178" stroke="${shade(c, -0.35)}" stroke-width="4"/><rect x="-20" y="-8" width="40" height="16" rx="4" fill="${shade(c, 0.4)}"/>`;
  } else if (/chain|strap/.test(name)) {
    shape = `<path d="M-200-40C-150 80 150 80 200-40" fill="none" stroke="${c}" stroke-width="8" stroke-dasharray="2 14" stroke-linecap="round"/><circle cx="-200" cy="-40" r="10" fill="${shade(c, -0.3)}"/><circle cx="200" cy="-40" r="10" fill="${shade(c, -0.3)}"/>`;
  } else {
    shape = `<path d="M-120-70H120L110 80H-110Z" fill="${c}"/><rect x="-90" y="-20" width="180" height="50" fill="#fff"/>${label(0, 12, 'lens care', 20, c)}`;
  }
  if (view === 'front') return `<g transform="translate(300 150)">${shape}</g>`;
  if (view === 'side') return `<g transform="translate(300 150) rotate(-10) scale(.9)">${shape}</g>`;
  return `<g transform="translate(300 330)">${shape}</g>`;
}

function membershipCard(product: SeedProduct, view: ImageView): string {
  const c = product.colourHex;
  const days = product.membershipDays === undefined ? '' : `${product.membershipDays} days`;
  const card = `<rect x="-170" y="-105" width="340" height="210" rx="18" fill="${c}"/><path d="M-170 40H170" stroke="${shade(c, 0.35)}" stroke-width="22"/><path d="M-120-70l9 18 20 3-14 14 3 20-18-9-18 9 3-20-14-14 20-3Z" fill="#fff"/>${label(60, -30, 'GOLD', 40, '#fff')}${label(100, 90, days, 18, shade(c, -0.5))}`;
  if (view === 'front') return `<g transform="translate(300 150)">${card}</g>`;
  if (view === 'side') return `<g transform="translate(300 150) skewX(-14) scale(.85 1)">${card}</g>`;
  return `<g transform="translate(300 240) rotate(-8)">${card}</g>`;
}

function isFrame(product: SeedProduct): boolean {
  return product.classification === 'eyeframe' || product.classification === 'sunglasses';
}

function artwork(product: SeedProduct, view: ImageView): string {
  if (isFrame(product)) {
    if (view === 'front') return frameFront(product);
    if (view === 'side') return frameSide(product);
    return frameWorn(product);
  }
  switch (product.classification) {
    case 'contact_lens':
      return lensBox(product, view);
    case 'contact_lens_solution':
      return bottle(product, view);
    case 'loyalty_services':
    case 'services':
      return membershipCard(product, view);
    default:
      return accessory(product, view);
  }
}

/** A complete SVG document for one product view: 600x300 (front, side) or 600x450 (worn). */
export function drawProductImage(product: SeedProduct, view: ImageView): string {
  const width = 600;
  const height = view === 'worn' ? 450 : 300;
  const colour = product.frameColour ?? colourName(product.colourHex);
  const title = `${brandName(product.brandId)} ${product.modelName} – ${colour} (${view})`;
  const ground = isFrame(product) ? '' : stage(width, height, view);
  return (
    `<svg xmlns="${SVG_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    `<rect width="${width}" height="${height}" fill="${BACKGROUND}"/>` +
    ground +
    artwork(product, view) +
    '</svg>'
  );
}
