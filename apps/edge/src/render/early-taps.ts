// The early-tap catcher of a server-rendered page (issue 39, docs/adr/049). The page reads and
// its links work before its scripts run, but a button does nothing until React owns it: on a
// phone that is seconds after the content shows. This inline script, first in <head>, catches a
// tap on such a control (the last one), stops it doing half a thing, marks the control as
// pending, and keeps it for the shell, which taps it again once the page is hydrated
// (apps/shell/src/app/early-taps.ts). A form with an `action` of its own (the search) and any
// link work without scripts: left alone. Typing is never caught (a field keeps what was typed).
import { EARLY_TAP_CONTROLS, EARLY_TAPS_GLOBAL, HYDRATING_ATTRIBUTE, TAP_PENDING_ATTRIBUTE } from '@eyewear/federation';
import { scriptJson } from './html';

export function earlyTapCatcher(): string {
  return [
    '(function(w,d){var taps=[],on=1;',
    "function root(){return d.getElementById('root')}",
    `function live(r){return on&&r&&r.hasAttribute(${scriptJson(HYDRATING_ATTRIBUTE)})}`,
    'function keep(t){for(var i=0;i<taps.length;i++)taps[i].el.removeAttribute(' +
      scriptJson(TAP_PENDING_ATTRIBUTE) +
      ');taps=[t];t.el.setAttribute(' +
      scriptJson(TAP_PENDING_ATTRIBUTE) +
      ",'')}",
    "d.addEventListener('click',function(e){var r=root(),t=e.target&&e.target.closest?e.target.closest(" + scriptJson(EARLY_TAP_CONTROLS) + '):null;',
    "if(!live(r)||!t||!r.contains(t)||t.closest('a[href]'))return;",
    // A submit button of a form that works without scripts (its own action): the browser's.
    "var f=t.form;if(f&&f.hasAttribute('action')&&(t.type==='submit'||t.type==='image'))return;",
    "e.preventDefault();e.stopImmediatePropagation();keep({kind:'click',el:t})},true);",
    "d.addEventListener('submit',function(e){var r=root(),f=e.target;if(!live(r)||!r.contains(f)||f.hasAttribute('action'))return;",
    "e.preventDefault();keep({kind:'submit',el:f,by:e.submitter||null})},true);",
    `w[${scriptJson(EARLY_TAPS_GLOBAL)}]={stop:function(){on=0;var t=taps;taps=[];return t}}`,
    '})(window,document);',
  ].join('');
}
