/** @jest-environment jsdom */
// The early-tap recorder (docs/adr/051), run as the browser runs it: the script itself, on a page
// whose root is still the server's disabled fieldset.
import { EARLY_TAP_ATTRIBUTE, EARLY_TAP_GLOBAL, HYDRATING_ATTRIBUTE } from '@eyewear/federation';
import { earlyTapRecorder } from './early-tap-recorder';

type Slot = Record<string, { el: HTMLElement; at: number } | undefined>;
const kept = () => (window as unknown as Slot)[EARLY_TAP_GLOBAL];

function pointer(type: string, el: Element, x = 10, y = 10, isPrimary = true) {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y });
  Object.defineProperty(event, 'isPrimary', { value: isPrimary });
  el.dispatchEvent(event);
}

beforeAll(() => {
  // Once per page, as the document runs it.
  new Function(earlyTapRecorder())();
});

beforeEach(() => {
  delete (window as unknown as Slot)[EARLY_TAP_GLOBAL];
  document.body.innerHTML = `<fieldset id="root" disabled ${HYDRATING_ATTRIBUTE}=""><button id="menu"><span id="icon">Menu</span></button><button id="other">Other</button></fieldset><button id="outside">Outside</button>`;
});

const byId = (id: string) => document.getElementById(id)!;

describe('the early-tap recorder', () => {
  test('keeps a tap on a button the hydrating root disables (the last one), and marks it pending', () => {
    pointer('pointerdown', byId('icon'));
    pointer('pointerup', byId('icon'), 12, 11);
    expect(kept()?.el).toBe(byId('menu'));
    expect(byId('menu').hasAttribute(EARLY_TAP_ATTRIBUTE)).toBe(true);
    pointer('pointerdown', byId('other'));
    pointer('pointerup', byId('other'));
    expect(kept()?.el).toBe(byId('other'));
    expect(byId('menu').hasAttribute(EARLY_TAP_ATTRIBUTE)).toBe(false);
  });

  test('keeps no scroll or drag (moved, or cancelled), no tap begun on another button, and no second finger', () => {
    pointer('pointerdown', byId('menu'), 10, 10);
    pointer('pointerup', byId('menu'), 10, 60);
    pointer('pointerdown', byId('menu'));
    pointer('pointercancel', byId('menu'));
    pointer('pointerup', byId('menu'));
    pointer('pointerdown', byId('other'));
    pointer('pointerup', byId('menu'));
    pointer('pointerdown', byId('menu'), 10, 10, false);
    pointer('pointerup', byId('menu'));
    expect(kept()).toBeUndefined();
  });

  test("keeps nothing once the page is React's, nor outside its root", () => {
    pointer('pointerdown', byId('outside'));
    pointer('pointerup', byId('outside'));
    byId('root').removeAttribute(HYDRATING_ATTRIBUTE);
    byId('root').removeAttribute('disabled');
    pointer('pointerdown', byId('menu'));
    pointer('pointerup', byId('menu'));
    expect(kept()).toBeUndefined();
  });

  test('cancels nothing: the events go on to the page', () => {
    const seen = jest.fn();
    byId('menu').addEventListener('pointerup', seen);
    pointer('pointerdown', byId('menu'));
    pointer('pointerup', byId('menu'));
    expect(seen).toHaveBeenCalledTimes(1);
    expect((seen.mock.calls[0][0] as Event).defaultPrevented).toBe(false);
  });
});
