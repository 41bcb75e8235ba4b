import { type BannerArt } from './content-seed';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 1200x360 banner: a gradient, a few frames drawn as outlines, the title and subtitle. No script, no external reference. */
export function drawBanner(art: BannerArt): string {
  const lenses = [0, 1, 2]
    .map((i) => {
      const x = 760 + i * 130;
      const y = 120 + (i % 2) * 70;
      return `<g fill="none" stroke="${art.accent}" stroke-width="6" opacity="${0.9 - i * 0.2}"><circle cx="${x}" cy="${y}" r="42"/><circle cx="${x + 100}" cy="${y}" r="42"/><path d="M${x + 42} ${y}q8-12 16 0"/></g>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 360" width="1200" height="360" role="img" aria-label="${escape(art.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient></defs>
<rect width="1200" height="360" fill="url(#g)"/>${lenses}
<text x="64" y="170" font-family="Helvetica, Arial, sans-serif" font-size="64" font-weight="700" fill="#ffffff">${escape(art.title)}</text>
<text x="64" y="230" font-family="Helvetica, Arial, sans-serif" font-size="28" fill="${art.accent}">${escape(art.subtitle)}</text>
</svg>`;
}

/** A darker shade of a #rrggbb colour, for a category banner's gradient. */
export function shade(hex: string, factor = 0.6): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  if (!Number.isFinite(n)) return '#333333';
  const c = [16, 8, 0].map((s) => Math.round(((n >> s) & 255) * factor));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
