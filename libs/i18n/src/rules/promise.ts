import { RETURN_WINDOW_DAYS } from './limits';

/**
 * The store's promise, in the words every place says it: the header's strip, the footer, the
 * site description (the document's, the meta tag's, the structured data's) and the API's content
 * pages. shopping.md §1: "The promise text used in the site description is 14-day returns with
 * free shipping. A top strip shows free shipping, one-year warranty and a 30-day return or
 * exchange message." One return window (RETURN_WINDOW_DAYS, 30) everywhere: ADR 054 says why.
 */
export const PROMISE = {
  shipping: 'Free shipping',
  warranty: 'One-year warranty',
  returns: `${RETURN_WINDOW_DAYS}-day return or exchange`,
  /** The site description's words for it (the spec's "<n>-day returns with free shipping"). */
  description: `${RETURN_WINDOW_DAYS}-day returns with free shipping`,
} as const;

/** The site's description where a page gives none (the document, the shell's meta tag and JSON-LD). */
export const SITE_DESCRIPTION = `Buy eyeglasses, sunglasses, contact lenses and kids glasses online: ${PROMISE.description}.`;
