import { type FastifyInstance } from 'fastify';
import { areaEndpoints, type Appointment } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { queueBookingBooked, queueBookingCancelled } from '../../messages/booking-messages';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { countryOf, requireSession, type Country, type SessionRow } from '../../http/session';
import { type SeedStore } from '../../seed/types';
import { type Tx } from '../area';
import { boundBookings } from './booking-caps';
import { appointmentsClock } from './clock';
import { geocodeAddress, geocodePincode, storeByCode, storesNear, storesOf, toStore } from './places';
import { checkPhone, isUniqueViolation, newAppointmentId, OWNED, ownerParams } from './shared';
import { bookableDates, defaultDate, generateSlots } from './slots';

const E = areaEndpoints.appointments;
const SLOT_TAKEN = 'This slot is no longer available. Please choose another time.';
const DEFAULT_RADIUS_KM = 20;

type Source = 'STORE' | 'STUDIO' | 'TYV';

interface AppointmentRow {
  id: string;
  source: Source;
  store_code: string;
  session_id: string;
  customer_id: number | null;
  order_id: number | null;
  item_id: number | null;
  name: string | null;
  phone: string | null;
  slot_date: string;
  slot_time: string;
  status: Appointment['status'];
  booked_status: 'new' | 'reschedule';
}

const COLUMNS = `id, source, store_code, session_id, customer_id, order_id, item_id, name, phone,
  to_char(slot_date, 'YYYY-MM-DD') as slot_date, slot_time, status, booked_status`;

async function takenTimes(db: Pick<Database, 'query'>, storeCode: string, date: string): Promise<Set<string>> {
  const rows = await db.query<{ slot_time: string }>(
    `select slot_time from appointments where store_code = $1 and slot_date = $2 and status in ('BOOKED', 'RESCHEDULED')`,
    [storeCode, date],
  );
  return new Set(rows.map((r) => r.slot_time));
}

/** Refuses a date or time the store does not offer now (outside the windows, past, too far, taken). */
async function checkOffered(db: Pick<Database, 'query'>, store: SeedStore, date: string, time: string) {
  const now = appointmentsClock.now();
  if (!bookableDates(now, store.timeZone).includes(date)) throw badRequest('Please choose one of the offered dates', 'selectedDate');
  const slot = generateSlots(store, date, now, new Set()).find((s) => s.startTime === time);
  if (!slot || !slot.available) throw badRequest('Please choose one of the offered times', 'selectedTime');
  if ((await takenTimes(db, store.code, date)).has(time)) throw new HttpError(409, SLOT_TAKEN, 'selectedTime', 'SLOT_TAKEN');
}

function toAppointment(row: AppointmentRow, store?: SeedStore): Appointment {
  return {
    appointmentId: row.id,
    storeCode: row.store_code,
    ...(row.order_id === null ? {} : { orderId: row.order_id }),
    ...(row.item_id === null ? {} : { itemId: row.item_id }),
    source: row.source,
    selectedDate: row.slot_date,
    selectedTime: row.slot_time,
    status: row.status,
    bookedStatus: row.booked_status,
    ...(row.name === null ? {} : { name: row.name }),
    ...(row.phone === null ? {} : { phone: row.phone }),
    ...(store ? { store: toStore(store) } : {}),
  };
}

async function ownedAppointment(db: Pick<Database, 'query'>, session: SessionRow, id: string, lock = false): Promise<AppointmentRow> {
  const [row] = await db.query<AppointmentRow>(`select ${COLUMNS} from appointments where id = $3 and ${OWNED}${lock ? ' for update' : ''}`, [
    ...ownerParams(session),
    id,
  ]);
  if (!row) throw notFound('Appointment not found');
  return row;
}

async function withStore(db: Pick<Database, 'query'>, row: AppointmentRow): Promise<Appointment> {
  return toAppointment(row, await storeByCode(db, row.store_code));
}

interface NewBooking {
  source: Source;
  storeCode: string;
  selectedDate: string;
  selectedTime: string;
  name: string | null;
  phoneCode?: string;
  phone: string | null;
  email?: string;
  orderId?: number;
  itemId?: number;
}

/**
 * A booking for an order needs the shopper's own order (cart area's `orders`, the cart's owner
 * rule: the customer's, or the guest session's when placed as a guest), and the item one of
 * its items: anything else is 404, so another shopper's order numbers reveal nothing.
 */
async function checkOrderOwned(db: Pick<Database, 'query'>, session: SessionRow, orderId: number, itemId?: number) {
  const [order] = await db.query<{ id: number }>(
    `select id from orders where id = $1 and ((customer_id is not null and customer_id = $2) or (customer_id is null and session_id = $3))`,
    [orderId, session.customer_id, session.id],
  );
  if (!order) throw notFound('Order not found');
  if (itemId === undefined) return;
  const [item] = await db.query<{ id: number }>('select id from order_items where id = $1 and order_id = $2', [itemId, orderId]);
  if (!item) throw notFound('Order item not found');
}

