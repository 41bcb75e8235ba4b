import { RETURN_WINDOW_DAYS } from './limits';
import { PROMISE, SITE_DESCRIPTION } from './promise';

// shopping.md §1 "promise text" (ADR 054): the strip's words and the description's, one return window.
describe("the store's promise", () => {
  it("says the strip's three promises in the spec's words", () => {
    expect([PROMISE.shipping, PROMISE.warranty, PROMISE.returns]).toEqual(['Free shipping', 'One-year warranty', '30-day return or exchange']);
  });

  it('gives the site description the same return window as the strip and the API', () => {
    expect(RETURN_WINDOW_DAYS).toBe(30);
    expect(PROMISE.description).toBe('30-day returns with free shipping');
    expect(SITE_DESCRIPTION).toContain(PROMISE.description);
    expect(SITE_DESCRIPTION).not.toMatch(/14-day/);
  });
});
