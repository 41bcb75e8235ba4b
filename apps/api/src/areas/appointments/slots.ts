/**
 * Store-visit slots (spec: shopping §9, account §9): windows 9-12, 12-15, 15-18, 18-21 split
 * into 30-minute slots within the store's opening hours; after 21:00 in the store's time
 * zone the default date is the next day. Pure functions of the clock, the store and the
 * slots already taken.
 */
export const VISIT_WINDOWS = [
  { id: '9-12', from: 9, to: 12 },
  { id: '12-15', from: 12, to: 15 },
  { id: '15-18', from: 15, to: 18 },
  { id: '18-21', from: 18, to: 21 },
] as const;
export type WindowId = (typeof VISIT_WINDOWS)[number]['id'];

export const SLOT_MINUTES = 30;
/** After this hour (store time) today is no longer offered by default. */
export const LAST_HOUR = 21;
/** How many dates from the default date a shopper can choose. */
export const BOOKING_DAYS = 14;

export interface StoreHours {
  opensAt: number;
  closesAt: number;
  timeZone: string;
}

export interface GeneratedSlot {
  date: string;
  startTime: string;
  endTime: string;
  available: boolean;
  window: WindowId;
}

/** The date (YYYY-MM-DD) and minutes since midnight of an instant in a time zone. */
export function localTime(now: Date, timeZone: string): { date: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The default date: today in the store's zone, or tomorrow after 21:00 there or when asked to skip today. */
export function defaultDate(now: Date, timeZone: string, skipCurrentDate: 0 | 1 = 0): string {
  const local = localTime(now, timeZone);
  return skipCurrentDate === 1 || local.minutes >= LAST_HOUR * 60 ? addDays(local.date, 1) : local.date;
}

export function bookableDates(now: Date, timeZone: string, skipCurrentDate: 0 | 1 = 0): string[] {
  const first = defaultDate(now, timeZone, skipCurrentDate);
  return Array.from({ length: BOOKING_DAYS }, (_, i) => addDays(first, i));
}

/** Every slot of a store on a date; taken ones and ones already begun are not available. */
export function generateSlots(store: StoreHours, date: string, now: Date, taken: ReadonlySet<string>): GeneratedSlot[] {
  const local = localTime(now, store.timeZone);
  const slots: GeneratedSlot[] = [];
  for (const window of VISIT_WINDOWS) {
    const from = Math.max(window.from, store.opensAt) * 60;
    const to = Math.min(window.to, store.closesAt) * 60;
    for (let start = from; start + SLOT_MINUTES <= to; start += SLOT_MINUTES) {
      const startTime = hhmm(start);
      const begun = date < local.date || (date === local.date && start <= local.minutes);
      slots.push({ date, startTime, endTime: hhmm(start + SLOT_MINUTES), window: window.id, available: !begun && !taken.has(startTime) });
    }
  }
  return slots;
}

/** Home-visit dates: the next days after today in the hub's zone. */
export const HOME_VISIT_DAYS = 5;
export function homeVisitDates(now: Date, timeZone: string): string[] {
  const today = localTime(now, timeZone).date;
  return Array.from({ length: HOME_VISIT_DAYS }, (_, i) => addDays(today, i + 1));
}

export function windowLabel(id: WindowId): string {
  const window = VISIT_WINDOWS.find((w) => w.id === id)!;
  const label = (h: number) => (h === 12 ? '12 PM' : h > 12 ? `${h - 12} PM` : `${h} AM`);
  return `${label(window.from)} - ${label(window.to)}`;
}

export const isWindowId = (id: string): id is WindowId => VISIT_WINDOWS.some((w) => w.id === id);
