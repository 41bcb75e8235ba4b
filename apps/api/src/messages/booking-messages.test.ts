import { type FastifyInstance } from 'fastify';
import { guestSession } from '../testing/api';
import { appointmentsClock } from '../areas/appointments/clock';
import { seededApiWithClockAt } from '../areas/appointments/testing';
import { HANDLERS } from '../jobs/handlers';
import { queueBookingReminder, reminderAt } from './booking-messages';

/** 10:00 UTC = 15:30 in Kolkata. */
const MORNING = new Date('2026-03-10T10:00:00Z');
const suite = seededApiWithClockAt(MORNING);

/** A shopper's calls, with the headers a test asks for (an Idempotency-Key). */
async function shopper(app: FastifyInstance) {
  const cookie = await guestSession(app);
  return async (url: string, payload?: object, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: { cookie, 'x-country-code': 'in', ...headers } });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers of many shapes
    return { status: response.statusCode, body: response.json() as any };
  };
}

let phones = 0;
const nextPhone = () => `98123${String((phones += 1)).padStart(5, '0')}`;
const appointment = (over: Record<string, unknown> = {}) => ({
  storeCode: 'IN-NEW-001',
  selectedDate: '2026-03-12',
  selectedTime: '11:00',
  name: 'Asha Rao',
  phone: nextPhone(),
  email: 'asha@example.com',
  ...over,
});
const homeVisit = (over: Record<string, unknown> = {}) => ({
  userInfo: { name: 'Meera', telephone: nextPhone(), email: 'meera@example.com', address: '12 Park Lane, Hauz Khas' },
  pincode: '110016',
  date: '2026-03-11',
  slotId: '9-12',
  ...over,
});

interface MessageRow {
  event_key: string;
  channel: string;
  recipient: string;
  kind: string;
  event: Record<string, unknown>;
}
async function messagesOf(bookingId: string): Promise<MessageRow[]> {
  return suite.api.db.query<MessageRow>(`select event_key, channel, recipient, kind, event from customer_messages where event->>'bookingId' = $1 order by id`, [
    bookingId,
  ]);
}
async function reminderJobsOf(bookingId: string) {
  const rows = await suite.api.db.query<{ data: { bookingId: string; startsAt: string }; start_after: Date }>(
    `select data, start_after from pgboss.job where name = 'booking-reminder' and data->>'bookingId' = $1 order by created_on`,
    [bookingId],
  );
  return rows.map((row) => ({ ...row.data, startAfter: new Date(row.start_after).toISOString() }));
}
async function messageJobsOf(bookingId: string) {
  const [row] = await suite.api.db.query<{ jobs: number }>(
    `select count(*)::int as jobs from pgboss.job j join customer_messages m on m.id = (j.data->>'id')::bigint
     where j.name = 'message' and m.event->>'bookingId' = $1`,
    [bookingId],
  );
  return row!.jobs;
}
async function storePlace(code: string) {
  const [store] = await suite.api.db.query<{ name: string; address: string }>(
    `select data->>'name' as name, data->>'address' as address from stores where code = $1`,
    [code],
  );
  return `${store!.name}, ${store!.address}`;
}

describe('the reminder rule', () => {
  const start = new Date('2026-03-12T05:30:00Z');
  it('reminds a day before; booked less than a day ahead, two hours before; booked less than four hours ahead, not at all', () => {
    expect(reminderAt(start, new Date('2026-03-10T10:00:00Z'))).toEqual(new Date('2026-03-11T05:30:00Z'));
    expect(reminderAt(start, new Date('2026-03-11T03:30:00Z'))).toEqual(new Date('2026-03-11T05:30:00Z')); // exactly 2 h after the booking
    expect(reminderAt(start, new Date('2026-03-11T04:00:00Z'))).toEqual(new Date('2026-03-12T03:30:00Z')); // a day before is 1.5 h away
    expect(reminderAt(start, new Date('2026-03-12T01:30:00Z'))).toEqual(new Date('2026-03-12T03:30:00Z'));
    expect(reminderAt(start, new Date('2026-03-12T02:30:00Z'))).toBeNull(); // 3 h ahead: the booked message is the reminder
  });
});

