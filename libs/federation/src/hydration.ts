// A server-rendered page before its scripts have hydrated it (issue 39, docs/adr/049): the edge's
// document marks its root and catches the taps made meanwhile; the shell hands them back to the
// page once it is React's. The names both sides use.

/** On the root (`#root`) of a server-rendered page until every control the server sent is React's. */
export const HYDRATING_ATTRIBUTE = 'data-hydrating';

/** On a control tapped before hydration, until the tap is handed to the page (a wait cursor). */
export const TAP_PENDING_ATTRIBUTE = 'data-tap-pending';

/** The global the document's early-tap catcher leaves: `stop()` ends catching and gives what it kept. */
export const EARLY_TAPS_GLOBAL = '__eyewearEarlyTaps';

/** A tap caught before hydration: a control's click, or a form's submit (and the button that sent it). */
export type EarlyTap = { kind: 'click'; el: HTMLElement } | { kind: 'submit'; el: HTMLFormElement; by: HTMLElement | null };

/** A field's value typed before hydration, its last (React sets a field it hydrates back to its state). */
export interface EarlyValue {
  el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  value: string;
}

/** What the catcher kept until the page was React's: the last tap, and every field's last typed value. */
export interface EarlyInput {
  taps: EarlyTap[];
  typed: EarlyValue[];
}

/** What a control must be for its tap to be caught: what does nothing without the page's scripts. */
export const EARLY_TAP_CONTROLS =
  'button,[role=button],[role=tab],[role=switch],[role=checkbox],[role=menuitem],input[type=submit],input[type=button],input[type=image],input[type=checkbox],input[type=radio]';
