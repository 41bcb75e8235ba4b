import { HttpError } from '../../http/errors';
import { type SessionRow } from '../../http/session';
import { type Tx } from '../area';

/**
 * No slot hoarding (issue 40: one guest session booked 10 of 10 store slots). A shopper (their
 * session, or their customer from any session) and a mobile number hold only a few upcoming
 * bookings at once: store, studio and test-your-vision appointments (live, their slot not begun
 * in the store's time zone), and home visits (open, their window not over) each counted apart.
 * Cancelling or changing a booking is always possible; a cancelled or past one no longer counts.
 *
 * Counted under transaction locks of the shopper and the number (taken in one order, so two
 * bookings never wait on each other crosswise), so parallel bookings are counted one after
 * another and none passes the cap. Past it: 409 TOO_MANY_BOOKINGS, saying what to do instead.
 */
export const ACTIVE_BOOKINGS_PER_SHOPPER = 3;
export const ACTIVE_BOOKINGS_PER_PHONE = 3;

export type BookingKind = 'appointments' | 'home visits';

export const BOOKING_CAP_MESSAGES = {
  shopper: (kind: BookingKind) =>
    `You already have ${ACTIVE_BOOKINGS_PER_SHOPPER} upcoming ${kind}. To book another, cancel or change one of them (or wait until one has taken place).`,
  phone: (kind: BookingKind) =>
    `This mobile number already has ${ACTIVE_BOOKINGS_PER_PHONE} upcoming ${kind}. To book another, cancel or change one of them (or wait until one has taken place).`,
};

/** Live store bookings whose slot has not begun in the store's zone. */
const STORE_ACTIVE = `select a.session_id, a.customer_id, a.phone from appointments a join stores s on s.code = a.store_code
  where a.status in ('BOOKED', 'RESCHEDULED') and (a.session_id = $1 or (a.customer_id is not null and a.customer_id = $2) or a.phone = $3::text)
    and (a.slot_date + a.slot_time::time) at time zone (s.data->>'timeZone') > $4::timestamptz`;

/** Open home visits whose window has not ended in the hub's zone. */
const HOME_ACTIVE = `select o.session_id, o.customer_id, o.telephone as phone from hto_orders o
  join hto_agents g on g.id = o.agent_id join stores s on s.code = g.store_code
  where o.status = 'OPEN' and (o.session_id = $1 or (o.customer_id is not null and o.customer_id = $2) or o.telephone = $3::text)
    and (o.slot_date + make_interval(hours => split_part(o.slot_id, '-', 2)::int)) at time zone (s.data->>'timeZone') > $4::timestamptz`;

/**
 * Refuses a new booking of `kind` past the caps, in the booking's transaction (before its insert):
 * locks the shopper and the number, then counts their upcoming bookings at `now` (the area's clock).
 */
export async function boundBookings(tx: Tx, kind: BookingKind, session: SessionRow, phone: string | null, now: Date, field?: string) {
  const shopper = session.customer_id !== null ? `customer:${session.customer_id}` : `session:${session.id}`;
  const keys = [shopper, ...(phone ? [`phone:${phone}`] : [])].map((key) => `bookings:${kind}:${key}`).sort();
  for (const key of keys) await tx.query('select pg_advisory_xact_lock(hashtext($1))', [key]);
  const [row] = await tx.query<{ mine: number; by_phone: number }>(
    `with active as (${kind === 'appointments' ? STORE_ACTIVE : HOME_ACTIVE})
     select count(*) filter (where session_id = $1 or (customer_id is not null and customer_id = $2))::int as mine,
            count(*) filter (where $3::text is not null and phone = $3::text)::int as by_phone
     from active`,
    [session.id, session.customer_id, phone, now.toISOString()],
  );
  if ((row?.mine ?? 0) >= ACTIVE_BOOKINGS_PER_SHOPPER) throw new HttpError(409, BOOKING_CAP_MESSAGES.shopper(kind), undefined, 'TOO_MANY_BOOKINGS');
  if ((row?.by_phone ?? 0) >= ACTIVE_BOOKINGS_PER_PHONE) throw new HttpError(409, BOOKING_CAP_MESSAGES.phone(kind), field, 'TOO_MANY_BOOKINGS');
}
