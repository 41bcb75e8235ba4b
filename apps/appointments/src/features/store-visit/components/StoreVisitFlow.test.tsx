import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeApi, type FakeRequest } from '@eyewear/api-client/testing';
import { renderPage } from '@eyewear/event-bus/testing';
import { messages } from '../../../app/flow-messages';
import { dateFormats } from '../../../app/format';
import StoreVisitFlow from './StoreVisitFlow';

const m = messages.defaults;
/** India's dates and times (renderPage's country), as format.test.ts pins them. */
const f = dateFormats('in');
const store = {
  code: 'IN-NEW-002',
  name: 'Clearview Store, Lajpat Nagar',
  country: 'in',
  city: 'New Delhi',
  area: 'Lajpat Nagar',
  pincode: '110024',
  address: 'Ground Floor, 17 Lajpat Nagar Main Road',
  lat: 28.5677,
  lng: 77.2433,
  phone: '+91 80 4719 4137',
  opensAt: 10,
  closesAt: 21,
  studio: false,
  timeZone: 'Asia/Kolkata',
  distanceKm: 2.4,
};
const slotsOn = (date: string, taken: string[] = []) => ({
  result: {
    storeCode: store.code,
    date,
    defaultDate: '2026-03-10',
    dates: ['2026-03-10', '2026-03-11'],
    timeZone: 'Asia/Kolkata',
    slots: ['10:00', '10:30', '12:00'].map((t) => ({ date, startTime: t, endTime: t, window: t < '12:00' ? '9-12' : '12-15', available: !taken.includes(t) })),
  },
});
const appointment = {
  appointmentId: 'APT-1',
  storeCode: store.code,
  source: 'TYV',
  selectedDate: '2026-03-11',
  selectedTime: '10:30',
  status: 'BOOKED',
  bookedStatus: 'new',
  store,
};
const found = { result: { stores: [store], total: 1, pageNumber: 0, pageSize: 10 } };
const slots = ({ body }: FakeRequest<'appointments.storeSlots'>) => slotsOn(body.date ?? '2026-03-10', ['10:00']) as never;

async function searchFor(address: string) {
  await userEvent.clear(screen.getByLabelText(m.addressLabelStores));
  await userEvent.type(screen.getByLabelText(m.addressLabelStores), address);
  await userEvent.click(screen.getByRole('button', { name: m.search }));
}

