import { isCountryCode, type CountryCode } from '@eyewear/i18n/rules';
import { appointmentsClock } from '../areas/appointments/clock';
import { type Database } from '../db/database';
import { enqueue, type Queryable } from '../jobs/queue';
import { phoneOf, storeUrl } from './audience';
import { type MessageAudience, type MessageEvent } from './events';
import { queueMessage } from './queue';

/**
 * The messages of a booking's life (issue 38): booked (and booked again when rescheduled), a
 * reminder before it, cancelled. Two kinds of booking: an eye test at a store or studio (an
 * `appointments` row, id `APT-…`) and a home try-on visit (an `hto_orders` row, its order number
 * `900001…` as the customer's reference). Each is queued in the transaction of its event, from
 * what the database says in that transaction, so a rolled-back booking tells nobody anything.
 *
 * Event keys (one message per key and channel, messages/queue.ts):
 * - `booking-booked:<id>:<startsAt>:<revision>`: the booking as made or moved, `revision` the
 *   row's `updated_at` (set by the insert or the reschedule that queues it). A retry of the same
 *   request (the same Idempotency-Key replays its answer; a double submit finds the slot taken, or
 *   the time unchanged) queues nothing new; each reschedule is a new booking to tell, even one
 *   back to a time held before.
 * - `booking-reminder:<id>:<startsAt>`: one reminder per start time (the reminder job of a time
 *   the booking was moved away from finds another start and does nothing).
 * - `booking-cancelled:<id>`: once; a cancelled booking is never open again.
 *
 * The start (`startsAt`) is an ISO instant in UTC of the local slot time in the place's zone:
 * slot_date + slot_time at the store for an eye test, slot_date + the start of the visit window
 * at the hub (the agent's store) for a home visit, converted by the database's zone rules from
 * the store's `timeZone` (as booking-caps.ts counts upcoming bookings).
 */

type BookingEvent = Extract<MessageEvent, { bookingId: string }>;
export type BookingService = BookingEvent['service'];
type BookingKind = BookingEvent['kind'];

interface Booking {
  bookingId: string;
  service: BookingService;
  startsAt: string;
  place: string;
  /** Not cancelled, not completed. */
  active: boolean;
  /** When the row was last written (its insert or reschedule): the booked message's revision. */
  revision: string;
  audience: MessageAudience;
}

interface BookingRow {
  id: string;
  active: boolean;
  starts_at: Date | string;
  revision: string;
  country: string;
  place: string;
  name: string | null;
  email: string | null;
  phone_code: string | null;
  phone: string | null;
}

/** The local slot start in the store's zone, as an instant (the same rule as booking-caps.ts). */
const APPOINTMENT = `select a.id, a.status in ('BOOKED', 'RESCHEDULED') as active,
    (a.slot_date + a.slot_time::time) at time zone (s.data->>'timeZone') as starts_at,
    to_char(a.updated_at at time zone 'UTC', 'YYYYMMDD"T"HH24MISSUS') as revision,
    s.country, concat_ws(', ', s.data->>'name', s.data->>'address') as place,
    coalesce(nullif(trim(a.name), ''), c.first_name) as name,
    coalesce(nullif(trim(a.email), ''), c.email) as email,
    case when nullif(trim(a.phone), '') is not null then a.phone_code else c.phone_code end as phone_code,
    coalesce(nullif(trim(a.phone), ''), c.telephone) as phone
  from appointments a join stores s on s.code = a.store_code left join customers c on c.id = a.customer_id
  where a.id = $1`;

/** The start of the visit window (`9-12`: 9:00) in the hub's zone (the agent's store), as hto-routes.ts reads it. */
const HOME_VISIT = `select o.order_id::text as id, o.status = 'OPEN' as active,
    (o.slot_date + make_interval(hours => split_part(o.slot_id, '-', 1)::int)) at time zone (s.data->>'timeZone') as starts_at,
    to_char(o.updated_at at time zone 'UTC', 'YYYYMMDD"T"HH24MISSUS') as revision,
    o.country, case when position(o.pincode in o.address) > 0 then o.address else concat_ws(', ', o.address, o.pincode) end as place,
    coalesce(nullif(trim(o.name), ''), c.first_name) as name,
    coalesce(nullif(trim(o.email), ''), c.email) as email,
    o.phone_code, o.telephone as phone
  from hto_orders o join hto_agents g on g.id = o.agent_id join stores s on s.code = g.store_code left join customers c on c.id = o.customer_id
  where o.order_id = $1::bigint`;

/** A home visit's reference is its order number; an appointment's is `APT-…`. */
const serviceOf = (bookingId: string): BookingService => (/^\d+$/.test(bookingId) ? 'home-try-on' : 'eye-test');

/** `+91 9876543210`: the booking's own phone code when given (`91` or `+91`), else the country's. */
function phoneWith(country: CountryCode, code: string | null, phone: string | null): string | null {
  const digits = phone?.trim();
  if (!digits) return null;
  const prefix = code?.replace(/\D/g, '');
  return prefix ? `+${prefix} ${digits}` : phoneOf(country, digits);
}

