import { type FastifyInstance } from 'fastify';
import { areaEndpoints, type HecAppointment, type HtoAppointment } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { queueBookingBooked, queueBookingCancelled } from '../../messages/booking-messages';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { countryOf, requireSession, type Country, type SessionRow } from '../../http/session';
import { type SeedStore } from '../../seed/types';
import { type Tx } from '../area';
import { boundBookings } from './booking-caps';
import { appointmentsClock } from './clock';
import { geocodePincode, nearestPlace, storesNear, storesOf, type Place } from './places';
import { checkPhone, isoDateTime, isUniqueViolation, newAppointmentId, OWNED, ownerParams } from './shared';
import { homeVisitDates, isWindowId, localTime, VISIT_WINDOWS, windowLabel, type WindowId } from './slots';

const H = areaEndpoints.hto;
const A = areaEndpoints.appointments;
/** Home visits reach this far from a store (its agents travel from there). */
export const HOME_VISIT_RADIUS_KM = 25;
const NOT_SERVICEABLE = 'Home visits are not available at this pincode yet.';
const SLOT_TAKEN = 'This slot has just been booked. Please choose another.';
const NOT_OPEN = 'This appointment can no longer be changed.';

interface OrderRow {
  order_id: number;
  appointment_id: string;
  session_id: string;
  pincode: string;
  slot_date: string;
  slot_id: WindowId;
  status: 'OPEN' | 'CANCELLED' | 'COMPLETED';
  address: string;
  cancel_reason: string | null;
  created_at: Date | string;
  agent_name: string;
  agent_phone: string;
  store_code: string;
  time_zone: string;
}

const SELECT = `select o.order_id, o.appointment_id, o.session_id, o.pincode, to_char(o.slot_date, 'YYYY-MM-DD') as slot_date, o.slot_id,
  o.status, o.address, o.cancel_reason, o.created_at, a.name as agent_name, a.phone as agent_phone, a.store_code,
  s.data->>'timeZone' as time_zone
  from hto_orders o join hto_agents a on a.id = o.agent_id join stores s on s.code = a.store_code`;

const OWNED_ORDER = OWNED.replaceAll('session_id', 'o.session_id').replaceAll('customer_id', 'o.customer_id');

function toHto(row: OrderRow): HtoAppointment {
  return {
    orderId: row.order_id,
    appointmentId: row.appointment_id,
    pincode: row.pincode,
    date: row.slot_date,
    slotId: row.slot_id,
    slotLabel: windowLabel(row.slot_id),
    status: row.status,
    agent: { name: row.agent_name, phone: row.agent_phone },
    ...(row.cancel_reason ? { cancellationReason: row.cancel_reason } : {}),
    createdAt: isoDateTime(row.created_at),
  };
}

function toHec(row: OrderRow): HecAppointment {
  const window = VISIT_WINDOWS.find((w) => w.id === row.slot_id)!;
  return {
    appointmentId: row.appointment_id,
    storeCode: row.store_code,
    orderId: row.order_id,
    source: 'HEC',
    selectedDate: row.slot_date,
    selectedTime: `${String(window.from).padStart(2, '0')}:00`,
    status: row.status,
    address: row.address,
    optometrist: { name: row.agent_name, phone: row.agent_phone },
    ...(row.cancel_reason ? { cancellationReason: row.cancel_reason } : {}),
  };
}

/** The store whose agents reach a place, or null when none is near enough. */
async function hubFor(db: Database, country: Country, place: { lat: number; lng: number }): Promise<SeedStore | null> {
  return storesNear(await storesOf(db, country), place, HOME_VISIT_RADIUS_KM)[0]?.store ?? null;
}

async function ownedOrder(db: Pick<Database, 'query'>, session: SessionRow, where: string, value: unknown, lock = false): Promise<OrderRow> {
  const [row] = await db.query<OrderRow>(`${SELECT} where ${where} = $3 and ${OWNED_ORDER}${lock ? ' for update of o' : ''}`, [...ownerParams(session), value]);
  if (!row) throw notFound('Appointment not found');
  return row;
}

