import { pageWide } from './page-state';

describe('pageWide', () => {
  it('keeps one value per page under its documented name, whichever copy of the client asks first', () => {
    const first = pageWide('__eyewearSettings', () => ({ in: 'first copy' }));
    const init = jest.fn(() => ({ in: 'second copy' }));
    expect(pageWide('__eyewearSettings', init)).toBe(first);
    expect(init).not.toHaveBeenCalled();
    expect((globalThis as { __eyewearSettings?: unknown }).__eyewearSettings).toBe(first);
  });
});
