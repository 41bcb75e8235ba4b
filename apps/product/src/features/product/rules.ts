/** shopping §9 review page size. */
export const REVIEW_PAGE_SIZE = 10;

/** shopping §4 Swipe: under 250 ms and more than 20 px, or over half the width; mostly horizontal. Left goes next. */
export function swipeDirection(dx: number, dy: number, ms: number, width: number): 'next' | 'previous' | null {
  if (Math.abs(dx) <= Math.abs(dy)) return null;
  const counts = (ms < 250 && Math.abs(dx) > 20) || Math.abs(dx) > width / 2;
  if (!counts) return null;
  return dx < 0 ? 'next' : 'previous';
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A delivery date as 'Fri, 27 Nov' (the date the API answers, without time zone shifts). */
export function formatDay(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

export { productIdOf } from '@eyewear/api-client';
