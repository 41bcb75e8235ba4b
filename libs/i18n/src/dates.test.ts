import { dateIn } from './dates';

describe('dateIn', () => {
  it("writes a date the country's way, a calendar day staying that day", () => {
    expect(dateIn('in')('2030-01-05')).toBe('5 Jan 2030');
    expect(dateIn('us')('2030-01-05')).toBe('Jan 5, 2030');
    expect(dateIn('in')('2026-06-01T23:30:00Z')).toBe('1 Jun 2026');
    expect(dateIn('us', { weekday: true })('2026-03-11')).toBe('Wed, Mar 11, 2026');
  });

  it('shows what it cannot read as it came', () => expect(dateIn('in')('soon')).toBe('soon'));
});
