import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '../../app/flow-messages';
import { fakeApi, renderFlow } from '../../testing/render';
import StoreVisitFlow from './StoreVisitFlow';

const m = messages.defaults;
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

describe('store visit flow', () => {
  it('finds stores, books a time, reschedules and cancels', async () => {
    // The server's copy of the appointment: the details call after each change reads it.
    let current: Record<string, unknown> = appointment;
    const keep = (next: Record<string, unknown>) => {
      current = next;
      return { body: { result: next } };
    };
    const { client, requests } = fakeApi({
      'GET /v2/stores/nearby': { body: { result: { stores: [store], total: 1, pageNumber: 0, pageSize: 10 } } },
      'POST /v2/appointments/slots': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { date?: string };
        return { body: slotsOn(body.date ?? '2026-03-10', ['10:00']) };
      },
      'POST /v2/studio/test-your-vision': () => keep(appointment),
      'GET /v2/appointments/APT-1': () => ({ body: { result: current } }),
      'POST /v2/appointments/reschedule': () => keep({ ...appointment, selectedTime: '12:00', status: 'RESCHEDULED', bookedStatus: 'reschedule' }),
      'POST /v2/appointments/cancel': () => keep({ ...current, status: 'CANCELLED' }),
    });
    renderFlow(<StoreVisitFlow />, { client });
    await userEvent.type(screen.getByLabelText(m.addressLabelStores), '110016');
    await userEvent.click(screen.getByRole('button', { name: m.search }));
    expect(await screen.findByText('2.4 km away', { exact: false })).toBeInTheDocument();
    expect(requests[0]!.url.search).toBe('?address=110016&radius=20&pageSize=10&pageNumber=0');
    await userEvent.click(screen.getByRole('button', { name: `Select ${store.name}` }));

    expect(await screen.findByRole('button', { name: '10:30' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '10:00' })).not.toBeInTheDocument(); // taken: not offered
    await userEvent.selectOptions(screen.getByLabelText(m.dateLabel), '2026-03-11');
    await userEvent.click(await screen.findByRole('button', { name: '10:30' }));
    await userEvent.type(screen.getByLabelText(m.nameLabel), 'Asha');
    await userEvent.type(screen.getByLabelText(m.phoneLabel), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: m.bookEyeTest }));
    expect(await screen.findByRole('heading', { name: m.appointmentBooked })).toBeInTheDocument();
    expect(screen.getByText(/2026-03-11 at 10:30\. Booking APT-1\./)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: m.reschedule }));
    expect(screen.queryByLabelText(m.nameLabel)).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: '12:00' }));
    await userEvent.click(screen.getByRole('button', { name: m.confirmReschedule }));
    expect(await screen.findByRole('heading', { name: m.appointmentRescheduled })).toBeInTheDocument();
    expect(screen.getByText(/2026-03-11 at 12:00\./)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: m.cancelAppointment }));
    expect(await screen.findByRole('heading', { name: m.appointmentCancelled })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: m.bookAnother }));
    expect(screen.getByRole('button', { name: `Select ${store.name}` })).toBeInTheDocument();
  }, 20000);

  it("shows 'No Result Found..' for an unknown place and the empty state for a far one", async () => {
    const { client } = fakeApi({
      'GET /v2/stores/nearby': (url) =>
        url.searchParams.get('address') === '999999'
          ? { status: 404, body: { message: 'No Result Found..' } }
          : { body: { result: { stores: [], total: 0, pageNumber: 0, pageSize: 10 } } },
    });
    renderFlow(<StoreVisitFlow />, { client });
    await userEvent.type(screen.getByLabelText(m.addressLabelStores), '999999');
    await userEvent.click(screen.getByRole('button', { name: m.search }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No Result Found..');
    await userEvent.clear(screen.getByLabelText(m.addressLabelStores));
    await userEvent.type(screen.getByLabelText(m.addressLabelStores), '744101');
    await userEvent.click(screen.getByRole('button', { name: m.search }));
    expect(await screen.findByText(m.noStores)).toBeInTheDocument();
  });
});
