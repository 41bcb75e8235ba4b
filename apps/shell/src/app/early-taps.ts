// The tap a shopper made on a server-rendered page's button before it was React's (issue 39,
// docs/adr/051): the document's recorder (src/document/early-tap-recorder.ts) kept the last one;
// the shell taps that button again once the page's controls are enabled.
import { EARLY_TAP_ATTRIBUTE, EARLY_TAP_GLOBAL, EARLY_TAP_MAX_AGE_MS, type EarlyTap } from '@eyewear/federation';

/**
 * Takes the kept tap (once) and answers it: the button is clicked if it is still in the page and
 * enabled, and the tap is younger than EARLY_TAP_MAX_AGE_MS; otherwise it is let go (the area was
 * rendered afresh, or the shopper has long moved on). Its pending mark goes either way. Returns
 * whether it clicked.
 */
export function replayEarlyTap(win: Window = window): boolean {
  const slot = win as unknown as Record<string, EarlyTap | undefined>;
  const tap = slot[EARLY_TAP_GLOBAL];
  if (!tap) return false;
  delete slot[EARLY_TAP_GLOBAL];
  tap.el.removeAttribute(EARLY_TAP_ATTRIBUTE);
  if (!tap.el.isConnected || tap.el.matches(':disabled') || win.performance.now() - tap.at > EARLY_TAP_MAX_AGE_MS) return false;
  tap.el.click();
  return true;
}
