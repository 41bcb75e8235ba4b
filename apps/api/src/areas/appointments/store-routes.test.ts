import { customerSession, guestSession, sessionIdFrom } from '../../testing/api';
// The cart area owns orders; the account area's test helper writes one as checkout would.
import { placeOrder } from '../account/testing';
import { appointmentsClock } from './clock';
import { caller, seededApiWithClockAt } from './testing';

/** 10:00 UTC = 15:30 in Kolkata, 06:00 in New York (EDT). */
const MORNING = new Date('2026-03-10T10:00:00Z');
const suite = seededApiWithClockAt(MORNING);

let phones = 0;
/** A booking, by default with a mobile number of its own (a number holds only a few upcoming bookings: booking-caps.test.ts). */
const booking = (over: Record<string, unknown> = {}) => ({
  storeCode: 'IN-NEW-001',
  selectedDate: '2026-03-12',
  selectedTime: '11:00',
  name: 'Asha Rao',
  phone: `98765${String((phones += 1)).padStart(5, '0')}`,
  ...over,
});

describe('store slots', () => {
  it('lists the windows of a store on its default date, with the request defaults', async () => {
    const call = caller(suite.api.app, await guestSession(suite.api.app));
    const { status, body } = await call('POST', '/v2/appointments/slots', { storeCode: 'IN-NEW-001' });
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ storeCode: 'IN-NEW-001', date: '2026-03-10', defaultDate: '2026-03-10', timeZone: 'Asia/Kolkata' });
    expect(body.result.dates).toHaveLength(14);
    const slots = body.result.slots as { startTime: string; available: boolean; window: string }[];
    expect(new Set(slots.map((s) => s.window))).toEqual(new Set(['9-12', '12-15', '15-18', '18-21']));
    expect(slots.find((s) => s.startTime === '15:00')!.available).toBe(false); // begun at 15:30 IST
    expect(slots.find((s) => s.startTime === '16:00')!.available).toBe(true);
  });

  it('moves the default date to the next day after 21:00 in the store zone (not in another store zone)', async () => {
    appointmentsClock.now = () => new Date('2026-03-10T15:45:00Z'); // 21:15 in Kolkata, 11:45 in New York
    const india = caller(suite.api.app, await guestSession(suite.api.app));
    const inSlots = await india('POST', '/v2/appointments/slots', { storeCode: 'IN-NEW-001', duration: 30, classification: 1, skipCurrentDate: 0 });
    expect(inSlots.body.result.date).toBe('2026-03-11');
    expect(inSlots.body.result.slots.every((s: { available: boolean }) => s.available)).toBe(true);
    const us = caller(suite.api.app, await guestSession(suite.api.app, 'us'), 'us');
    const usSlots = await us('POST', '/v2/appointments/slots', { storeCode: 'US-NEW-001' });
    expect(usSlots.body.result).toMatchObject({ date: '2026-03-10', timeZone: 'America/New_York' });
    const skip = await india('POST', '/v2/appointments/slots', { storeCode: 'IN-NEW-001', skipCurrentDate: 1 });
    expect(skip.body.result.date).toBe('2026-03-11');
  });

  it('refuses an unknown store, a date outside the offered ones and another duration', async () => {
    const call = caller(suite.api.app, await guestSession(suite.api.app));
    expect((await call('POST', '/v2/appointments/slots', { storeCode: 'NOPE' })).status).toBe(404);
    const late = await call('POST', '/v2/appointments/slots', { storeCode: 'IN-NEW-001', date: '2026-05-01' });
    expect(late).toMatchObject({ status: 400, body: { field: 'date' } });
    expect((await call('POST', '/v2/appointments/slots', { storeCode: 'IN-NEW-001', duration: 45 })).status).toBe(400);
  });
});

