// The early-input catcher of a server-rendered page (issue 39, docs/adr/049). The page reads and
// its links work before its scripts run, but a button does nothing until React owns it, and a
// field React hydrates is set back to React's state: on a phone that is seconds after the content
// shows. This inline script, first in <head>, holds the page's input until the shell says the
// page is React's (every control the server sent): it catches a tap on such a control (the
// last one), stops it doing half a thing and marks the control as pending; it keeps the page's
// own text fields read-only meanwhile, and notes what is typed into the header's (the search).
// The shell then gives those their values back and taps the control again
// (apps/shell/src/app/early-taps.ts). A form with an `action` of its own (the
// search) and any link work without scripts: left alone.
import { EARLY_TAP_CONTROLS, EARLY_TAPS_GLOBAL, HYDRATING_ATTRIBUTE, TAP_PENDING_ATTRIBUTE } from '@eyewear/federation';
import { scriptJson } from './html';

export function earlyTapCatcher(): string {
  const pending = scriptJson(TAP_PENDING_ATTRIBUTE);
  return [
    '(function(w,d){var taps=[],vals=[],on=1;',
    "function root(){return d.getElementById('root')}",
    `function live(r){return on&&r&&r.hasAttribute(${scriptJson(HYDRATING_ATTRIBUTE)})}`,
    `function keep(t){for(var i=0;i<taps.length;i++)taps[i].el.removeAttribute(${pending});taps=[t];t.el.setAttribute(${pending},'')}`,
    "d.addEventListener('click',function(e){var r=root(),t=e.target&&e.target.closest?e.target.closest(" + scriptJson(EARLY_TAP_CONTROLS) + '):null;',
    "if(!live(r)||!t||!r.contains(t)||t.closest('a[href]'))return;",
    // A submit button of a form that works without scripts (its own action): the browser's.
    "var f=t.form;if(f&&f.hasAttribute('action')&&(t.type==='submit'||t.type==='image'))return;",
    "e.preventDefault();e.stopImmediatePropagation();keep({kind:'click',el:t})},true);",
    "d.addEventListener('submit',function(e){var r=root(),f=e.target;if(!live(r)||!r.contains(f)||f.hasAttribute('action'))return;",
    "e.preventDefault();keep({kind:'submit',el:f,by:e.submitter||null})},true);",
    // The page's own fields wait, read-only, until it is React's: one React sets back or renders
    // afresh would lose what was typed (a form whose area re-renders once its data is in). The
    // header's (the search) take typing at once: their value is given back after hydration.
    "var locked=[];function lock(){var r=root();if(!live(r))return;var f=r.querySelectorAll('input,textarea,select');",
    "for(var i=0;i<f.length;i++){var el=f[i];if(el.closest('header,[role=banner]'))continue;",
    // A list or a file picker cannot be read-only: disabled meanwhile (and enabled again), as the root once was.
    "if(el.tagName==='SELECT'||el.type==='file'){if(!el.disabled){el.disabled=true;locked.push(el)}continue}",
    'if(el.readOnly||/^(checkbox|radio|submit|button|image|hidden|range|color)$/.test(el.type))continue;el.readOnly=true;locked.push(el)}}',
    "if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',lock);else lock();",
    // The header's fields' last typed value: React would set it back to its state.
    "function typed(e){var r=root(),t=e.target;if(!live(r)||!t||!r.contains(t)||!t.closest('header,[role=banner]')||!/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)||/^(checkbox|radio|file|submit|button|image)$/.test(t.type))return;",
    'for(var i=0;i<vals.length;i++)if(vals[i].el===t){vals[i].value=t.value;return}vals.push({el:t,value:t.value})}',
    "d.addEventListener('input',typed,true);d.addEventListener('change',typed,true);",
    `w[${scriptJson(EARLY_TAPS_GLOBAL)}]={stop:function(){on=0;for(var i=0;i<locked.length;i++){if(locked[i].tagName==='SELECT'||locked[i].type==='file')locked[i].disabled=false;else locked[i].readOnly=false}locked=[];var t={taps:taps,typed:vals};taps=[];vals=[];return t}}`,
    '})(window,document);',
  ].join('');
}
