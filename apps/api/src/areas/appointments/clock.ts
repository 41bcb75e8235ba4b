/**
 * The appointments area's clock. Slot generation, the 21:00 rule and visit completion read
 * it; tests set `now` to a fixed instant instead of waiting for the real time.
 */
export const appointmentsClock = { now: (): Date => new Date() };
