// The taps a shopper made on a server-rendered page before it was React's (issue 39, docs/adr/049):
// the document's catcher (apps/edge/src/render/early-taps.ts) kept the last one; the shell stops
// it just before hydrating (from then on React itself replays a press on a part it has not
// hydrated yet) and taps that control again once the page's controls are React's.
import { EARLY_TAPS_GLOBAL, TAP_PENDING_ATTRIBUTE, type EarlyTap } from '@eyewear/federation';

type Catcher = { stop(): EarlyTap[] };

/** What was typed into a field of the server's HTML before hydration (React would reset it to its state). */
export interface TypedValue {
  el: HTMLInputElement | HTMLTextAreaElement;
  value: string;
}

const TEXT_FIELDS =
  'input:not([type]),input[type=text],input[type=search],input[type=email],input[type=tel],input[type=number],input[type=password],input[type=url],textarea';

/** The fields whose value differs from what the server sent: typed by the shopper before hydration. */
export function typedValues(container: ParentNode): TypedValue[] {
  return [...container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)]
    .filter((el) => el.value !== el.defaultValue)
    .map((el) => ({ el, value: el.value }));
}

/**
 * Gives the page what was typed before it was React's: the value set again as typing sets it
 * (the prototype's setter, then an input event), so the page's own state takes it.
 */
export function adoptTypedValues(values: readonly TypedValue[]): void {
  for (const { el, value } of values) {
    if (!el.isConnected || el.value === value) continue;
    const prototype = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Ends the catching; the taps it kept (none where the document has no catcher). */
export function stopEarlyTaps(win: Window = window): EarlyTap[] {
  const catcher = (win as unknown as Record<string, Catcher | undefined>)[EARLY_TAPS_GLOBAL];
  return catcher ? catcher.stop() : [];
}

/**
 * Hands the kept taps to the page: a control still in the page is clicked, a form submitted
 * (with the button that sent it); one the page no longer has (its area rendered afresh) is let go.
 */
export function replayEarlyTaps(taps: readonly EarlyTap[]): void {
  for (const tap of taps) {
    tap.el.removeAttribute(TAP_PENDING_ATTRIBUTE);
    if (!tap.el.isConnected) continue;
    if (tap.kind === 'click') tap.el.click();
    else tap.el.requestSubmit(tap.by?.isConnected && tap.by.getAttribute('type') !== 'button' ? tap.by : undefined);
  }
}