describe('eye test messages', () => {
  it('booking queues one booked message per channel (and a message job each) and one reminder job a day before the start', async () => {
    const post = await shopper(suite.api.app);
    const request = appointment();
    const booked = await post('/v2/appointments', request);
    expect(booked.status).toBe(200);
    const id: string = booked.body.result.appointmentId;
    const startsAt = '2026-03-12T05:30:00.000Z'; // 11:00 in Kolkata
    const messages = await messagesOf(id);
    expect(messages.map((m) => [m.channel, m.recipient, m.kind])).toEqual([
      ['email', 'asha@example.com', 'booking-booked'],
      ['sms', `+91 ${request.phone}`, 'booking-booked'],
    ]);
    expect(messages[0]!.event).toEqual({ kind: 'booking-booked', bookingId: id, service: 'eye-test', startsAt, place: await storePlace('IN-NEW-001') });
    expect(messages[0]!.event.place).toMatch(/Main Road/);
    expect(messages[0]!.event_key).toMatch(new RegExp(`^booking-booked:${id}:${startsAt}:\\d{8}T\\d{12}$`));
    expect(await messageJobsOf(id)).toBe(2);
    expect(await reminderJobsOf(id)).toEqual([{ bookingId: id, startsAt, startAfter: '2026-03-11T05:30:00.000Z' }]);
  });

  it('the same booking request sent twice (same Idempotency-Key, or a double submit) queues once', async () => {
    const post = await shopper(suite.api.app);
    const request = appointment({ selectedTime: '12:30' });
    const key = { 'idempotency-key': `book-${Date.now()}-twice` };
    const [first, second] = [await post('/v2/appointments', request, key), await post('/v2/appointments', request, key)];
    expect(second).toEqual(first);
    const id: string = first.body.result.appointmentId;
    const doubleSubmit = await post('/v2/appointments', request);
    expect(doubleSubmit.status).toBe(409);
    expect((await messagesOf(id)).length).toBe(2);
    expect(await messageJobsOf(id)).toBe(2);
    expect(await reminderJobsOf(id)).toHaveLength(1);
    const [{ count }] = (await suite.api.db.query<{ count: number }>(`select count(*)::int as count from customer_messages where recipient = $1`, [
      `+91 ${request.phone}`,
    ])) as [{ count: number }];
    expect(count).toBe(1);
  });

  it('a booking later today is reminded two hours before; one three hours ahead is not reminded', async () => {
    const post = await shopper(suite.api.app);
    const evening = await post('/v2/appointments', appointment({ selectedDate: '2026-03-10', selectedTime: '20:00' })); // 14:30 UTC, 4.5 h ahead
    expect(await reminderJobsOf(evening.body.result.appointmentId)).toEqual([
      { bookingId: evening.body.result.appointmentId, startsAt: '2026-03-10T14:30:00.000Z', startAfter: '2026-03-10T12:30:00.000Z' },
    ]);
    const soon = await post('/v2/appointments', appointment({ selectedDate: '2026-03-10', selectedTime: '18:30' })); // 13:00 UTC, 3 h ahead
    expect(soon.status).toBe(200);
    expect(await messagesOf(soon.body.result.appointmentId)).toHaveLength(2);
    expect(await reminderJobsOf(soon.body.result.appointmentId)).toEqual([]);
  });

  it('a reschedule is a new booked message with its own reminder; the old reminder does nothing, the new one queues once', async () => {
    const post = await shopper(suite.api.app);
    const booked = await post('/v2/appointments', appointment({ selectedTime: '15:00' }));
    const id: string = booked.body.result.appointmentId;
    const first = '2026-03-12T09:30:00.000Z';
    const moved = await post('/v2/appointments/reschedule', { appointmentId: id, selectedDate: '2026-03-13', selectedTime: '10:00' });
    expect(moved.status).toBe(200);
    const second = '2026-03-13T04:30:00.000Z';
    const booked2 = (await messagesOf(id)).filter((m) => m.kind === 'booking-booked');
    expect(booked2.map((m) => [m.channel, m.event.startsAt])).toEqual([
      ['email', first],
      ['sms', first],
      ['email', second],
      ['sms', second],
    ]);
    expect(await reminderJobsOf(id)).toEqual([
      { bookingId: id, startsAt: first, startAfter: '2026-03-11T09:30:00.000Z' },
      { bookingId: id, startsAt: second, startAfter: '2026-03-12T04:30:00.000Z' },
    ]);

    expect(await queueBookingReminder(suite.api.db, id, first)).toEqual({ queued: [], skipped: 'moved' });
    // Through the job's handler, with the job's data as queued (an appointment's id is text).
    const reminded = (await HANDLERS['booking-reminder'](suite.api.db, { bookingId: id, startsAt: second })) as { queued: number[] };
    expect(reminded.queued).toHaveLength(2);
    expect(await queueBookingReminder(suite.api.db, id, second)).toEqual({ queued: [] });
    const reminders = (await messagesOf(id)).filter((m) => m.kind === 'booking-reminder');
    expect(reminders.map((m) => [m.channel, m.event_key])).toEqual([
      ['email', `booking-reminder:${id}:${second}`],
      ['sms', `booking-reminder:${id}:${second}`],
    ]);
    expect(reminders[0]!.event).toEqual({
      kind: 'booking-reminder',
      bookingId: id,
      service: 'eye-test',
      startsAt: second,
      place: await storePlace('IN-NEW-001'),
    });

    // Moved back to the first time: told again (a new booked message), and its reminder runs once.
    await post('/v2/appointments/reschedule', { appointmentId: id, selectedDate: '2026-03-12', selectedTime: '15:00' });
    expect((await messagesOf(id)).filter((m) => m.kind === 'booking-booked')).toHaveLength(6);
    expect((await queueBookingReminder(suite.api.db, id, first)).queued).toHaveLength(2);
    expect((await queueBookingReminder(suite.api.db, id, first)).queued).toHaveLength(0);
  });

  it('5 parallel cancels queue one cancelled message per channel; the reminder of a cancelled booking does nothing', async () => {
    const post = await shopper(suite.api.app);
    const booked = await post('/v2/appointments', appointment({ selectedTime: '16:30' }));
    const id: string = booked.body.result.appointmentId;
    const cancels = await Promise.all(Array.from({ length: 5 }, () => post('/v2/appointments/cancel', { appointmentId: id, reason: 'Busy' })));
    expect(cancels.map((c) => c.status)).toEqual([200, 200, 200, 200, 200]);
    const cancelled = (await messagesOf(id)).filter((m) => m.kind === 'booking-cancelled');
    expect(cancelled.map((m) => [m.channel, m.event_key])).toEqual([
      ['email', `booking-cancelled:${id}`],
      ['sms', `booking-cancelled:${id}`],
    ]);
    expect(cancelled[0]!.event).toEqual({
      kind: 'booking-cancelled',
      bookingId: id,
      service: 'eye-test',
      startsAt: '2026-03-12T11:00:00.000Z',
      place: await storePlace('IN-NEW-001'),
    });
    expect(await queueBookingReminder(suite.api.db, id, '2026-03-12T11:00:00.000Z')).toEqual({ queued: [], skipped: 'inactive' });
    expect((await messagesOf(id)).filter((m) => m.kind === 'booking-reminder')).toEqual([]);
  });

  it('a reminder job run after the start, or for a booking that is gone, does nothing', async () => {
    const post = await shopper(suite.api.app);
    const booked = await post('/v2/appointments', appointment({ selectedTime: '17:00' }));
    const id: string = booked.body.result.appointmentId;
    const startsAt = '2026-03-12T11:30:00.000Z';
    appointmentsClock.now = () => new Date('2026-03-12T11:45:00Z');
    expect(await queueBookingReminder(suite.api.db, id, startsAt)).toEqual({ queued: [], skipped: 'begun' });
    expect(await queueBookingReminder(suite.api.db, 'APT-NONE', startsAt)).toEqual({ queued: [], skipped: 'unknown' });
    expect(await queueBookingReminder(suite.api.db, '999999999', startsAt)).toEqual({ queued: [], skipped: 'unknown' });
  });
});

