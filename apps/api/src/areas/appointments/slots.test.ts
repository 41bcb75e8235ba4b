import { bookableDates, defaultDate, generateSlots, homeVisitDates, localTime, windowLabel } from './slots';

const kolkata = { opensAt: 10, closesAt: 21, timeZone: 'Asia/Kolkata' };

describe('store visit slots', () => {
  it('reads the date and time in the store zone', () => {
    expect(localTime(new Date('2026-03-10T18:00:00Z'), 'Asia/Kolkata')).toEqual({ date: '2026-03-10', minutes: 23 * 60 + 30 });
    expect(localTime(new Date('2026-03-10T18:00:00Z'), 'America/New_York')).toEqual({ date: '2026-03-10', minutes: 14 * 60 });
  });

  it('moves the default date to the next day from 21:00 in the store zone, not the server zone', () => {
    expect(defaultDate(new Date('2026-03-10T15:29:00Z'), 'Asia/Kolkata')).toBe('2026-03-10'); // 20:59 IST
    expect(defaultDate(new Date('2026-03-10T15:30:00Z'), 'Asia/Kolkata')).toBe('2026-03-11'); // 21:00 IST
    expect(defaultDate(new Date('2026-03-10T15:30:00Z'), 'America/New_York')).toBe('2026-03-10'); // 11:30 in New York
    expect(defaultDate(new Date('2026-03-10T05:00:00Z'), 'Asia/Kolkata', 1)).toBe('2026-03-11');
  });

  it('offers 14 dates from the default date', () => {
    const dates = bookableDates(new Date('2026-03-10T16:00:00Z'), 'Asia/Kolkata');
    expect(dates).toHaveLength(14);
    expect(dates[0]).toBe('2026-03-11');
    expect(dates[13]).toBe('2026-03-24');
  });

  it('splits the windows 9-12, 12-15, 15-18, 18-21 into 30-minute slots within opening hours', () => {
    const slots = generateSlots(kolkata, '2026-03-12', new Date('2026-03-10T05:00:00Z'), new Set());
    expect(slots[0]).toEqual({ date: '2026-03-12', startTime: '10:00', endTime: '10:30', window: '9-12', available: true });
    expect(slots.at(-1)).toMatchObject({ startTime: '20:30', endTime: '21:00', window: '18-21' });
    expect(slots.filter((s) => s.window === '12-15').map((s) => s.startTime)).toEqual(['12:00', '12:30', '13:00', '13:30', '14:00', '14:30']);
    expect(slots).toHaveLength(22);
    const early = generateSlots({ ...kolkata, opensAt: 9 }, '2026-03-12', new Date('2026-03-10T05:00:00Z'), new Set());
    expect(early[0]!.startTime).toBe('09:00');
  });

  it('does not offer taken slots nor ones that have begun today', () => {
    const now = new Date('2026-03-10T08:40:00Z'); // 14:10 IST
    const slots = generateSlots(kolkata, '2026-03-10', now, new Set(['15:00']));
    const available = (t: string) => slots.find((s) => s.startTime === t)!.available;
    expect(available('14:00')).toBe(false);
    expect(available('14:30')).toBe(true);
    expect(available('15:00')).toBe(false);
    expect(available('15:30')).toBe(true);
  });

  it('lists home visits from tomorrow for five days, windows labelled', () => {
    expect(homeVisitDates(new Date('2026-03-10T20:00:00Z'), 'Asia/Kolkata')).toEqual(['2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15', '2026-03-16']);
    expect(windowLabel('9-12')).toBe('9 AM - 12 PM');
    expect(windowLabel('12-15')).toBe('12 PM - 3 PM');
  });
});