/**
 * Books a slot; the unique index refuses a second live booking of it, whatever the timing. A
 * shopper and a number hold only a few upcoming bookings at once (booking-caps.ts).
 */
async function book(db: Database, session: SessionRow, country: Country, booking: NewBooking): Promise<Appointment> {
  if (booking.phone !== null) checkPhone(country, booking.phone, 'phone');
  if (booking.orderId !== undefined) await checkOrderOwned(db, session, booking.orderId, booking.itemId);
  else if (booking.itemId !== undefined) throw badRequest('orderId: Required with itemId', 'orderId');
  const store = await storeByCode(db, booking.storeCode);
  if (booking.source === 'STUDIO' && !store.studio) throw badRequest('This store has no studio', 'storeCode');
  try {
    const row = await db.transaction(async (tx: Tx) => {
      await boundBookings(tx, 'appointments', session, booking.phone, appointmentsClock.now(), 'phone');
      await checkOffered(tx, store, booking.selectedDate, booking.selectedTime);
      const [inserted] = await tx.query<AppointmentRow>(
        `insert into appointments (id, source, store_code, session_id, customer_id, order_id, item_id, name, phone_code, phone, email, slot_date, slot_time, status)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'BOOKED') returning ${COLUMNS}`,
        [
          newAppointmentId('APT'),
          booking.source,
          store.code,
          session.id,
          session.customer_id,
          booking.orderId ?? null,
          booking.itemId ?? null,
          booking.name,
          booking.phoneCode ?? null,
          booking.phone,
          booking.email ?? null,
          booking.selectedDate,
          booking.selectedTime,
        ],
      );
      // The customer is told, and reminded before it, with the booking (messages/booking-messages.ts).
      await queueBookingBooked(tx, inserted!.id);
      return inserted!;
    });
    return toAppointment(row, store);
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, SLOT_TAKEN, 'selectedTime', 'SLOT_TAKEN');
    throw error;
  }
}

async function reschedule(db: Database, session: SessionRow, id: string, date: string, time: string, orderId?: number): Promise<Appointment> {
  try {
    const row = await db.transaction(async (tx: Tx) => {
      const current = await ownedAppointment(tx, session, id, true);
      if (orderId !== undefined && current.order_id !== orderId) throw notFound('Appointment not found');
      if (current.status === 'CANCELLED' || current.status === 'COMPLETED')
        throw new HttpError(409, 'This appointment can no longer be changed.', undefined, 'NOT_OPEN');
      if (current.slot_date === date && current.slot_time === time) throw badRequest('Please choose a different time', 'selectedTime');
      const store = await storeByCode(tx, current.store_code);
      await checkOffered(tx, store, date, time);
      const [updated] = await tx.query<AppointmentRow>(
        `update appointments set slot_date = $2, slot_time = $3, status = 'RESCHEDULED', booked_status = 'reschedule', updated_at = now()
         where id = $1 returning ${COLUMNS}`,
        [id, date, time],
      );
      // A new time is a new booking to tell, with its own reminder; the old time's reminder finds it moved.
      await queueBookingBooked(tx, id);
      return updated!;
    });
    return withStore(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, SLOT_TAKEN, 'selectedTime', 'SLOT_TAKEN');
    throw error;
  }
}

