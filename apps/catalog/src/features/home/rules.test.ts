import { cacheBust, firstScreenSections, isHiddenFor, swipeDirection, toggleOpen, visibleSectionCount } from './rules';

describe('home section counts (shopping §2, §9)', () => {
  it('renders 7 sections first, 10 once the carousels load, 3 more per scroll, all for crawlers', () => {
    expect(visibleSectionCount({ total: 17, carouselsLoaded: false, appended: 0, crawler: false })).toBe(7);
    expect(visibleSectionCount({ total: 17, carouselsLoaded: true, appended: 0, crawler: false })).toBe(10);
    expect(visibleSectionCount({ total: 17, carouselsLoaded: true, appended: 1, crawler: false })).toBe(13);
    expect(visibleSectionCount({ total: 17, carouselsLoaded: true, appended: 5, crawler: false })).toBe(17);
    expect(visibleSectionCount({ total: 17, carouselsLoaded: false, appended: 0, crawler: true })).toBe(17);
    expect(visibleSectionCount({ total: 4, carouselsLoaded: false, appended: 0, crawler: false })).toBe(4);
  });
});

describe('the first screen (what a server render loads carousels for, issue 19)', () => {
  it("is the first 10 sections as a new and as a repeat customer sees them ('hide-repeat' ones hidden)", () => {
    const sections = Array.from({ length: 14 }, (_, i) => ({ id: i, className: i < 2 ? 'hero hide-repeat' : undefined }));
    // A new customer sees 0-9; a repeat customer 2-11.
    expect(firstScreenSections(sections).map((s) => s.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(firstScreenSections(sections.slice(0, 5)).map((s) => s.id)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('cache-busting v (shopping §7)', () => {
  it('is the timestamp on desktop and 3-minute buckets on mobile', () => {
    expect(cacheBust(1_700_000_123_456, false)).toBe(1_700_000_123_456);
    expect(cacheBust(1_700_000_123_456, true)).toBe(1_700_000_100_000);
    expect(cacheBust(1_700_000_279_999, true)).toBe(1_700_000_100_000);
    expect(cacheBust(1_700_000_280_000, true)).toBe(1_700_000_280_000);
    expect(cacheBust(180000 * 5 + 179999, true)).toBe(180000 * 5);
  });
});

describe('swipe thresholds (shopping §4)', () => {
  const width = 400;
  it('counts a quick swipe of more than 20 px; left is next, right is previous', () => {
    expect(swipeDirection({ dx: -21, dy: 0, ms: 249, width })).toBe('next');
    expect(swipeDirection({ dx: 21, dy: 5, ms: 100, width })).toBe('previous');
  });
  it('ignores 20 px or less, and quick swipes of 250 ms or more unless past half the width', () => {
    expect(swipeDirection({ dx: -20, dy: 0, ms: 100, width })).toBeNull();
    expect(swipeDirection({ dx: -150, dy: 0, ms: 250, width })).toBeNull();
    expect(swipeDirection({ dx: -201, dy: 0, ms: 900, width })).toBe('next');
    expect(swipeDirection({ dx: 201, dy: 0, ms: 900, width })).toBe('previous');
  });
  it('ignores mostly vertical moves', () => {
    expect(swipeDirection({ dx: -60, dy: 80, ms: 100, width })).toBeNull();
    expect(swipeDirection({ dx: -300, dy: 300, ms: 900, width })).toBeNull();
  });
});

describe('accordions', () => {
  it('single-open keeps one panel open; multi-open toggles each', () => {
    expect(toggleOpen([], 1, false)).toEqual([1]);
    expect(toggleOpen([1], 2, false)).toEqual([2]);
    expect(toggleOpen([2], 2, false)).toEqual([]);
    expect(toggleOpen([1], 2, true)).toEqual([1, 2]);
    expect(toggleOpen([1, 2], 1, true)).toEqual([2]);
  });
});

describe('hide-repeat', () => {
  it('hides hide-repeat elements for repeat customers only', () => {
    expect(isHiddenFor('promo hide-repeat', true)).toBe(true);
    expect(isHiddenFor('promo hide-repeat', false)).toBe(false);
    expect(isHiddenFor('promo', true)).toBe(false);
    expect(isHiddenFor(undefined, true)).toBe(false);
  });
});
