/**
 * @jest-environment jsdom
 */
// The early-tap catcher (earlyTapCatcher) in a document: what it catches before hydration, what it
// leaves to the browser, and what it hands over when stopped.
import { EARLY_TAPS_GLOBAL, HYDRATING_ATTRIBUTE, TAP_PENDING_ATTRIBUTE, type EarlyInput } from '@eyewear/federation';
import { earlyTapCatcher } from './early-taps';

type Catcher = { stop(): EarlyInput };

beforeAll(() => {
  // As the document runs it: once, first in <head>.
  new Function(earlyTapCatcher())();
});

function page() {
  document.body.innerHTML = `
    <div id="root" ${HYDRATING_ATTRIBUTE}="">
      <button type="button" id="add">Add to cart</button>
      <label><input type="checkbox" id="round"> Round</label>
      <a href="/cart" id="cart"><span>Cart</span></a>
      <form action="/search" id="search"><input name="q"><button id="go">Search</button></form>
      <form id="coupon"><input name="code"><button id="apply">Apply</button></form>
    </div>
    <button type="button" id="outside">Outside the page</button>`;
  const pressed: string[] = [];
  for (const button of document.querySelectorAll('button, input, a')) button.addEventListener('click', () => pressed.push(button.id));
  return { pressed, root: document.getElementById('root')!, byId: (id: string) => document.getElementById(id)! };
}
const catcher = () => (window as unknown as Record<string, Catcher>)[EARLY_TAPS_GLOBAL]!;

describe('earlyTapCatcher', () => {
  it("keeps a button's tap before hydration (the last one), marks it pending, and lets nothing else see it", () => {
    const { pressed, byId } = page();
    byId('apply').click();
    byId('add').click();
    expect(pressed).toEqual([]);
    expect(byId('add').hasAttribute(TAP_PENDING_ATTRIBUTE)).toBe(true);
    expect(byId('apply').hasAttribute(TAP_PENDING_ATTRIBUTE)).toBe(false);
    const round = byId('round') as HTMLInputElement;
    round.click();
    expect(round.checked).toBe(false);
    const { taps } = catcher().stop();
    expect(taps.map((tap) => tap.el.id)).toEqual(['round']);
  });

  it('leaves links, a form with its own action, the page once hydrated and what is outside the page to the browser', () => {
    const { pressed, root, byId } = page();
    // Re-armed by a fresh catcher for this document.
    new Function(earlyTapCatcher())();
    byId('cart')
      .querySelector('span')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    byId('outside').click();
    const submitted: string[] = [];
    byId('search').addEventListener('submit', (event) => {
      submitted.push('search');
      event.preventDefault();
    });
    byId('go').click();
    expect(pressed).toEqual(['cart', 'outside', 'go']);
    expect(submitted).toEqual(['search']);
    root.removeAttribute(HYDRATING_ATTRIBUTE);
    byId('add').click();
    expect(pressed).toContain('add');
    expect(catcher().stop()).toEqual({ taps: [], typed: [] });
  });

  it('catches the submit of a form without an action (Enter in its field) and gives it once; stopped, it catches nothing', () => {
    const { byId } = page();
    new Function(earlyTapCatcher())();
    const coupon = byId('coupon') as HTMLFormElement;
    const event = new Event('submit', { bubbles: true, cancelable: true });
    coupon.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    const { taps } = catcher().stop();
    expect(taps).toEqual([{ kind: 'submit', el: coupon, by: null }]);
    const later = new Event('submit', { bubbles: true, cancelable: true });
    coupon.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(catcher().stop()).toEqual({ taps: [], typed: [] });
  });

  it("keeps the page's own text fields read-only until stopped (React would set back what was typed), not the header's", () => {
    document.body.innerHTML = `<div id="root" ${HYDRATING_ATTRIBUTE}=""><header><input name="q"></header><main><input name="sph"><input name="fixed" readonly><textarea name="note"></textarea><input type="checkbox" name="c"><select name="power"><option>0</option></select><input type="file" name="photo"></main></div>`;
    new Function(earlyTapCatcher())();
    const field = (name: string) => document.querySelector<HTMLInputElement>(`[name=${name}]`)!;
    expect((document.querySelector('[name=power]') as HTMLSelectElement).disabled).toBe(true);
    expect(field('photo').disabled).toBe(true);
    expect([field('q').readOnly, field('sph').readOnly, field('note').readOnly, field('c').readOnly]).toEqual([false, true, true, false]);
    catcher().stop();
    expect([field('sph').readOnly, field('note').readOnly, field('fixed').readOnly]).toEqual([false, false, true]);
    expect((document.querySelector('[name=power]') as HTMLSelectElement).disabled).toBe(false);
    expect(field('photo').disabled).toBe(false);
  });

  it("notes the header's fields' last typed value (text, a list's choice) until stopped, never a check box's nor the page's own", () => {
    document.body.innerHTML = `<div id="root" ${HYDRATING_ATTRIBUTE}=""><header><input name="q"><select name="s"><option>a</option><option>b</option></select><input type="checkbox" name="c"></header><main><input name="sph"></main></div>`;
    new Function(earlyTapCatcher())();
    const q = document.querySelector<HTMLInputElement>('[name=q]')!;
    const s = document.querySelector<HTMLSelectElement>('[name=s]')!;
    const type = (el: HTMLInputElement | HTMLSelectElement, value: string, event = 'input') => {
      el.value = value;
      el.dispatchEvent(new Event(event, { bubbles: true }));
    };
    type(q, 'ro');
    type(q, 'round');
    type(s, 'b', 'change');
    type(document.querySelector<HTMLInputElement>('[name=sph]')!, '-1.25');
    document.querySelector<HTMLInputElement>('[name=c]')!.click();
    expect(catcher().stop().typed).toEqual([
      { el: q, value: 'round' },
      { el: s, value: 'b' },
    ]);
    type(q, 'later');
    expect(catcher().stop().typed).toEqual([]);
  });
});
