// A server-rendered page before its scripts have hydrated it (issue 39): the edge's document marks
// its root, the shell unmarks it once every control the server sent is React's.

/** On the root (`#root`) of a server-rendered page until every control the server sent is React's. */
export const HYDRATING_ATTRIBUTE = 'data-hydrating';

/**
 * A tap on a button of the server's HTML before the page is React's (issue 39, docs/adr/051):
 * the root is a disabled fieldset until then, so the tap does nothing, but Chromium still sends
 * the button its pointer events. The document's recorder keeps the last such tap under this
 * global and marks its button with EARLY_TAP_ATTRIBUTE; the shell taps the button again once the
 * page's controls are enabled, if it is still there and the tap is younger than
 * EARLY_TAP_MAX_AGE_MS.
 */
export const EARLY_TAP_GLOBAL = '__eyewearEarlyTap';
export const EARLY_TAP_ATTRIBUTE = 'data-tap-pending';
export const EARLY_TAP_MAX_AGE_MS = 10_000;
/** A pointer that moved further than this between down and up was a scroll or a drag, not a tap. */
export const EARLY_TAP_SLOP_PX = 10;

/** What the recorder keeps: the button, and when it was tapped (`performance.now()`). */
export interface EarlyTap {
  el: HTMLButtonElement;
  at: number;
}

/**
 * JSON written inside a <script> of the document (the state the browser hydrates from, the
 * session's remotes.json in it, JSON-LD): nothing in it can close the element or open a comment.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