describe('booking, rescheduling and cancelling', () => {
  it('books a slot, which is then no longer offered; a second booking of it is refused', async () => {
    const asha = caller(suite.api.app, await guestSession(suite.api.app));
    const ravi = caller(suite.api.app, await guestSession(suite.api.app));
    const booked = await asha('POST', '/v2/appointments', booking());
    expect(booked.status).toBe(200);
    expect(booked.body.result).toMatchObject({
      storeCode: 'IN-NEW-001',
      selectedDate: '2026-03-12',
      selectedTime: '11:00',
      status: 'BOOKED',
      bookedStatus: 'new',
      source: 'STORE',
    });
    expect(booked.body.result.appointmentId).toMatch(/^APT-/);
    const slots = await ravi('POST', '/v2/appointments/slots', { storeCode: 'IN-NEW-001', date: '2026-03-12' });
    expect(slots.body.result.slots.find((s: { startTime: string }) => s.startTime === '11:00').available).toBe(false);
    const again = await ravi('POST', '/v2/appointments', booking({ name: 'Ravi' }));
    expect(again).toMatchObject({ status: 409, body: { message: 'This slot is no longer available. Please choose another time.', field: 'selectedTime' } });
  });

  it('lets only one of two simultaneous shoppers take the last place', async () => {
    const one = caller(suite.api.app, await guestSession(suite.api.app));
    const two = caller(suite.api.app, await guestSession(suite.api.app));
    const answers = await Promise.all([
      one('POST', '/v2/appointments', booking({ selectedTime: '12:00' })),
      two('POST', '/v2/appointments', booking({ selectedTime: '12:00' })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('holds a slot with a unique index even when the check is skipped', async () => {
    const insert = (id: string) =>
      suite.api.db.query(
        `insert into appointments (id, source, store_code, session_id, slot_date, slot_time, status) values ($1, 'STORE', 'IN-NEW-002', 's', '2026-03-12', '10:00', 'BOOKED')`,
        [id],
      );
    await insert('APT-X1');
    await expect(insert('APT-X2')).rejects.toMatchObject({ code: '23505' });
  });

  it('refuses a time outside the windows, a begun slot and a bad phone', async () => {
    const call = caller(suite.api.app, await guestSession(suite.api.app));
    expect((await call('POST', '/v2/appointments', booking({ selectedTime: '10:15' }))).body.field).toBe('selectedTime');
    expect((await call('POST', '/v2/appointments', booking({ selectedDate: '2026-03-10', selectedTime: '10:00' }))).body.field).toBe('selectedTime');
    expect((await call('POST', '/v2/appointments', booking({ phone: '1234567890' }))).body).toMatchObject({
      field: 'phone',
      message: 'Please enter a valid mobile number',
    });
    expect((await call('POST', '/v2/appointments', booking({ name: '' }))).status).toBe(400);
  });

  it('reschedules (bookedStatus reschedule), freeing the old slot, then cancels', async () => {
    const call = caller(suite.api.app, await guestSession(suite.api.app));
    const { body } = await call('POST', '/v2/appointments', booking({ selectedTime: '16:00' }));
    const id = body.result.appointmentId;
    const moved = await call('POST', '/v2/appointments/reschedule', { appointmentId: id, selectedDate: '2026-03-13', selectedTime: '17:30' });
    expect(moved.body.result).toMatchObject({
      appointmentId: id,
      selectedDate: '2026-03-13',
      selectedTime: '17:30',
      status: 'RESCHEDULED',
      bookedStatus: 'reschedule',
    });
    const old = await call('POST', '/v2/appointments/slots', { storeCode: 'IN-NEW-001', date: '2026-03-12' });
    expect(old.body.result.slots.find((s: { startTime: string }) => s.startTime === '16:00').available).toBe(true);
    const details = await call('GET', `/v2/appointments/${id}?source=STORE`);
    expect(details.body.result).toMatchObject({ selectedTime: '17:30', store: { code: 'IN-NEW-001', timeZone: 'Asia/Kolkata' } });
    const cancelled = await call('POST', '/v2/appointments/cancel', { appointmentId: id, reason: 'Plans changed' });
    expect(cancelled.body.result.status).toBe('CANCELLED');
    const freed = await call('POST', '/v2/appointments/slots', { storeCode: 'IN-NEW-001', date: '2026-03-13' });
    expect(freed.body.result.slots.find((s: { startTime: string }) => s.startTime === '17:30').available).toBe(true);
    expect((await call('POST', '/v2/appointments/reschedule', { appointmentId: id, selectedDate: '2026-03-13', selectedTime: '18:00' })).status).toBe(409);
  });

  it('refuses to reschedule into a taken slot', async () => {
    const call = caller(suite.api.app, await guestSession(suite.api.app));
    await call('POST', '/v2/appointments', booking({ selectedTime: '18:00' }));
    const { body } = await call('POST', '/v2/appointments', booking({ selectedTime: '18:30' }));
    const moved = await call('POST', '/v2/appointments/reschedule', {
      appointmentId: body.result.appointmentId,
      selectedDate: '2026-03-12',
      selectedTime: '18:00',
    });
    expect(moved.status).toBe(409);
  });

  it("answers 404 for another shopper's appointment, and lets a customer see theirs from another session", async () => {
    const owner = await customerSession(suite.api.app, suite.api.db);
    const call = caller(suite.api.app, owner.cookie);
    const { body } = await call('POST', '/v2/appointments', booking({ selectedTime: '19:00' }));
    const id = body.result.appointmentId;
    const stranger = caller(suite.api.app, await guestSession(suite.api.app));
    expect((await stranger('GET', `/v2/appointments/${id}`)).status).toBe(404);
    expect((await stranger('POST', '/v2/appointments/cancel', { appointmentId: id })).status).toBe(404);
    expect((await stranger('POST', '/v2/appointments/reschedule', { appointmentId: id, selectedDate: '2026-03-14', selectedTime: '10:00' })).status).toBe(404);
    const otherSession = await guestSession(suite.api.app);
    await suite.api.db.query('update sessions set customer_id = $1 where id = $2', [owner.customerId, sessionIdFrom(otherSession)]);
    expect((await caller(suite.api.app, otherSession)('GET', `/v2/appointments/${id}`)).status).toBe(200);
  });

  it('books test-your-vision and studio appointments; a studio needs a studio store', async () => {
    const cookie = await guestSession(suite.api.app);
    const call = caller(suite.api.app, cookie);
    const { orderId } = await placeOrder(suite.api.db, { sessionId: sessionIdFrom(cookie) });
    const tyv = await call('POST', '/v2/studio/test-your-vision', booking({ storeCode: 'IN-NEW-002', selectedTime: '13:00' }));
    expect(tyv.body.result).toMatchObject({ source: 'TYV', status: 'BOOKED' });
    const notStudio = await call('POST', '/v2/studio/test-your-vision', booking({ storeCode: 'IN-NEW-002', selectedTime: '13:30', source: 'STUDIO' }));
    expect(notStudio).toMatchObject({ status: 400, body: { field: 'storeCode' } });
    const studios = await call('GET', '/v2/studio/stores');
    expect(studios.body.result.stores.map((s: { code: string }) => s.code)).toEqual(['IN-BEN-008', 'IN-HYD-013', 'IN-MUM-005', 'IN-NEW-001']);
    const slot = await call('POST', `/v2/orders/${orderId}/studio/slot`, { storeCode: 'IN-MUM-005', selectedDate: '2026-03-12', selectedTime: '13:00' });
    expect(slot.body.result).toMatchObject({ source: 'STUDIO', orderId, status: 'BOOKED' });
    const moved = await call('POST', `/v2/orders/${orderId}/studio/slot`, {
      storeCode: 'IN-MUM-005',
      selectedDate: '2026-03-12',
      selectedTime: '14:00',
      bookedStatus: 'reschedule',
      appointmentId: slot.body.result.appointmentId,
    });
    expect(moved.body.result).toMatchObject({ selectedTime: '14:00', bookedStatus: 'reschedule' });
    expect(
      (
        await call('POST', `/v2/orders/${orderId + 1000}/studio/slot`, {
          storeCode: 'IN-MUM-005',
          selectedDate: '2026-03-12',
          selectedTime: '15:00',
          bookedStatus: 'reschedule',
          appointmentId: slot.body.result.appointmentId,
        })
      ).status,
    ).toBe(404);
  });
});

describe('bookings for an order', () => {
  it("books a studio slot only for the shopper's own order: another's, or none, is 404", async () => {
    const owner = await customerSession(suite.api.app, suite.api.db);
    const { orderId } = await placeOrder(suite.api.db, { customerId: owner.customerId });
    const slot = { storeCode: 'IN-BEN-008', selectedDate: '2026-03-13', selectedTime: '10:00' };
    const stranger = caller(suite.api.app, await guestSession(suite.api.app));
    const refused = await stranger('POST', `/v2/orders/${orderId}/studio/slot`, slot);
    expect(refused).toMatchObject({ status: 404, body: { message: 'Order not found' } });
    expect((await stranger('POST', '/v2/orders/987654/studio/slot', slot)).status).toBe(404);
    const [{ count }] = (await suite.api.db.query<{ count: number }>('select count(*)::int as count from appointments where order_id = $1', [orderId])) as [
      { count: number },
    ];
    expect(count).toBe(0);
    const own = await caller(suite.api.app, owner.cookie)('POST', `/v2/orders/${orderId}/studio/slot`, slot);
    expect(own).toMatchObject({ status: 200, body: { result: { orderId, source: 'STUDIO' } } });
  });

  it("a store appointment for an order item needs the shopper's order and one of its items", async () => {
    const cookie = await guestSession(suite.api.app);
    const call = caller(suite.api.app, cookie);
    const mine = await placeOrder(suite.api.db, { sessionId: sessionIdFrom(cookie) });
    const theirs = await placeOrder(suite.api.db, { sessionId: sessionIdFrom(await guestSession(suite.api.app)) });
    const visit = booking({ storeCode: 'IN-GUR-003', selectedDate: '2026-03-13' });
    expect((await call('POST', `/v2/appointments?orderId=${theirs.orderId}&itemId=${theirs.itemIds[0]}`, visit)).status).toBe(404);
    expect((await call('POST', `/v2/appointments?orderId=${mine.orderId}&itemId=${theirs.itemIds[0]}`, visit)).body).toMatchObject({
      message: 'Order item not found',
    });
    expect(await call('POST', `/v2/appointments?itemId=${mine.itemIds[0]}`, visit)).toMatchObject({ status: 400, body: { field: 'orderId' } });
    const booked = await call('POST', `/v2/appointments?orderId=${mine.orderId}&itemId=${mine.itemIds[0]}`, visit);
    expect(booked.body.result).toMatchObject({ orderId: mine.orderId, itemId: mine.itemIds[0], status: 'BOOKED' });
  });
});

describe('finding stores', () => {
  it('finds stores near a pincode within the radius, nearest first, paged', async () => {
    const call = caller(suite.api.app, await guestSession(suite.api.app));
    const { status, body } = await call('GET', '/v2/stores/nearby?address=110016');
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ pageNumber: 0, pageSize: 10 });
    const codes = body.result.stores.map((s: { code: string }) => s.code);
    expect(codes[0]).toBe('IN-NEW-002'); // Lajpat Nagar is nearest to Hauz Khas
    expect(codes).toEqual(expect.arrayContaining(['IN-NEW-001', 'IN-GUR-003', 'IN-NOI-004']));
    expect(codes).not.toContain('IN-MUM-005');
    const distances = body.result.stores.map((s: { distanceKm: number }) => s.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const page = await call('GET', '/v2/stores/nearby?address=110016&pageSize=2&pageNumber=1');
    expect(page.body.result.stores).toHaveLength(2);
    expect(page.body.result.total).toBe(body.result.total);
    const byName = await call('GET', '/v2/stores/nearby?address=Bandra%20West&radius=5');
    expect(byName.body.result.stores[0].code).toBe('IN-MUM-005');
  });

  it("lists every store of the shopper's country by city then area, with address, hours and phone (the store locator)", async () => {
    const india = await caller(suite.api.app, await guestSession(suite.api.app))('GET', '/v2/stores');
    expect(india.status).toBe(200);
    const stores: { code: string; city: string; area: string; country: string }[] = india.body.result.stores;
    expect(stores.length).toBeGreaterThan(20);
    expect(stores.every((s) => s.country === 'in')).toBe(true);
    const order = stores.map((s) => `${s.city}|${s.area}`);
    expect(order).toEqual([...order].sort((a, b) => a.split('|')[0]!.localeCompare(b.split('|')[0]!) || a.split('|')[1]!.localeCompare(b.split('|')[1]!)));
    expect(stores.find((s) => s.code === 'IN-MUM-005')).toMatchObject({
      name: 'Clearview Studio, Bandra West',
      city: 'Mumbai',
      pincode: '400050',
      address: expect.stringContaining('Bandra West'),
      phone: expect.stringMatching(/^\+91 /),
      opensAt: 10,
      closesAt: 21,
      studio: true,
    });
    expect(stores[0]).not.toHaveProperty('distanceKm');
    const uae = await caller(suite.api.app, await guestSession(suite.api.app, 'ae'), 'ae')('GET', '/v2/stores');
    expect(uae.body.result.stores.map((s: { city: string }) => s.city)).toEqual(['Abu Dhabi', 'Dubai', 'Dubai', 'Dubai', 'Sharjah']);
  });

  it("answers 'No Result Found..' for an unknown place, and nothing for a far one", async () => {
    const call = caller(suite.api.app, await guestSession(suite.api.app));
    expect(await call('GET', '/v2/stores/nearby?address=999999')).toMatchObject({ status: 404, body: { message: 'No Result Found..' } });
    const far = await call('GET', '/v2/stores/nearby?address=744101');
    expect(far.body.result).toMatchObject({ stores: [], total: 0 });
  });

  it('store API: stores near an area stocking a product, and by pincode', async () => {
    const call = caller(suite.api.app, await guestSession(suite.api.app));
    const near = await call('GET', '/v2/store-api/stores/nearby?area=Koramangala&pid=128001');
    expect(near.body.result.stores[0].code).toBe('IN-BEN-009');
    expect((await call('GET', '/v2/store-api/stores/nearby?area=Koramangala&pid=1')).status).toBe(404);
    const pin = await call('POST', '/v2/store-api/pincode/560034/product', { productId: 128001 });
    expect(pin.body.result.stores.length).toBeGreaterThan(0);
    expect(typeof pin.body.result.available).toBe('boolean');
    const booked = await call('POST', '/v2/store-api/appointments', booking({ storeCode: 'IN-BEN-009', selectedTime: '10:30' }));
    expect(booked.body.result).toMatchObject({ source: 'STORE', storeCode: 'IN-BEN-009' });
  });
});

describe('after login', () => {
  it("a guest's bookings follow them into their account", async () => {
    const guest = await guestSession(suite.api.app);
    const { body } = await caller(suite.api.app, guest)('POST', '/v2/appointments', booking({ selectedTime: '20:00' }));
    const account = await customerSession(suite.api.app, suite.api.db);
    const { adoptGuestBookings } = await import('./index');
    await suite.api.db.transaction((tx) =>
      adoptGuestBookings(tx, { previousSessionId: sessionIdFrom(guest), sessionId: sessionIdFrom(account.cookie), customerId: account.customerId }),
    );
    const seen = await caller(suite.api.app, account.cookie)('GET', `/v2/appointments/${body.result.appointmentId}`);
    expect(seen.status).toBe(200);
  });
});
