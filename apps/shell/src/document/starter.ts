// The inline starter of a server-rendered page's scripts (docs/adr/031, 039), written into the
// document (document.tsx).
import { MAIN_IMAGE_TIMING } from '@eyewear/ui';
import { scriptJson } from '@eyewear/federation';

/** How long the entry waits at most for the page's main image before it runs anyway. */
export const START_WAIT_MS = 2500;

/** The User Timing mark the starter leaves, its `detail` saying why the scripts started then. */
export const START_MARK = 'eyewear-scripts-start';

/**
 * The inline script that starts the shell's entry once the browser has painted the page's main
 * image (the one marked `elementtiming="main-image"`, libs/ui MAIN_IMAGE, as its Element Timing
 * report says; where the browser has no such report, once the image is decoded, after the next
 * frame). A page without one starts once the browser reports its first contentful paint (Paint
 * Timing; after the first frame where it cannot): a script that ran in the frame's task before
 * the paint was presented held the page's first paint for its whole evaluation (checkout's LCP
 * went from ~0.9 s to ~2.5 s in such Lighthouse runs). Either way it then waits for the images
 * of the first screen still loading (not lazy ones), after the next frame: the largest paint can
 * be one of them (docs/adr/039). At once when the image fails (also when
 * it failed before this script ran), and at most START_WAIT_MS after the document. It leaves a
 * mark (START_MARK) whose detail says which: 'painted', 'decoded', 'first-paint', 'first-frame',
 * 'image-failed' or 'waited' (for the page's own measures, and the journeys).
 * @param {string} src  the entry's URL
 */
export function startAfterPaint(src: string): string {
  return [
    '(function(){var d=document,n=d.currentScript.nonce,done=0;',
    `function go(why){if(done)return;done=1;try{performance.mark(${scriptJson(START_MARK)},{detail:why})}catch(e){}`,
    `var s=d.createElement('script');s.src=${scriptJson(src)};if(n)s.nonce=n;d.body.appendChild(s)}`,
    'function soon(why){return function(){setTimeout(function(){go(why)},0)}}',
    // Then the first screen's other images that are still loading (another card, an order's
    // photo): the browser's largest paint can be one of them, a hair larger than the main one.
    // Once they have loaded (or failed), after the next frame.
    "function rest(why){return function(){var w=[],a=d.querySelectorAll('#root img'),h=innerHeight,v=innerWidth,k,m,r,left;",
    "for(k=0;k<a.length;k++){m=a[k];if(m===i||m.complete||m.loading==='lazy')continue;r=m.getBoundingClientRect();if(r.width&&r.bottom>0&&r.top<h&&r.right>0&&r.left<v)w.push(m)}",
    'if(!w.length)return soon(why)();left=w.length;',
    'function one(){if(--left===0)requestAnimationFrame(soon(why))}',
    "for(k=0;k<w.length;k++){w[k].addEventListener('load',one);w[k].addEventListener('error',one)}}}",
    `var i=d.querySelector('#root img[elementtiming="${MAIN_IMAGE_TIMING}"]'),P=window.PerformanceObserver,t=(P&&P.supportedEntryTypes)||[];`,
    // No main image (the cart, checkout, an account page; an area the browser renders): once the
    // browser reports the first contentful paint; after the first frame where it cannot.
    "if(!i){if(t.indexOf('paint')>=0){var q=new P(function(l){l.getEntries().forEach(function(e){if(e.name==='first-contentful-paint'){q.disconnect();rest('first-paint')()}})});q.observe({type:'paint',buffered:true})}else requestAnimationFrame(rest('first-frame'))}",
    // An image that already failed is complete with no size (a loaded one, even an SVG, has one).
    "else if(i.complete&&!i.naturalWidth)soon('image-failed')();",
    "else{i.addEventListener('error',soon('image-failed'));",
    "if(t.indexOf('element')>=0){var o=new P(function(l){l.getEntries().forEach(function(e){if(e.element===i){o.disconnect();rest('painted')()}})});o.observe({type:'element',buffered:true})}",
    "else (i.decode?i.decode():Promise.resolve()).then(function(){requestAnimationFrame(rest('decoded'))},soon('image-failed'))}",
    `setTimeout(function(){go('waited')},${START_WAIT_MS})})();`,
  ].join('');
}
