import { customerSession, guestSession, sessionIdFrom } from '../../testing/api';
import { ACTIVE_BOOKINGS_PER_PHONE, ACTIVE_BOOKINGS_PER_SHOPPER, BOOKING_CAP_MESSAGES } from './booking-caps';
import { appointmentsClock } from './clock';
import { caller, seededApiWithClockAt } from './testing';

/**
 * Issue 40 "Slot hoarding": one guest session booked 10 of 10 store slots. A shopper (session,
 * or customer across sessions) and a mobile number hold only a few upcoming bookings at once,
 * counted under locks so parallel bookings cannot pass; past the cap 409 TOO_MANY_BOOKINGS with a
 * message saying to cancel or change one. Cancelled and past bookings no longer count.
 */
/** 10:00 UTC = 15:30 in Kolkata. */
const MORNING = new Date('2026-03-10T10:00:00Z');
const suite = seededApiWithClockAt(MORNING);

let phones = 0;
const newPhone = () => `97531${String((phones += 1)).padStart(5, '0')}`;
/** Store slots no other test of this file takes: the day's half hours of a store, in turn. */
let slots = 0;
const TIMES = ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '16:00', '16:30', '17:00', '17:30', '18:00'];
const STORES = ['IN-NEW-001', 'IN-NEW-002', 'IN-GUR-003', 'IN-NOI-004'];
const slot = () => {
  const n = (slots += 1);
  return { storeCode: STORES[Math.floor(n / TIMES.length) % STORES.length]!, selectedDate: '2026-03-12', selectedTime: TIMES[n % TIMES.length]! };
};
const booking = (over: Record<string, unknown> = {}) => ({ ...slot(), name: 'Asha Rao', phone: newPhone(), ...over });

const live = async (sessionIds: string[]) =>
  (
    await suite.api.db.query<{ count: number }>(
      `select count(*)::int as count from appointments where session_id = any($1::text[]) and status in ('BOOKED', 'RESCHEDULED')`,
      [sessionIds],
    )
  )[0]!.count;

describe('store bookings per shopper', () => {
  it(`one guest session holds ${ACTIVE_BOOKINGS_PER_SHOPPER} upcoming bookings; the next is 409 saying to cancel or change one, and the slot stays free`, async () => {
    const cookie = await guestSession(suite.api.app);
    const call = caller(suite.api.app, cookie);
    const booked = [];
    for (let i = 0; i < ACTIVE_BOOKINGS_PER_SHOPPER; i += 1) {
      const answer = await call('POST', '/v2/appointments', booking());
      expect(answer.status).toBe(200);
      booked.push(answer.body.result.appointmentId as string);
    }
    const wanted = booking();
    const refused = await call('POST', '/v2/appointments', wanted);
    expect(refused).toMatchObject({ status: 409, body: { code: 'TOO_MANY_BOOKINGS', message: BOOKING_CAP_MESSAGES.shopper('appointments') } });
    expect(refused.body.message).toMatch(/cancel or change one of them/);
    const free = await call('POST', '/v2/appointments/slots', { storeCode: wanted.storeCode, date: wanted.selectedDate });
    expect(free.body.result.slots.find((s: { startTime: string }) => s.startTime === wanted.selectedTime).available).toBe(true);
    // Test-your-vision and the store API count as well.
    expect((await call('POST', '/v2/studio/test-your-vision', booking())).status).toBe(409);
    expect((await call('POST', '/v2/store-api/appointments', booking())).status).toBe(409);

    // Changing a booking is still possible at the cap; cancelling one makes room for another.
    const moved = await call('POST', '/v2/appointments/reschedule', { appointmentId: booked[0], selectedDate: '2026-03-13', selectedTime: '19:00' });
    expect(moved.status).toBe(200);
    expect((await call('POST', '/v2/appointments/cancel', { appointmentId: booked[1], reason: 'Plans changed' })).status).toBe(200);
    expect((await call('POST', '/v2/appointments', wanted)).status).toBe(200);
    expect(await live([sessionIdFrom(cookie)])).toBe(ACTIVE_BOOKINGS_PER_SHOPPER);
  });

  it(`10 bookings of 10 slots sent at once from one session: exactly ${ACTIVE_BOOKINGS_PER_SHOPPER} are booked`, async () => {
    const cookie = await guestSession(suite.api.app);
    const call = caller(suite.api.app, cookie);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('POST', '/v2/appointments', booking())));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(ACTIVE_BOOKINGS_PER_SHOPPER);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'TOO_MANY_BOOKINGS')).toHaveLength(10 - ACTIVE_BOOKINGS_PER_SHOPPER);
    expect(await live([sessionIdFrom(cookie)])).toBe(ACTIVE_BOOKINGS_PER_SHOPPER);
  });

  it('a customer holds the same number across their sessions, in parallel too', async () => {
    const { cookie, customerId } = await customerSession(suite.api.app, suite.api.db);
    const other = await guestSession(suite.api.app);
    await suite.api.db.query('update sessions set customer_id = $1 where id = $2', [customerId, sessionIdFrom(other)]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => caller(suite.api.app, i % 2 ? cookie : other)('POST', '/v2/appointments', booking())),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(ACTIVE_BOOKINGS_PER_SHOPPER);
    expect(await live([sessionIdFrom(cookie), sessionIdFrom(other)])).toBe(ACTIVE_BOOKINGS_PER_SHOPPER);
    // Another shopper is not held back.
    expect((await caller(suite.api.app, await guestSession(suite.api.app))('POST', '/v2/appointments', booking())).status).toBe(200);
  });

  it('bookings whose time has passed no longer count', async () => {
    const call = caller(suite.api.app, await guestSession(suite.api.app));
    for (let i = 0; i < ACTIVE_BOOKINGS_PER_SHOPPER; i += 1) expect((await call('POST', '/v2/appointments', booking())).status).toBe(200);
    expect((await call('POST', '/v2/appointments', booking())).status).toBe(409);
    appointmentsClock.now = () => new Date('2026-03-13T03:00:00Z'); // 08:30 on the 13th in Kolkata: the bookings of the 12th are past
    expect((await call('POST', '/v2/appointments', booking({ selectedDate: '2026-03-14' }))).status).toBe(200);
  });
});

