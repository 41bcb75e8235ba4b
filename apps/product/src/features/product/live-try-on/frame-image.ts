import { FRONT_FRAME_IMAGE } from '@eyewear/face';
import type { Product } from '@eyewear/api-client';

/** The product's frontal frame image (the one both try-ons use; its lens centres are FRONT_FRAME_IMAGE's). */
export function frontImageUrl(product: Pick<Product, 'imageUrlsDetail'>): string | null {
  return product.imageUrlsDetail.find((image) => image.view === 'front')?.url ?? null;
}

/** The frontal image's backdrop (a rectangle as large as the image), which the try-on leaves out, as the API's overlay does. */
const BACKDROP = new RegExp(`<rect width="${FRONT_FRAME_IMAGE.width}" height="${FRONT_FRAME_IMAGE.height}" fill="[^"]*"/>`);

/**
 * The frame alone, ready to draw: the frontal SVG without its backdrop, as a data URL (the page's
 * CSP allows images from our origin and data:, and a data URL image leaves the canvas readable).
 */
export async function loadFrameImage(url: string, signal?: AbortSignal): Promise<HTMLImageElement> {
  const answer = await fetch(url, { signal: signal ?? null, credentials: 'same-origin' });
  if (!answer.ok) throw new Error(`The frame image answered ${answer.status}`);
  const svg = (await answer.text()).replace(BACKDROP, '');
  const image = new Image(FRONT_FRAME_IMAGE.width, FRONT_FRAME_IMAGE.height);
  image.alt = '';
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  // jsdom has no decode(); a browser decodes here, so the first frame drawn has the frame.
  await image.decode?.();
  return image;
}
