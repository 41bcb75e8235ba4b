// The taps kept before hydration, handed to the page (replayEarlyTaps) once it is React's.
import { EARLY_TAPS_GLOBAL, TAP_PENDING_ATTRIBUTE, type EarlyTap } from '@eyewear/federation';
import { adoptTypedValues, handOverEarlyInput, replayEarlyTaps, stopEarlyTaps } from './early-taps';

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
    expect(stopEarlyTaps()).toEqual({ taps: [], typed: [] });
    const taps: EarlyTap[] = [{ kind: 'click', el: gone }];
    (window as unknown as Record<string, unknown>)[EARLY_TAPS_GLOBAL] = { stop: () => ({ taps: taps.splice(0), typed: [] }) };
    expect(stopEarlyTaps().taps).toEqual([{ kind: 'click', el: gone }]);
  });
});

describe('handing over what was typed and tapped', () => {
  it('gives a field what was typed as typing does, then makes the kept tap a task later, once the page took it', () => {
    jest.useFakeTimers();
    document.body.innerHTML =
      '<div id="root"><input name="q" value=""><select name="s"><option>a</option><option>b</option></select><button id="go">Go</button></div>';
    const q = document.querySelector<HTMLInputElement>('[name=q]')!;
    const s = document.querySelector<HTMLSelectElement>('[name=s]')!;
    const go = document.getElementById('go')!;
    const seen: string[] = [];
    q.addEventListener('input', () => seen.push(`input ${q.value}`));
    s.addEventListener('change', () => seen.push(`change ${s.value}`));
    go.addEventListener('click', () => seen.push('click'));
    (window as unknown as Record<string, unknown>)[EARLY_TAPS_GLOBAL] = {
      stop: () => ({
        taps: [{ kind: 'click', el: go }],
        typed: [
          { el: q, value: 'round' },
          { el: s, value: 'b' },
        ],
      }),
    };
    handOverEarlyInput();
    expect(q.value).toBe('round');
    expect(seen).toEqual(['input round', 'change b']);
    jest.runAllTimers();
    expect(seen).toEqual(['input round', 'change b', 'click']);
    jest.useRealTimers();
  });

  it('tells the page even when the field still shows the value (its state may not), and leaves a field no longer in the page', () => {
    const gone = document.createElement('input');
    const kept = document.createElement('input');
    document.body.replaceChildren(kept);
    kept.value = 'same';
    const inputs = jest.fn();
    kept.addEventListener('input', inputs);
    adoptTypedValues([
      { el: kept, value: 'same' },
      { el: gone, value: 'x' },
    ]);
    expect(inputs).toHaveBeenCalledTimes(1);
    expect(gone.value).toBe('');
  });
});
