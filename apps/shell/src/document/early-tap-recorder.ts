// The early-tap recorder of a server-rendered page (issue 39, docs/adr/051). The page reads and
// its links work before its scripts run, but its root is a disabled fieldset until React owns
// every control (a press or a keystroke on HTML not yet React's would be lost half-done), and on a
// phone that is seconds after the content shows. Chromium still sends a disabled button its
// pointer events: this inline script keeps the last tap on such a button (down and up on the same
// one, without moving: not a scroll), marks the button as pending, and leaves it for the shell,
// which taps it again once the page's controls are enabled (app/early-taps.ts).
// It cancels nothing and holds no input: a browser that sends no events to a disabled button
// (or a page with no scripts) is exactly as without it.
import { EARLY_TAP_ATTRIBUTE, EARLY_TAP_GLOBAL, EARLY_TAP_SLOP_PX, HYDRATING_ATTRIBUTE } from '@eyewear/federation';
import { scriptJson } from '@eyewear/federation';

export function earlyTapRecorder(): string {
  return [
    '(function(w,d){var down=null;',
    // The button under an event, if the root is still hydrating and the button is disabled by it.
    "function target(e){var r=d.getElementById('root'),b=e.target&&e.target.closest?e.target.closest('button'):null;",
    `return r&&b&&r.hasAttribute(${scriptJson(HYDRATING_ATTRIBUTE)})&&r.contains(b)&&b.matches(':disabled')?b:null}`,
    "d.addEventListener('pointerdown',function(e){var b=target(e);down=b&&e.isPrimary?{b:b,x:e.clientX,y:e.clientY}:null},true);",
    "d.addEventListener('pointercancel',function(){down=null},true);",
    "d.addEventListener('pointerup',function(e){var t=down,b=target(e);down=null;",
    `if(!t||t.b!==b||Math.abs(e.clientX-t.x)>${EARLY_TAP_SLOP_PX}||Math.abs(e.clientY-t.y)>${EARLY_TAP_SLOP_PX})return;`,
    `var k=${scriptJson(EARLY_TAP_GLOBAL)},a=${scriptJson(EARLY_TAP_ATTRIBUTE)};`,
    "if(w[k])w[k].el.removeAttribute(a);b.setAttribute(a,'');w[k]={el:b,at:performance.now()}},true)",
    '})(window,document);',
  ].join('');
}