/** A booking as its messages tell it, or null when there is none (`lock`: held until the transaction ends). */
async function bookingOf(tx: Queryable, bookingId: string, lock = false): Promise<Booking | null> {
  const service = serviceOf(bookingId);
  const sql = service === 'home-try-on' ? `${HOME_VISIT}${lock ? ' for update of o' : ''}` : `${APPOINTMENT}${lock ? ' for update of a' : ''}`;
  const [row] = await tx.query<BookingRow>(sql, [bookingId]);
  if (!row) return null;
  const country: CountryCode = isCountryCode(row.country) ? row.country : 'in';
  return {
    bookingId: row.id,
    service,
    startsAt: new Date(row.starts_at).toISOString(),
    place: row.place,
    active: Boolean(row.active),
    revision: row.revision,
    audience: {
      country,
      name: row.name?.trim() || null,
      email: row.email?.trim() || null,
      phone: phoneWith(country, row.phone_code, row.phone),
      siteUrl: storeUrl(country),
    },
  };
}

const eventOf = (kind: BookingKind, booking: Booking): BookingEvent => ({
  kind,
  bookingId: booking.bookingId,
  service: booking.service,
  startsAt: booking.startsAt,
  place: booking.place,
});

const HOUR_MS = 60 * 60 * 1000;
/** How long before the start a reminder is sent: a day before, else (booked less than a day ahead) two hours before. */
export const REMINDER_LEADS_MS = [24 * HOUR_MS, 2 * HOUR_MS] as const;
/** A reminder comes at least this long after the booking, or not at all. */
export const REMINDER_MIN_GAP_MS = 2 * HOUR_MS;

/**
 * When to remind a customer of a booking made (or moved) at `now`: a day before the start; when
 * that is already past or too close to the booking, two hours before it; and when that too is
 * less than two hours after the booking, no reminder at all. A customer who has just been told
 * "booked for 14:00" at 11:30 does not expect a "reminder" a minute later (the booked message is
 * the reminder), but one who booked last night for this morning is glad of a nudge two hours
 * before. Slots start at 9:00 or later (slots.ts), so no reminder is sent before 7:00 local time.
 */
export function reminderAt(startsAt: Date, now: Date): Date | null {
  for (const lead of REMINDER_LEADS_MS) {
    const at = startsAt.getTime() - lead;
    if (at - now.getTime() >= REMINDER_MIN_GAP_MS) return new Date(at);
  }
  return null;
}

/**
 * The booking `bookingId` was made or rescheduled in this transaction: queues its booked message
 * (e-mail and SMS, as the customer can be reached) and, when the message is new and the start far
 * enough away (reminderAt), its reminder job. `now`: the area's clock (appointments/clock.ts).
 */
export async function queueBookingBooked(tx: Queryable, bookingId: string, now: Date = appointmentsClock.now()): Promise<number[]> {
  const booking = await bookingOf(tx, bookingId);
  if (!booking || !booking.active) return [];
  const queued = await queueMessage(
    tx,
    `booking-booked:${booking.bookingId}:${booking.startsAt}:${booking.revision}`,
    eventOf('booking-booked', booking),
    booking.audience,
  );
  // Told nothing now (queued before, or nobody to tell): no reminder to add either.
  const at = queued.length > 0 ? reminderAt(new Date(booking.startsAt), now) : null;
  if (at) await enqueue(tx, 'booking-reminder', { bookingId: booking.bookingId, startsAt: booking.startsAt }, { startAfter: at });
  return queued;
}

/** The booking `bookingId` was cancelled in this transaction (by the customer or otherwise): tells them, once. */
export async function queueBookingCancelled(tx: Queryable, bookingId: string): Promise<number[]> {
  const booking = await bookingOf(tx, bookingId);
  if (!booking || booking.active) return [];
  return queueMessage(tx, `booking-cancelled:${booking.bookingId}`, eventOf('booking-cancelled', booking), booking.audience);
}

/**
 * The `booking-reminder` job: queues the reminder of a booking that still exists, is still active
 * and still starts at `startsAt` (a rescheduled booking's old job, a cancelled or completed one's,
 * does nothing; the new start has its own job), and has not begun (a job run late after an outage).
 * The booking's row is locked meanwhile, so a cancellation at the same moment comes after the
 * reminder, never before it. Idempotent: one reminder per booking and start (its key).
 */
export async function queueBookingReminder(
  db: Database,
  bookingId: string,
  startsAt: string,
  now: Date = appointmentsClock.now(),
): Promise<{ queued: number[]; skipped?: 'unknown' | 'inactive' | 'moved' | 'begun' }> {
  return db.transaction(async (tx) => {
    const booking = await bookingOf(tx, bookingId, true);
    if (!booking) return { queued: [], skipped: 'unknown' as const };
    if (!booking.active) return { queued: [], skipped: 'inactive' as const };
    if (new Date(startsAt).getTime() !== new Date(booking.startsAt).getTime()) return { queued: [], skipped: 'moved' as const };
    if (new Date(booking.startsAt).getTime() <= now.getTime()) return { queued: [], skipped: 'begun' as const };
    const queued = await queueMessage(tx, `booking-reminder:${booking.bookingId}:${booking.startsAt}`, eventOf('booking-reminder', booking), booking.audience);
    return { queued };
  });
}
