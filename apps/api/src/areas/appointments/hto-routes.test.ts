import { customerSession, guestSession } from '../../testing/api';
import { appointmentsClock } from './clock';
import { AGENTS_PER_STORE, HTO_CANCEL_REASONS } from './seed';
import { caller, seededApiWithClockAt } from './testing';

const NOW = new Date('2026-03-10T06:00:00Z'); // 11:30 in Kolkata
const suite = seededApiWithClockAt(NOW);

let phones = 0;
/** A home visit, by default with a mobile number of its own (a number holds only a few upcoming visits: booking-caps.test.ts). */
const order = (over: Record<string, unknown> = {}) => ({
  utm: { source: 'google', medium: 'cpc', campaign: 'hto', term: 'eye test', content: 'ad1' },
  userInfo: { name: 'Meera', telephone: `98765${String((phones += 1)).padStart(5, '0')}`, address: '12 Park Lane, Hauz Khas' },
  pincode: '110016',
  date: '2026-03-11',
  slotId: '9-12',
  ...over,
});

describe('home try-on page and location', () => {
  it('serves the page JSON of the country', async () => {
    const call = caller(suite.api.app, await guestSession(suite.api.app));
    const { body } = await call('GET', `/v2/hto/page?v=${NOW.getTime()}`);
    expect(body.result.config).toMatchObject({ enabled: true, price: 0 });
    expect(body.result.sections[0]).toMatchObject({ type: 'hero' });
    const us = await caller(suite.api.app, await guestSession(suite.api.app, 'us'), 'us')('GET', '/v2/hto/page');
    expect(us.body.result.config.enabled).toBe(false);
  });

  it("geocodes a pincode of the country, else 'No Result Found..'", async () => {
    const call = caller(suite.api.app, await guestSession(suite.api.app));
    expect((await call('GET', '/v2/hto/geocode?pinCode=560034')).body.result).toMatchObject({ city: 'Bengaluru', area: 'Koramangala' });
    expect(await call('GET', '/v2/hto/geocode?pinCode=999999')).toMatchObject({ status: 404, body: { message: 'No Result Found..' } });
    expect((await call('GET', '/v2/hto/geocode?pinCode=238859')).status).toBe(404); // Singapore's, not India's
    expect((await call('GET', '/v2/hto/geocode?pinCode=12')).status).toBe(400);
  });

  it('tells whether home visits reach a location by lat,lng', async () => {
    const call = caller(suite.api.app, await guestSession(suite.api.app));
    const delhi = await call('GET', '/v2/hto/location/validate?location=28.55,77.2');
    expect(delhi.body.result).toEqual({ serviceable: true, pincode: '110016', city: 'New Delhi' });
    const island = await call('GET', '/v2/hto/location/validate?location=11.62,92.72');
    expect(island.body.result).toEqual({ serviceable: false });
    expect((await call('GET', '/v2/hto/location/validate?location=somewhere')).status).toBe(400);
  });

  it('lists slots by pincode for the next days, refusing unserviceable pincodes', async () => {
    const call = caller(suite.api.app, await guestSession(suite.api.app));
    const { body } = await call('GET', '/v2/hto/slots?pinCode=110016');
    expect(body.result.days.map((d: { date: string }) => d.date)).toEqual(['2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15']);
    expect(body.result.days[0].slots).toEqual([
      { id: '9-12', label: '9 AM - 12 PM', available: true },
      { id: '12-15', label: '12 PM - 3 PM', available: true },
      { id: '15-18', label: '3 PM - 6 PM', available: true },
      { id: '18-21', label: '6 PM - 9 PM', available: true },
    ]);
    expect(await call('GET', '/v2/hto/slots?pinCode=744101')).toMatchObject({
      status: 400,
      body: { message: 'Home visits are not available at this pincode yet.' },
    });
  });
});

