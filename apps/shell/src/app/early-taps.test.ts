// The taps kept before hydration, handed to the page (replayEarlyTaps) once it is React's.
import { EARLY_TAPS_GLOBAL, TAP_PENDING_ATTRIBUTE, type EarlyTap } from '@eyewear/federation';
import { adoptTypedValues, replayEarlyTaps, stopEarlyTaps, typedValues } from './early-taps';

describe('early taps', () => {
  it('clicks a kept control still in the page and submits a kept form with the button that sent it', () => {
    document.body.innerHTML = '<button id="add" data-tap-pending="">Add</button><form id="f"><button id="apply">Apply</button></form>';
    const add = document.getElementById('add')!;
    const form = document.getElementById('f') as HTMLFormElement;
    const apply = document.getElementById('apply')!;
    const seen: string[] = [];
    add.addEventListener('click', () => seen.push('add'));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      seen.push(`submit by ${(event as SubmitEvent).submitter?.id}`);
    });
    replayEarlyTaps([
      { kind: 'click', el: add },
      { kind: 'submit', el: form, by: apply },
    ]);
    expect(seen).toEqual(['add', 'submit by apply']);
    expect(add.hasAttribute(TAP_PENDING_ATTRIBUTE)).toBe(false);
  });

  it('lets go of a control the page no longer has (its area rendered afresh), and of nothing when there was no catcher', () => {
    const gone = document.createElement('button');
    gone.setAttribute(TAP_PENDING_ATTRIBUTE, '');
    const clicked = jest.fn();
    gone.addEventListener('click', clicked);
    replayEarlyTaps([{ kind: 'click', el: gone }]);
    expect(clicked).not.toHaveBeenCalled();
    expect(gone.hasAttribute(TAP_PENDING_ATTRIBUTE)).toBe(false);
    expect(stopEarlyTaps()).toEqual([]);
    const taps: EarlyTap[] = [{ kind: 'click', el: gone }];
    (window as unknown as Record<string, unknown>)[EARLY_TAPS_GLOBAL] = { stop: () => taps.splice(0) };
    expect(stopEarlyTaps()).toEqual([{ kind: 'click', el: gone }]);
  });
});

describe('typed values', () => {
  it('finds what was typed before hydration and gives it back as typing does, so the page state takes it', () => {
    document.body.innerHTML = '<div id="root"><input name="q" value=""><input name="kept" value="server"><textarea name="note"></textarea></div>';
    const q = document.querySelector<HTMLInputElement>('[name=q]')!;
    const note = document.querySelector<HTMLTextAreaElement>('[name=note]')!;
    q.value = 'round';
    note.value = 'hello';
    const typed = typedValues(document.getElementById('root')!);
    expect(typed.map(({ el, value }) => [el.getAttribute('name'), value])).toEqual([
      ['q', 'round'],
      ['note', 'hello'],
    ]);
    // Hydration resets a controlled field to the page's state; the input event tells the page.
    q.value = '';
    const inputs: string[] = [];
    q.addEventListener('input', () => inputs.push(q.value));
    adoptTypedValues(typed);
    expect(q.value).toBe('round');
    expect(inputs).toEqual(['round']);
    expect(note.value).toBe('hello');
  });
});