describe('store visit flow', () => {
  it('finds stores, books a time, reschedules and cancels', async () => {
    // The server's copy of the appointment: the details call after each change reads it.
    let current: Record<string, unknown> = appointment;
    const keep = (next: Record<string, unknown>) => {
      current = next;
      return { result: next } as never;
    };
    const api = fakeApi({
      'appointments.nearbyStores': found as never,
      'appointments.storeSlots': slots,
      'appointments.testYourVision': () => keep(appointment),
      'appointments.get': () => ({ result: current }) as never,
      'appointments.reschedule': () => keep({ ...appointment, selectedTime: '12:00', status: 'RESCHEDULED', bookedStatus: 'reschedule' }),
      'appointments.cancel': () => keep({ ...current, status: 'CANCELLED' }),
    });
    renderPage(<StoreVisitFlow />, { api: api.client });
    await searchFor('110016');
    expect(await screen.findByText('2.4 km away', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(`2.4 km away · Open ${f.hours(10, 21)}`)).toHaveTextContent(/Open 10:00\sam - 9:00\spm$/i);
    await userEvent.click(screen.getByRole('button', { name: `Select ${store.name}` }));

    expect(await screen.findByRole('button', { name: f.time('10:30') })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: f.time('10:00') })).not.toBeInTheDocument(); // taken: not offered
    await userEvent.selectOptions(screen.getByLabelText(m.dateLabel), '2026-03-11');
    await userEvent.click(await screen.findByRole('button', { name: f.time('10:30') }));
    await userEvent.type(screen.getByLabelText(m.nameLabel), 'Asha');
    await userEvent.type(screen.getByLabelText(m.phoneLabel), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: m.bookEyeTest }));
    expect(await screen.findByRole('heading', { name: m.appointmentBooked })).toBeInTheDocument();
    expect(screen.getByText(`${store.name}, ${f.date('2026-03-11')} at ${f.time('10:30')}. Booking APT-1.`)).toBeInTheDocument();
    expect(screen.getByText(/Wed, 11 Mar,? 2026 at 10:30\sam\. Booking APT-1\./i)).toBeInTheDocument();
    expect(api.callsTo('appointments.testYourVision')[0]!.body).toMatchObject({ storeCode: store.code, selectedDate: '2026-03-11', selectedTime: '10:30' });

    await userEvent.click(screen.getByRole('button', { name: m.reschedule }));
    expect(screen.queryByLabelText(m.nameLabel)).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: f.time('12:00') }));
    await userEvent.click(screen.getByRole('button', { name: m.confirmReschedule }));
    expect(await screen.findByRole('heading', { name: m.appointmentRescheduled })).toBeInTheDocument();
    expect(screen.getByText(`${store.name}, ${f.date('2026-03-11')} at ${f.time('12:00')}. Booking APT-1.`)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: m.cancelAppointment }));
    expect(await screen.findByRole('heading', { name: m.appointmentCancelled })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: m.bookAnother }));
    expect(screen.getByRole('button', { name: `Select ${store.name}` })).toBeInTheDocument();
  }, 20000);

  it('searches with radius 20, page size 10, page 0', async () => {
    const api = fakeApi({ 'appointments.nearbyStores': found as never });
    renderPage(<StoreVisitFlow />, { api: api.client });
    expect(api.calls).toEqual([]);
    await searchFor('110016');
    expect(await screen.findByRole('list', { name: m.findStore })).toHaveTextContent(store.name);
    expect(api.callsTo('appointments.nearbyStores').map((call) => call.query)).toEqual([{ address: '110016', radius: '20', pageSize: '10', pageNumber: '0' }]);
  });

  it("a link's area (the store locator's 'Book an eye test') searches at once, the field holding it", async () => {
    const api = fakeApi({ 'appointments.nearbyStores': found as never });
    renderPage(<StoreVisitFlow />, { api: api.client, url: '/test-your-vision?area=Lajpat%20Nagar' });
    expect(await screen.findByRole('button', { name: `Select ${store.name}` })).toBeInTheDocument();
    expect(screen.getByLabelText(m.addressLabelStores)).toHaveValue('Lajpat Nagar');
    expect(api.callsTo('appointments.nearbyStores').map((call) => call.query)).toEqual([
      { address: 'Lajpat Nagar', radius: '20', pageSize: '10', pageNumber: '0' },
    ]);
  });

  it('with a product id asks the store API for stores near the area stocking it', async () => {
    const api = fakeApi({ 'appointments.storeApiNearby': { result: { stores: [store] } } as never });
    renderPage(<StoreVisitFlow />, { api: api.client, url: '/test-your-vision?pid=128001' });
    await searchFor('Koramangala');
    expect(await screen.findByRole('button', { name: `Select ${store.name}` })).toBeInTheDocument();
    expect(api.callsTo('appointments.storeApiNearby').map((call) => call.query)).toEqual([{ area: 'Koramangala', pid: '128001' }]);
    expect(api.callsTo('appointments.nearbyStores')).toEqual([]);
  });

  it("shows 'No Result Found..' for an unknown place and the empty state for a far one", async () => {
    const api = fakeApi({
      'appointments.nearbyStores': ({ query }) =>
        query.address === '999999' ? fail(404, { message: 'No Result Found..' }) : ({ result: { stores: [] } } as never),
    });
    renderPage(<StoreVisitFlow />, { api: api.client });
    await searchFor('999999');
    expect(await screen.findByRole('alert')).toHaveTextContent('No Result Found..');
    await searchFor('744101');
    expect(await screen.findByText(m.noStores)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'No Result Found..' when the place is unknown, whatever the store said", async () => {
    const api = fakeApi({ 'appointments.nearbyStores': fail(404, { message: 'Unknown place' }) });
    renderPage(<StoreVisitFlow />, { api: api.client });
    await searchFor('nowhere');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^No Result Found\.\.$/);
    // Searching the same place again asks again.
    await searchFor('nowhere');
    expect(await screen.findByRole('alert')).toHaveTextContent('No Result Found..');
    expect(api.callsTo('appointments.nearbyStores')).toHaveLength(2);
  });

  it('asks slots with duration 30, classification 1, skipCurrentDate 0', async () => {
    const api = fakeApi({ 'appointments.nearbyStores': found as never, 'appointments.storeSlots': slots });
    renderPage(<StoreVisitFlow />, { api: api.client });
    await searchFor('110016');
    await userEvent.click(await screen.findByRole('button', { name: `Select ${store.name}` }));
    await userEvent.selectOptions(await screen.findByLabelText(m.dateLabel), '2026-03-11');
    expect(await screen.findByRole('heading', { name: `Available times on ${f.date('2026-03-11')}` })).toBeInTheDocument();
    // Days, windows and times as India writes them: no ISO date, window id or 24-hour time.
    expect(screen.getByRole('option', { name: /^Tue, 10 Mar,? 2026$/ })).toHaveValue('2026-03-10');
    expect(screen.getByRole('group', { name: f.window('9-12') })).toHaveTextContent(/^9:00\sam - 12:00\spm/i);
    expect(screen.getByRole('button', { name: /^10:30\sam$/i })).toBeInTheDocument();
    expect(api.callsTo('appointments.storeSlots').map((call) => call.body)).toEqual([
      { storeCode: store.code, duration: 30, classification: 1, skipCurrentDate: 0 },
      { storeCode: store.code, duration: 30, classification: 1, skipCurrentDate: 0, date: '2026-03-11' },
    ]);
  });

  it('a taken time shows the message and asks its day’s times again', async () => {
    const taken = 'This slot is no longer available. Please choose another time.';
    const api = fakeApi({
      'appointments.nearbyStores': found as never,
      'appointments.storeSlots': slots,
      'appointments.testYourVision': fail(409, { message: taken }),
    });
    renderPage(<StoreVisitFlow />, { api: api.client });
    await searchFor('110016');
    await userEvent.click(await screen.findByRole('button', { name: `Select ${store.name}` }));
    await userEvent.click(await screen.findByRole('button', { name: f.time('10:30') }));
    await userEvent.type(screen.getByLabelText(m.nameLabel), 'Asha');
    await userEvent.type(screen.getByLabelText(m.phoneLabel), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: m.bookEyeTest }));
    expect(await screen.findByRole('alert')).toHaveTextContent(taken);
    expect(await screen.findByRole('button', { name: f.time('10:30') })).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo('appointments.storeSlots').map((call) => (call.body as { date?: string }).date)).toEqual([undefined, '2026-03-10']);
  });

  it('store reset clears store and appointment data, keeping the search', async () => {
    const api = fakeApi({ 'appointments.nearbyStores': found as never, 'appointments.storeSlots': slots });
    renderPage(<StoreVisitFlow />, { api: api.client });
    await searchFor('110016');
    await userEvent.click(await screen.findByRole('button', { name: `Select ${store.name}` }));
    await userEvent.click(await screen.findByRole('button', { name: f.time('10:30') }));
    await userEvent.click(screen.getByRole('button', { name: m.changeStore }));
    expect(screen.getByRole('button', { name: `Select ${store.name}` })).toBeInTheDocument();
    expect(api.callsTo('appointments.nearbyStores')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: `Select ${store.name}` }));
    expect(await screen.findByRole('button', { name: f.time('10:30') })).toHaveAttribute('aria-pressed', 'false');
  });
});
