/**
 * The return window, in days from delivery: the one number every page, e-mail and answer
 * states (the header strip, the footer, the meta description, the content pages, the API's
 * eligibility and return config). The spec states 14 days in one place and 30 in another; the
 * API has always allowed 30, so 30 it is, everywhere (issue 20: one return window).
 */
export const RETURN_WINDOW_DAYS = 30;

/**
 * How long an unpaid order (UPI collect, QR, a payment in progress) keeps its items for the
 * shopper, in minutes: the API's hold (then the order is cancelled and its items released) and
 * what the payment screens say (issue 40: short, so that nobody can hold stock by not paying).
 */
export const PAYMENT_HOLD_MINUTES = 15;

/**
 * A listing's page: shopping.md §9 "Category page size 15 (overridable by the setting
 * CATEGORY_PAGE_SIZE_COUNT or a remote config)"; shopping.md §7: the category and search calls send it as
 * `page-size`. The API takes 1 to 100 (its listing query).
 */
export const CATEGORY_PAGE_SIZE = 15;
export const CATEGORY_PAGE_SIZE_MAX = 100;

/** The page size a CATEGORY_PAGE_SIZE_COUNT setting asks for, or the default when it is missing or not a size the API takes. */
export function categoryPageSize(setting: unknown): number {
  const n = Number(setting);
  return setting !== null && setting !== undefined && setting !== '' && Number.isInteger(n) && n >= 1 && n <= CATEGORY_PAGE_SIZE_MAX ? n : CATEGORY_PAGE_SIZE;
}

/**
 * The wishlist (shortlist).
 * shopping.md §9: "Wishlist maximum 50."; §2 Wishlist panel: "Shows at most 50 items; counts are
 * capped at 50."
 */
export const WISHLIST_MAX = 50;

/** What a wishlist answer tells the rest of the page: the capped count and the first ids. */
export function wishlistSummary(wishlist: { numberOfProducts: number; productIds: readonly number[] }): { count: number; productIds: number[] } {
  return { count: Math.min(WISHLIST_MAX, wishlist.numberOfProducts), productIds: wishlist.productIds.slice(0, WISHLIST_MAX) };
}