/** A visit whose window has ended (in the hub's zone) is completed. */
function isOver(row: OrderRow, now: Date): boolean {
  const local = localTime(now, row.time_zone);
  const window = VISIT_WINDOWS.find((w) => w.id === row.slot_id)!;
  return row.slot_date < local.date || (row.slot_date === local.date && local.minutes >= window.to * 60);
}

async function cancelOrder(db: Database, session: SessionRow, orderId: number, reason: string): Promise<OrderRow> {
  return db.transaction(async (tx: Tx) => {
    const current = await ownedOrder(tx, session, 'o.order_id', orderId, true);
    if (current.status !== 'OPEN') throw new HttpError(409, NOT_OPEN, undefined, 'NOT_OPEN');
    await tx.query(`update hto_orders set status = 'CANCELLED', cancel_reason = $2, updated_at = now() where order_id = $1`, [orderId, reason]);
    await queueBookingCancelled(tx, String(orderId));
    return { ...current, status: 'CANCELLED' as const, cancel_reason: reason };
  });
}

export function htoRoutes(app: FastifyInstance, _db: Database) {
  route(app, H.page, async ({ request, db }) => {
    const [page] = await db.query<{ data: { sections: Record<string, unknown>[]; config: { price: number; enabled: boolean } } }>(
      'select data from hto_pages where country = $1',
      [countryOf(request)],
    );
    if (!page) throw notFound('Page not found');
    return { result: page.data };
  });

  route(app, H.geocode, async ({ query, request, db }) => {
    const place: Place = await geocodePincode(db, countryOf(request), query.pinCode);
    return { result: { pincode: place.pincode, city: place.city, area: place.area, lat: place.lat, lng: place.lng } };
  });

  route(app, H.validateLocation, async ({ query, request, db }) => {
    const [lat, lng] = query.location.split(',').map(Number) as [number, number];
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw badRequest('location is lat,lng', 'location');
    const country = countryOf(request);
    const hub = await hubFor(db, country, { lat, lng });
    if (!hub) return { result: { serviceable: false } };
    const nearest = await nearestPlace(db, country, { lat, lng });
    const place = nearest && nearest.distance <= HOME_VISIT_RADIUS_KM ? nearest.place : { pincode: hub.pincode, city: hub.city };
    return { result: { serviceable: true, pincode: place.pincode, city: place.city } };
  });

  route(app, H.slots, async ({ query, request, db }) => {
    const country = countryOf(request);
    const place = await geocodePincode(db, country, query.pinCode);
    const hub = await hubFor(db, country, place);
    if (!hub) throw badRequest(NOT_SERVICEABLE, 'pinCode');
    const dates = homeVisitDates(appointmentsClock.now(), hub.timeZone);
    const [{ agents }] = (await db.query<{ agents: number }>('select count(*)::int as agents from hto_agents where store_code = $1', [hub.code])) as [
      { agents: number },
    ];
    const busy = await db.query<{ slot_date: string; slot_id: string; visits: number }>(
      `select to_char(o.slot_date, 'YYYY-MM-DD') as slot_date, o.slot_id, count(*)::int as visits
       from hto_orders o join hto_agents a on a.id = o.agent_id
       where a.store_code = $1 and o.status = 'OPEN' and o.slot_date >= $2::date group by 1, 2`,
      [hub.code, dates[0]],
    );
    const visits = (date: string, slot: string) => busy.find((b) => b.slot_date === date && b.slot_id === slot)?.visits ?? 0;
    return {
      result: {
        days: dates.map((date) => ({
          date,
          slots: VISIT_WINDOWS.map((w) => ({ id: w.id, label: windowLabel(w.id), available: visits(date, w.id) < agents })),
        })),
      },
    };
  });

  route(app, H.cancelReasons, async ({ db }) => {
    const reasons = await db.query<{ id: number; reason: string }>('select id, reason from hto_cancel_reasons order by position');
    return { result: { reasons } };
  });

  route(app, H.createOrder, async ({ body, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const country = countryOf(request);
    checkPhone(country, body.userInfo.telephone, 'userInfo.telephone');
    const place = await geocodePincode(db, country, body.pincode);
    const hub = await hubFor(db, country, place);
    if (!hub) throw badRequest(NOT_SERVICEABLE, 'pincode');
    if (!homeVisitDates(appointmentsClock.now(), hub.timeZone).includes(body.date)) throw badRequest('Please choose one of the offered dates', 'date');
    if (!isWindowId(body.slotId)) throw badRequest('Please choose one of the offered slots', 'slotId');
    try {
      const orderId = await db.transaction(async (tx: Tx) => {
        // A shopper and a number hold only a few upcoming home visits at once (booking-caps.ts).
        await boundBookings(tx, 'home visits', session, body.userInfo.telephone, appointmentsClock.now(), 'userInfo.telephone');
        const [agent] = await tx.query<{ id: number }>(
          `select a.id from hto_agents a where a.store_code = $1 and not exists (
             select 1 from hto_orders o where o.agent_id = a.id and o.slot_date = $2 and o.slot_id = $3 and o.status = 'OPEN')
           order by a.id limit 1`,
          [hub.code, body.date, body.slotId],
        );
        if (!agent) throw new HttpError(409, SLOT_TAKEN, 'slotId', 'SLOT_TAKEN');
        const { userInfo } = body;
        const [row] = await tx.query<{ order_id: number }>(
          `insert into hto_orders (appointment_id, session_id, customer_id, country, pincode, slot_date, slot_id, agent_id, status,
             name, phone_code, telephone, email, address, utm, product_ids)
           values ($1, $2, $3, $4, $5, $6, $7, $8, 'OPEN', $9, $10, $11, $12, $13, $14, $15) returning order_id`,
          [
            newAppointmentId('HEC'),
            session.id,
            session.customer_id,
            country,
            body.pincode,
            body.date,
            body.slotId,
            agent.id,
            userInfo.name,
            userInfo.phoneCode ?? null,
            userInfo.telephone,
            userInfo.email ?? null,
            userInfo.address,
            body.utm ? JSON.stringify(body.utm) : null,
            body.productIds ? JSON.stringify(body.productIds) : null,
          ],
        );
        // The customer is told, and reminded before the visit, with the booking (messages/booking-messages.ts).
        await queueBookingBooked(tx, String(row!.order_id));
        return row!.order_id;
      });
      return { result: toHto(await ownedOrder(db, session, 'o.order_id', orderId)) };
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, SLOT_TAKEN, 'slotId', 'SLOT_TAKEN');
      throw error;
    }
  });

  route(app, H.lastOrder, async ({ query, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const [row] = await db.query<OrderRow>(`${SELECT} where o.telephone = $3 and ${OWNED_ORDER} order by o.created_at desc, o.order_id desc limit 1`, [
      ...ownerParams(session),
      query.telephone,
    ]);
    return { result: row ? toHto(row) : null };
  });

  route(app, H.cancel, async ({ params, query, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const [reason] = await db.query<{ reason: string }>('select reason from hto_cancel_reasons where reason = $1 or id::text = $1', [query.reason]);
    if (!reason) throw badRequest('Please choose a reason to cancel', 'reason');
    return { result: toHto(await cancelOrder(db, session, params.orderId, reason.reason)) };
  });

  route(app, H.sos, async ({ query, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const row = await ownedOrder(db, session, 'o.appointment_id', query.appointmentId);
    return { result: { appointmentId: row.appointment_id, status: row.status, agent: { name: row.agent_name, phone: row.agent_phone } } };
  });

  route(app, A.hecGet, async ({ params, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    return { result: toHec(await ownedOrder(db, session, 'o.appointment_id', params.appointmentId)) };
  });

  route(app, A.hecSync, async ({ params, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const row = await ownedOrder(db, session, 'o.appointment_id', params.appointmentId);
    if (row.status === 'OPEN' && isOver(row, appointmentsClock.now())) {
      await db.query(`update hto_orders set status = 'COMPLETED', updated_at = now() where order_id = $1 and status = 'OPEN'`, [row.order_id]);
      return { result: toHec({ ...row, status: 'COMPLETED' }) };
    }
    return { result: toHec(row) };
  });

  route(app, A.hecCancel, async ({ query, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    return { result: toHec(await cancelOrder(db, session, query.orderId, query.reasonCancellation)) };
  });
}