describe('store bookings per mobile number', () => {
  it(`fresh sessions booking with one number: ${ACTIVE_BOOKINGS_PER_PHONE}, then 409 on the phone field; other numbers are not held back`, async () => {
    const phone = newPhone();
    for (let i = 0; i < ACTIVE_BOOKINGS_PER_PHONE; i += 1)
      expect((await caller(suite.api.app, await guestSession(suite.api.app))('POST', '/v2/appointments', booking({ phone }))).status).toBe(200);
    const refused = await caller(suite.api.app, await guestSession(suite.api.app))('POST', '/v2/appointments', booking({ phone }));
    expect(refused).toMatchObject({ status: 409, body: { code: 'TOO_MANY_BOOKINGS', field: 'phone', message: BOOKING_CAP_MESSAGES.phone('appointments') } });
    expect((await caller(suite.api.app, await guestSession(suite.api.app))('POST', '/v2/appointments', booking())).status).toBe(200);
  });

  it('fresh sessions booking with one number at once cannot pass the cap', async () => {
    const phone = newPhone();
    const sessions = await Promise.all(Array.from({ length: 8 }, () => guestSession(suite.api.app)));
    const answers = await Promise.all(sessions.map((cookie) => caller(suite.api.app, cookie)('POST', '/v2/appointments', booking({ phone }))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(ACTIVE_BOOKINGS_PER_PHONE);
    const [{ count }] = (await suite.api.db.query<{ count: number }>(`select count(*)::int as count from appointments where phone = $1`, [phone])) as [
      { count: number },
    ];
    expect(count).toBe(ACTIVE_BOOKINGS_PER_PHONE);
  });
});

describe('home visits', () => {
  /** Windows on the offered days (2 agents each): no two visits of this file share one. */
  let windows = 0;
  const visit = (telephone = newPhone()) => {
    const n = (windows += 1);
    return {
      userInfo: { name: 'Meera', telephone, address: '12 Park Lane, Hauz Khas' },
      pincode: '110016',
      date: `2026-03-1${1 + (Math.floor(n / 4) % 5)}`,
      slotId: ['9-12', '12-15', '15-18', '18-21'][n % 4]!,
    };
  };

  it(`one session holds ${ACTIVE_BOOKINGS_PER_SHOPPER} upcoming home visits; the next is 409; cancelling one makes room`, async () => {
    const call = caller(suite.api.app, await guestSession(suite.api.app));
    const orders = [];
    for (let i = 0; i < ACTIVE_BOOKINGS_PER_SHOPPER; i += 1) {
      const answer = await call('POST', '/v2/hto/order', visit());
      expect(answer.status).toBe(200);
      orders.push(answer.body.result.orderId as number);
    }
    const refused = await call('POST', '/v2/hto/order', visit());
    expect(refused).toMatchObject({ status: 409, body: { code: 'TOO_MANY_BOOKINGS', message: BOOKING_CAP_MESSAGES.shopper('home visits') } });
    expect((await call('POST', `/v2/hto/order/${orders[0]}/cancel?reason=1`)).status).toBe(200);
    expect((await call('POST', '/v2/hto/order', visit())).status).toBe(200);
  });

  it('fresh sessions booking home visits with one number at once cannot pass the cap; the refusal names the phone field', async () => {
    const telephone = newPhone();
    const sessions = await Promise.all(Array.from({ length: 6 }, () => guestSession(suite.api.app)));
    const answers = await Promise.all(sessions.map((cookie) => caller(suite.api.app, cookie)('POST', '/v2/hto/order', visit(telephone))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(ACTIVE_BOOKINGS_PER_PHONE);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_BOOKINGS', field: 'userInfo.telephone', message: BOOKING_CAP_MESSAGES.phone('home visits') });
  });
});