export function storeRoutes(app: FastifyInstance, _db: Database) {
  route(app, E.storeSlots, async ({ body, request, reply, db }) => {
    await requireSession(db, request, reply);
    const store = await storeByCode(db, body.storeCode);
    const now = appointmentsClock.now();
    const dates = bookableDates(now, store.timeZone, body.skipCurrentDate);
    const date = body.date ?? defaultDate(now, store.timeZone, body.skipCurrentDate);
    if (!dates.includes(date)) throw badRequest('Please choose one of the offered dates', 'date');
    const slots = generateSlots(store, date, now, await takenTimes(db, store.code, date));
    return { result: { storeCode: store.code, date, defaultDate: dates[0]!, dates, timeZone: store.timeZone, slots } };
  });

  route(app, E.book, async ({ query, body, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    return { result: await book(db, session, countryOf(request), { ...body, source: body.source, orderId: query.orderId, itemId: query.itemId }) };
  });

  route(app, E.storeApiAppointment, async ({ body, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    return { result: await book(db, session, countryOf(request), { ...body, source: 'STORE' }) };
  });

  route(app, E.testYourVision, async ({ body, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    return { result: await book(db, session, countryOf(request), { ...body, source: body.source === 'STUDIO' ? 'STUDIO' : 'TYV' }) };
  });

  route(app, E.reschedule, async ({ query, body, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    return { result: await reschedule(db, session, body.appointmentId, body.selectedDate, body.selectedTime, query.orderId) };
  });

  route(app, E.get, async ({ params, query, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const row = await ownedAppointment(db, session, params.appointmentId);
    if (query.source && query.source !== row.source) throw notFound('Appointment not found');
    return { result: await withStore(db, row) };
  });

  route(app, E.cancel, async ({ query, body, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const row = await db.transaction(async (tx: Tx) => {
      const current = await ownedAppointment(tx, session, body.appointmentId, true);
      if (query.orderId !== undefined && current.order_id !== query.orderId) throw notFound('Appointment not found');
      if (query.itemId !== undefined && current.item_id !== query.itemId) throw notFound('Appointment not found');
      if (current.status === 'CANCELLED') return current;
      if (current.status === 'COMPLETED') throw new HttpError(409, 'This appointment can no longer be changed.', undefined, 'NOT_OPEN');
      const [updated] = await tx.query<AppointmentRow>(
        `update appointments set status = 'CANCELLED', cancel_reason = $2, updated_at = now() where id = $1 returning ${COLUMNS}`,
        [current.id, body.reason ?? null],
      );
      await queueBookingCancelled(tx, current.id);
      return updated!;
    });
    return { result: await withStore(db, row) };
  });

  route(app, E.studioStores, async ({ request, db }) => {
    const stores = await storesOf(db, countryOf(request));
    return { result: { stores: stores.filter((s) => s.studio).map((s) => toStore(s)) } };
  });

  route(app, E.studioSlot, async ({ params, body, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    if (body.bookedStatus === 'reschedule') {
      if (!body.appointmentId) throw badRequest('appointmentId: Required to reschedule', 'appointmentId');
      const store = await storeByCode(db, body.storeCode);
      const current = await ownedAppointment(db, session, body.appointmentId);
      if (current.store_code !== store.code || current.order_id !== params.orderId) throw notFound('Appointment not found');
      return { result: await reschedule(db, session, body.appointmentId, body.selectedDate, body.selectedTime, params.orderId) };
    }
    const [customer] = session.customer_id
      ? await db.query<{ first_name: string; telephone: string | null }>('select first_name, telephone from customers where id = $1', [session.customer_id])
      : [];
    return {
      result: await book(db, session, countryOf(request), {
        source: 'STUDIO',
        storeCode: body.storeCode,
        selectedDate: body.selectedDate,
        selectedTime: body.selectedTime,
        name: customer?.first_name ?? null,
        phone: null,
        orderId: params.orderId,
      }),
    };
  });

  route(app, E.nearbyStores, async ({ query, request, db }) => {
    const country = countryOf(request);
    const place = await geocodeAddress(db, country, query.address);
    const near = storesNear(await storesOf(db, country), place, query.radius);
    const page = near.slice(query.pageNumber * query.pageSize, (query.pageNumber + 1) * query.pageSize);
    return {
      result: {
        stores: page.map(({ store, distance }) => toStore(store, distance)),
        total: near.length,
        pageNumber: query.pageNumber,
        pageSize: query.pageSize,
      },
    };
  });

  /** The store locator (issue 42): every store of the shopper's country, by city then area; the same for every shopper of a country. */
  route(app, E.stores, async ({ request, db }) => {
    const stores = (await storesOf(db, countryOf(request))).sort((a, b) => a.city.localeCompare(b.city) || a.area.localeCompare(b.area));
    return { result: { stores: stores.map((s) => toStore(s)) } };
  });

  route(app, E.storeApiNearby, async ({ query, request, db }) => {
    const country = countryOf(request);
    if (query.pid !== undefined) await productInStock(db, query.pid);
    const place = await geocodeAddress(db, country, query.area);
    const near = storesNear(await storesOf(db, country), place, DEFAULT_RADIUS_KM);
    return { result: { stores: near.map(({ store, distance }) => toStore(store, distance)) } };
  });

  route(app, E.storeApiPincodeProduct, async ({ params, body, request, db }) => {
    const country = countryOf(request);
    const inStock = await productInStock(db, body.productId);
    const place = await geocodePincode(db, country, params.pincode);
    const near = storesNear(await storesOf(db, country), place, DEFAULT_RADIUS_KM);
    return { result: { available: inStock && near.length > 0, stores: near.map(({ store, distance }) => toStore(store, distance)) } };
  });
}

async function productInStock(db: Database, productId: number): Promise<boolean> {
  const [product] = await db.query<{ stock: number }>('select stock from products where id = $1', [productId]);
  if (!product) throw notFound('Product not found');
  return product.stock > 0;
}
