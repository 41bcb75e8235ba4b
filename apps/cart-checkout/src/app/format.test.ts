import { dateIn } from './format';

describe('dates as the country writes them', () => {
  it("writes a calendar day in the country's order, the same day in every time zone", () => {
    expect(dateIn('in')('2030-01-05')).toBe('5 Jan 2030');
    expect(dateIn('us')('2030-01-05')).toBe('Jan 5, 2030');
  });

  it('keeps text that is no date as it is', () => {
    expect(dateIn('in')('soon')).toBe('soon');
  });
});
