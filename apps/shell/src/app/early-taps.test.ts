import { EARLY_TAP_ATTRIBUTE, EARLY_TAP_GLOBAL, EARLY_TAP_MAX_AGE_MS } from '@eyewear/federation';
import { replayEarlyTap } from './early-taps';

type Slot = Record<string, { el: HTMLElement; at: number } | undefined>;

function keep(el: HTMLElement, at = performance.now()) {
  el.setAttribute(EARLY_TAP_ATTRIBUTE, '');
  (window as unknown as Slot)[EARLY_TAP_GLOBAL] = { el, at };
}

function button() {
  const el = document.createElement('button');
  el.textContent = 'Menu';
  document.body.appendChild(el);
  const clicked = jest.fn();
  el.addEventListener('click', clicked);
  return { el, clicked };
}

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('replayEarlyTap', () => {
  it('taps the kept button again, once, and takes its pending mark off', () => {
    const { el, clicked } = button();
    keep(el);
    expect(replayEarlyTap()).toBe(true);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(el.hasAttribute(EARLY_TAP_ATTRIBUTE)).toBe(false);
    expect(replayEarlyTap()).toBe(false);
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('lets go a tap whose button is gone (its area rendered afresh), still disabled, or older than EARLY_TAP_MAX_AGE_MS', () => {
    const gone = button();
    keep(gone.el);
    gone.el.remove();
    expect(replayEarlyTap()).toBe(false);

    const disabled = button();
    disabled.el.disabled = true;
    keep(disabled.el);
    expect(replayEarlyTap()).toBe(false);
    expect(disabled.el.hasAttribute(EARLY_TAP_ATTRIBUTE)).toBe(false);

    const old = button();
    keep(old.el, performance.now() - EARLY_TAP_MAX_AGE_MS - 1);
    expect(replayEarlyTap()).toBe(false);
    expect([gone, disabled, old].map(({ clicked }) => clicked.mock.calls.length)).toEqual([0, 0, 0]);
  });

  it('does nothing where no tap was kept (a page rendered in the browser)', () => {
    expect(replayEarlyTap()).toBe(false);
  });
});
