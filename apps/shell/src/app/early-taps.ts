// What a shopper did on a server-rendered page before it was React's (issue 39, docs/adr/049):
// the document's catcher (apps/edge/src/render/early-taps.ts) held it until every control the
// server sent is React's; the shell then stops it, gives the fields what was typed into them,
// and once the page has taken that, taps the kept control again.
import { EARLY_TAPS_GLOBAL, TAP_PENDING_ATTRIBUTE, type EarlyInput, type EarlyTap, type EarlyValue } from '@eyewear/federation';

type Catcher = { stop(): EarlyInput };

/** Ends the catching; what it kept (nothing where the document has no catcher). */
export function stopEarlyTaps(win: Window = window): EarlyInput {
  const catcher = (win as unknown as Record<string, Catcher | undefined>)[EARLY_TAPS_GLOBAL];
  return catcher ? catcher.stop() : { taps: [], typed: [] };
}

const prototypeOf = (el: EarlyValue['el']) =>
  el instanceof HTMLTextAreaElement
    ? HTMLTextAreaElement.prototype
    : el instanceof HTMLSelectElement
      ? HTMLSelectElement.prototype
      : HTMLInputElement.prototype;

/**
 * Gives the page what was typed before it was React's: a field React set back gets its value
 * again as typing sets it (the prototype's setter, then the event React listens to), so the
 * page's own state takes it.
 */
export function adoptTypedValues(values: readonly EarlyValue[]): void {
  for (const { el, value } of values) {
    if (!el.isConnected) continue;
    // Also when the field still shows it (React hydrated it as it was, its state still empty):
    // the field's own setter first makes React's record of its value '' (what it renders from),
    // then the prototype's sets the value without telling that record, so the event is a change.
    el.value = '';
    Object.getOwnPropertyDescriptor(prototypeOf(el), 'value')?.set?.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
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

/**
 * The page is React's: what was typed is given back, and the kept tap is made once React has
 * committed what that typing changed (a task later), so the tap's handler reads it.
 */
export function handOverEarlyInput(win: Window = window): void {
  const { taps, typed } = stopEarlyTaps(win);
  adoptTypedValues(typed);
  if (taps.length > 0) win.setTimeout(() => replayEarlyTaps(taps), 0);
}