describe('home try-on messages', () => {
  it('booking a visit queues the booked message to the visit address and a reminder two hours before the window', async () => {
    const post = await shopper(suite.api.app);
    const request = homeVisit();
    const booked = await post('/v2/hto/order', request);
    expect(booked.status).toBe(200);
    const id = String(booked.body.result.orderId);
    const startsAt = '2026-03-11T03:30:00.000Z'; // 9:00 in Kolkata, 17.5 h ahead: a day before is past
    const messages = await messagesOf(id);
    expect(messages.map((m) => [m.channel, m.recipient])).toEqual([
      ['email', 'meera@example.com'],
      ['sms', `+91 ${request.userInfo.telephone}`],
    ]);
    expect(messages[0]!.event).toEqual({ kind: 'booking-booked', bookingId: id, service: 'home-try-on', startsAt, place: '12 Park Lane, Hauz Khas, 110016' });
    expect(await reminderJobsOf(id)).toEqual([{ bookingId: id, startsAt, startAfter: '2026-03-11T01:30:00.000Z' }]);

    const again = await post('/v2/hto/order', request, { 'idempotency-key': `visit-${Date.now()}` });
    expect(again.status).toBe(200);
    expect(again.body.result.orderId).not.toBe(booked.body.result.orderId); // another visit, its own messages
    expect(await messagesOf(id)).toHaveLength(2);

    const reminded = await queueBookingReminder(suite.api.db, id, startsAt);
    expect(reminded.queued).toHaveLength(2);
    expect(await queueBookingReminder(suite.api.db, id, startsAt)).toEqual({ queued: [] });
    const reminders = (await messagesOf(id)).filter((m) => m.kind === 'booking-reminder');
    expect(reminders.map((m) => m.event)).toEqual([
      { kind: 'booking-reminder', bookingId: id, service: 'home-try-on', startsAt, place: '12 Park Lane, Hauz Khas, 110016' },
      { kind: 'booking-reminder', bookingId: id, service: 'home-try-on', startsAt, place: '12 Park Lane, Hauz Khas, 110016' },
    ]);
  });

  it('the same visit request with the same Idempotency-Key queues once', async () => {
    const post = await shopper(suite.api.app);
    const request = homeVisit({ slotId: '12-15' });
    const key = { 'idempotency-key': `visit-${Date.now()}-twice` };
    const first = await post('/v2/hto/order', request, key);
    const second = await post('/v2/hto/order', request, key);
    expect(second).toEqual(first);
    const id = String(first.body.result.orderId);
    expect(await messagesOf(id)).toHaveLength(2);
    expect(await reminderJobsOf(id)).toHaveLength(1);
  });

  it('5 parallel cancels queue one cancelled message per channel; the reminder then does nothing', async () => {
    const post = await shopper(suite.api.app);
    const booked = await post('/v2/hto/order', homeVisit({ date: '2026-03-12', slotId: '15-18' }));
    const id = String(booked.body.result.orderId);
    const cancels = await Promise.all(Array.from({ length: 5 }, () => post(`/v2/hto/order/${id}/cancel?reason=1`)));
    expect(cancels.map((c) => c.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const cancelled = (await messagesOf(id)).filter((m) => m.kind === 'booking-cancelled');
    expect(cancelled.map((m) => [m.channel, m.event_key])).toEqual([
      ['email', `booking-cancelled:${id}`],
      ['sms', `booking-cancelled:${id}`],
    ]);
    expect(cancelled[0]!.event).toEqual({
      kind: 'booking-cancelled',
      bookingId: id,
      service: 'home-try-on',
      startsAt: '2026-03-12T09:30:00.000Z', // 15:00 in Kolkata
      place: '12 Park Lane, Hauz Khas, 110016',
    });
    expect(await queueBookingReminder(suite.api.db, id, '2026-03-12T09:30:00.000Z')).toEqual({ queued: [], skipped: 'inactive' });
  });
});