describe('home visit orders', () => {
  it('books a visit with UTM and user info, assigns an agent, and finds it as the last order by telephone', async () => {
    const call = caller(suite.api.app, await guestSession(suite.api.app));
    const visit = order();
    const booked = await call('POST', '/v2/hto/order', visit);
    expect(booked.status).toBe(200);
    expect(booked.body.result).toMatchObject({ pincode: '110016', date: '2026-03-11', slotId: '9-12', slotLabel: '9 AM - 12 PM', status: 'OPEN' });
    expect(booked.body.result.agent.name).toEqual(expect.any(String));
    const [stored] = await suite.api.db.query<{ utm: unknown; name: string }>('select utm, name from hto_orders where order_id = $1', [
      booked.body.result.orderId,
    ]);
    expect(stored).toEqual({ utm: order().utm, name: 'Meera' });
    const last = await call('GET', `/v2/hto/lastorder?telephone=${visit.userInfo.telephone}`);
    expect(last.body.result).toMatchObject({ orderId: booked.body.result.orderId, agent: booked.body.result.agent });
    const stranger = caller(suite.api.app, await guestSession(suite.api.app));
    expect((await stranger('GET', `/v2/hto/lastorder?telephone=${visit.userInfo.telephone}`)).body.result).toBeNull();
  });

  it('offers a window until every agent of the area is booked, then refuses it', async () => {
    const shoppers = await Promise.all(Array.from({ length: AGENTS_PER_STORE + 1 }, () => guestSession(suite.api.app)));
    const results = [];
    for (const cookie of shoppers) results.push(await caller(suite.api.app, cookie)('POST', '/v2/hto/order', order({ slotId: '15-18' })));
    expect(results.map((r) => r.status)).toEqual([...Array(AGENTS_PER_STORE).fill(200), 409]);
    expect(new Set(results.slice(0, AGENTS_PER_STORE).map((r) => r.body.result.agent.name)).size).toBe(AGENTS_PER_STORE);
    const { body } = await caller(suite.api.app, shoppers[0]!)('GET', '/v2/hto/slots?pinCode=110016');
    expect(body.result.days[0].slots.find((s: { id: string }) => s.id === '15-18').available).toBe(false);
  });

  it('refuses a bad phone, an unknown pincode, a date not offered and an unknown window', async () => {
    const call = caller(suite.api.app, await guestSession(suite.api.app));
    expect((await call('POST', '/v2/hto/order', order({ userInfo: { name: 'M', telephone: '12345', address: 'x' } }))).status).toBe(400);
    expect((await call('POST', '/v2/hto/order', order({ pincode: '999999' }))).body.message).toBe('No Result Found..');
    expect((await call('POST', '/v2/hto/order', order({ date: '2026-03-10' }))).body.field).toBe('date');
    expect((await call('POST', '/v2/hto/order', order({ slotId: '6-9' }))).body.field).toBe('slotId');
  });

  it('cancels with one of the reasons; the SOS check then reports it is no longer OPEN', async () => {
    const call = caller(suite.api.app, await guestSession(suite.api.app));
    const reasons = await call('GET', '/v2/hto/cancel-reasons');
    expect(reasons.body.result.reasons.map((r: { reason: string }) => r.reason)).toEqual(HTO_CANCEL_REASONS);
    const { body } = await call('POST', '/v2/hto/order', order({ slotId: '18-21' }));
    const { orderId, appointmentId } = body.result;
    expect((await call('GET', `/v2/hto/sos?appointmentId=${appointmentId}`)).body.result).toMatchObject({ appointmentId, status: 'OPEN' });
    expect((await call('POST', `/v2/hto/order/${orderId}/cancel?reason=${encodeURIComponent('made up')}`)).body.field).toBe('reason');
    const stranger = caller(suite.api.app, await guestSession(suite.api.app));
    expect((await stranger('POST', `/v2/hto/order/${orderId}/cancel?reason=1`)).status).toBe(404);
    expect((await stranger('GET', `/v2/hto/sos?appointmentId=${appointmentId}`)).status).toBe(404);
    const cancelled = await call('POST', `/v2/hto/order/${orderId}/cancel?reason=${encodeURIComponent(HTO_CANCEL_REASONS[1]!)}`);
    expect(cancelled.body.result).toMatchObject({ status: 'CANCELLED', cancellationReason: HTO_CANCEL_REASONS[1] });
    expect((await call('GET', `/v2/hto/sos?appointmentId=${appointmentId}`)).body.result.status).toBe('CANCELLED');
    expect((await call('POST', `/v2/hto/order/${orderId}/cancel?reason=1`)).status).toBe(409);
  });
});

describe('home eye check-up (HEC)', () => {
  it('shows the visit, syncs it to completed once its window is over, and cancels another with a reason', async () => {
    const { cookie } = await customerSession(suite.api.app, suite.api.db);
    const call = caller(suite.api.app, cookie);
    const { body } = await call('POST', '/v2/hto/order', order({ slotId: '12-15', date: '2026-03-12' }));
    const { appointmentId, orderId } = body.result;
    const hec = await call('GET', `/v2/hec/appointments/${appointmentId}`);
    expect(hec.body.result).toMatchObject({
      appointmentId,
      orderId,
      source: 'HEC',
      selectedDate: '2026-03-12',
      selectedTime: '12:00',
      status: 'OPEN',
      address: '12 Park Lane, Hauz Khas',
    });
    expect(hec.body.result.optometrist.name).toEqual(expect.any(String));
    expect((await call('GET', `/v2/hec/appointments/${appointmentId}/sync?source=HEC`)).body.result.status).toBe('OPEN');
    appointmentsClock.now = () => new Date('2026-03-12T09:31:00Z'); // 15:01 in Kolkata
    expect((await call('GET', `/v2/hec/appointments/${appointmentId}/sync?source=HEC`)).body.result.status).toBe('COMPLETED');
    expect((await call('POST', `/v2/hec/appointments/cancel?orderId=${orderId}&reasonCancellation=late`)).status).toBe(409);

    appointmentsClock.now = () => NOW;
    const second = await call('POST', '/v2/hto/order', order({ slotId: '12-15', date: '2026-03-13' }));
    const cancelled = await call(
      'POST',
      `/v2/hec/appointments/cancel?orderId=${second.body.result.orderId}&reasonCancellation=${encodeURIComponent('Not at home')}`,
    );
    expect(cancelled.body.result).toMatchObject({ status: 'CANCELLED', cancellationReason: 'Not at home' });
    const stranger = caller(suite.api.app, await guestSession(suite.api.app));
    expect((await stranger('GET', `/v2/hec/appointments/${appointmentId}`)).status).toBe(404);
    expect((await call('GET', `/v2/hec/appointments/${appointmentId}/sync`)).status).toBe(400);
  });
});
