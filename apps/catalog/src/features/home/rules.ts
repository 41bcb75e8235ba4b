/** shopping §2, §9: the home page renders 7 sections, 10 once the carousels load, more on scroll; crawlers get all. */
export const FIRST_SECTIONS = 7;
export const SECTIONS_AFTER_CAROUSELS = 10;
export const SECTIONS_PER_SCROLL = 3;

export function visibleSectionCount({
  total,
  carouselsLoaded,
  appended,
  crawler,
}: {
  total: number;
  carouselsLoaded: boolean;
  appended: number;
  crawler: boolean;
}): number {
  if (crawler) return total;
  const base = carouselsLoaded ? SECTIONS_AFTER_CAROUSELS : FIRST_SECTIONS;
  return Math.min(total, base + appended * SECTIONS_PER_SCROLL);
}

/**
 * The sections a shopper sees first once the carousels are in (issue 19: what a server render
 * loads carousels for): the first SECTIONS_AFTER_CAROUSELS as a new customer sees them and as a
 * repeat customer does ('hide-repeat' ones hidden), so either session finds its first screen.
 */
export function firstScreenSections<S extends { className?: string | undefined }>(sections: readonly S[]): S[] {
  const firstOf = (hasPlacedOrder: boolean) => sections.filter((s) => !isHiddenFor(s.className, hasPlacedOrder)).slice(0, SECTIONS_AFTER_CAROUSELS);
  const shown = new Set([...firstOf(false), ...firstOf(true)]);
  return sections.filter((s) => shown.has(s));
}

/**
 * Products a carousel shows on its first page on a wide screen (perView 4; a phone shows one):
 * what a server render puts into the page (issue 19), the rest coming when wanted.
 */
export const CAROUSEL_FIRST_PAGE = 4;

/** The first page of each carousel, and the full count of those cut short. */
export function firstPages<P>(carousels: Record<string, P[]>) {
  const shown: Record<string, P[]> = {};
  const totals: Record<string, number> = {};
  for (const [id, products] of Object.entries(carousels)) {
    shown[id] = products.slice(0, CAROUSEL_FIRST_PAGE);
    if (products.length > CAROUSEL_FIRST_PAGE) totals[id] = products.length;
  }
  return { shown, totals };
}

/** shopping §7: cache-busting `v` is a timestamp on desktop, 3-minute buckets (180000 ms) on mobile. */
export const MOBILE_BUCKET_MS = 180000;
export function cacheBust(now: number, mobile: boolean): number {
  return mobile ? Math.floor(now / MOBILE_BUCKET_MS) * MOBILE_BUCKET_MS : now;
}

/**
 * shopping §4 Swipe: a swipe counts if it is under 250 ms and more than 20 px, or over half the
 * container width, and mostly horizontal. Left goes next, right goes previous.
 */
export const SWIPE_MAX_MS = 250;
export const SWIPE_MIN_PX = 20;
export function swipeDirection({ dx, dy, ms, width }: { dx: number; dy: number; ms: number; width: number }): 'next' | 'previous' | null {
  if (Math.abs(dx) <= Math.abs(dy)) return null;
  const quick = ms < SWIPE_MAX_MS && Math.abs(dx) > SWIPE_MIN_PX;
  const long = Math.abs(dx) > width / 2;
  if (!quick && !long) return null;
  return dx < 0 ? 'next' : 'previous';
}

/** Accordions: single-open keeps one panel open; multi-open toggles each on its own. */
export function toggleOpen(open: readonly number[], index: number, multi: boolean): number[] {
  if (open.includes(index)) return open.filter((i) => i !== index);
  return multi ? [...open, index] : [index];
}

/** shopping §2: elements with class 'hide-repeat' are hidden for repeat customers (hasPlacedOrder). */
export function isHiddenFor(className: string | undefined, hasPlacedOrder: boolean): boolean {
  return hasPlacedOrder && (className ?? '').split(/\s+/).includes('hide-repeat');
}
