import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import { renderPage } from '@eyewear/event-bus/testing';
import { messages } from '../../../app/flow-messages';
import { dateFormats } from '../../../app/format';
import HtoFlow from './HtoFlow';

const m = messages.defaults;
/** India's dates and times (renderPage's country), as format.test.ts pins them. */
const f = dateFormats('in');
const page = { result: { sections: [{ type: 'hero', title: 'Eye test at home', subtitle: 'We come to you' }], config: { price: 0, enabled: true } } };
const reasons = { result: { reasons: [{ id: 1, reason: 'I booked by mistake' }] } };
const days = {
  result: {
    days: [
      {
        date: '2026-03-11',
        slots: [
          { id: '9-12', label: '9 AM - 12 PM', available: true },
          { id: '12-15', label: '12 PM - 3 PM', available: false },
        ],
      },
    ],
  },
};
const visit = {
  orderId: 900001,
  appointmentId: 'HEC-ABC',
  pincode: '110016',
  date: '2026-03-11',
  slotId: '9-12',
  slotLabel: '9 AM - 12 PM',
  status: 'OPEN' as const,
  agent: { name: 'Asha', phone: '+91 80 4719 4111' },
  createdAt: '2026-03-10T00:00:00.000Z',
};
const hecAppointment = {
  appointmentId: 'HEC-1',
  orderId: 900001,
  source: 'HEC' as const,
  selectedDate: '2026-03-11',
  selectedTime: '09:00',
  status: 'OPEN' as const,
};
const base: FakeHandlers = { 'hto.page': page as never, 'hto.cancelReasons': reasons, 'cart.htoLeads': { result: { success: true } } };
const serviceable: FakeHandlers = {
  'hto.geocode': { result: { pincode: '110016', city: 'New Delhi', area: 'Hauz Khas', lat: 28.55, lng: 77.2 } },
  'hto.validateLocation': { result: { serviceable: true, pincode: '110016', city: 'New Delhi' } },
  'hto.slots': days,
};

function mockGeolocation(outcome: { code: number } | { lat: number; lng: number }) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, failed: PositionErrorCallback) =>
        'code' in outcome
          ? failed(outcome as GeolocationPositionError)
          : ok({ coords: { latitude: outcome.lat, longitude: outcome.lng } } as GeolocationPosition),
    },
  });
}

function start(handlers: FakeHandlers, url = '/HTO') {
  const api = fakeApi({ ...base, ...handlers });
  renderPage(<HtoFlow />, { api: api.client, url });
  return api;
}

async function checkPincode(pincode: string) {
  await userEvent.type(await screen.findByLabelText(m.pincodeLabel), pincode);
  await userEvent.click(screen.getByRole('button', { name: m.check }));
}

async function fillVisit() {
  await userEvent.click(await screen.findByRole('button', { name: f.window('9-12') }));
  await userEvent.type(screen.getByLabelText(m.nameLabel), 'Meera');
  await userEvent.type(screen.getByLabelText(m.phoneLabel), '9876543210');
  await userEvent.type(screen.getByLabelText(m.addressLabel), '12 Park Lane');
  await userEvent.click(screen.getByRole('button', { name: m.bookVisit }));
}

async function findVisit() {
  await userEvent.type(await screen.findByLabelText(m.findBookingLabel), '9876543210');
  await userEvent.click(screen.getByRole('button', { name: m.lookUp }));
}

describe('HTO flow', () => {
  it("shows the spec's message when location access is denied", async () => {
    mockGeolocation({ code: 1 });
    start({});
    await userEvent.click(await screen.findByRole('button', { name: m.useMyLocation }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.geoDenied);
  });

  it('locates the shopper, shows the slots, books with UTM from the URL, then cancels with a reason', async () => {
    mockGeolocation({ lat: 28.55, lng: 77.2 });
    const api = start(
      { ...serviceable, 'hto.createOrder': { result: visit }, 'hto.cancel': { result: { ...visit, status: 'CANCELLED' } } },
      '/HTO?utm_source=google&utm_medium=cpc',
    );
    await userEvent.click(await screen.findByRole('button', { name: m.useMyLocation }));
    expect(await screen.findByText('Good news: we visit New Delhi (110016).')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: `${f.window('12-15')} (${m.slotFull})` })).toBeDisabled();
    await fillVisit();
    expect(await screen.findByRole('heading', { name: m.visitBooked })).toBeInTheDocument();
    expect(screen.getByText('Your optometrist: Asha, +91 80 4719 4111')).toBeInTheDocument();
    const [order] = api.callsTo('hto.createOrder');
    expect(order!.body).toMatchObject({ pincode: '110016', date: '2026-03-11', slotId: '9-12', userInfo: { name: 'Meera' } });
    // The campaign the visit arrived with: the UTM keys it carried, no empty others.
    expect(order!.body.utm).toEqual({ source: 'google', medium: 'cpc' });

    await userEvent.click(screen.getByRole('button', { name: m.cancelVisit }));
    const dialog = screen.getByRole('dialog', { name: m.cancelTitle });
    expect(within(dialog).getByLabelText(m.cancelReasonLabel)).toHaveFocus();
    await userEvent.selectOptions(within(dialog).getByLabelText(m.cancelReasonLabel), 'I booked by mistake');
    await userEvent.click(within(dialog).getByRole('button', { name: m.confirmCancel }));
    expect(await screen.findByText(m.visitCancelled)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.at(-1)!.query.reason).toBe('I booked by mistake');
  });

  it('loads the slots of a serviceable pincode', async () => {
    const api = start(serviceable);
    await checkPincode('110016');
    expect(await screen.findByRole('button', { name: f.window('9-12') })).toBeEnabled();
    // The day as India writes it, not the ISO date.
    expect(screen.getByRole('group', { name: /^Wed, 11 Mar,? 2026$/ })).toBeInTheDocument();
    expect(api.callsTo('hto.geocode').map((call) => call.query)).toEqual([{ pinCode: '110016' }]);
    expect(api.callsTo('hto.slots').map((call) => call.query)).toEqual([{ pinCode: '110016' }]);
  });

  it('an unserviceable pincode loads no slots', async () => {
    const api = start({
      'hto.geocode': { result: { pincode: '744101', city: 'Port Blair', area: 'Aberdeen Bazar', lat: 11.6, lng: 92.7 } },
      'hto.validateLocation': { result: { serviceable: false } },
    });
    await checkPincode('744101');
    expect(await screen.findByText(m.notServiceable)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: m.chooseSlot })).not.toBeInTheDocument();
    expect(api.callsTo('hto.slots')).toEqual([]);
  });

  it("shows 'No Result Found..' for an unknown pincode", async () => {
    start({ 'hto.geocode': fail(404, { message: 'No Result Found..' }) });
    await checkPincode('999999');
    expect(await screen.findByRole('alert')).toHaveTextContent('No Result Found..');
  });

  it('books with the order body and shows the appointment', async () => {
    const api = start({ ...serviceable, 'hto.createOrder': { result: visit } });
    await checkPincode('110016');
    await fillVisit();
    expect(await screen.findByRole('heading', { name: m.visitBooked })).toBeInTheDocument();
    expect(screen.getByText(`${f.date('2026-03-11')}, ${f.window('9-12')} at pincode 110016. Booking HEC-ABC.`)).toBeInTheDocument();
    expect(screen.getByText(/^Wed, 11 Mar,? 2026, 9:00\sam - 12:00\spm at pincode/i)).toBeInTheDocument();
    expect(screen.getByText(`Status: ${m.statusOpen}`)).toBeInTheDocument();
    expect(api.callsTo('hto.createOrder')[0]!.body).toEqual({
      userInfo: { name: 'Meera', telephone: '9876543210', address: '12 Park Lane' },
      pincode: '110016',
      date: '2026-03-11',
      slotId: '9-12',
    });
  });

  it('records a home try-on lead once, when a valid mobile number is left on the form, before booking', async () => {
    const api = start({ ...serviceable, 'hto.createOrder': { result: visit } });
    await checkPincode('110016');
    await userEvent.click(await screen.findByRole('button', { name: f.window('9-12') }));
    await userEvent.type(screen.getByLabelText(m.nameLabel), ' Meera ');
    await userEvent.type(screen.getByLabelText(m.phoneLabel), '98765');
    await userEvent.tab();
    expect(api.callsTo('cart.htoLeads')).toEqual([]); // not a mobile number yet
    await userEvent.type(screen.getByLabelText(m.phoneLabel), '43210');
    await userEvent.tab();
    expect(api.callsTo('cart.htoLeads').map((call) => call.body)).toEqual([{ phone: '9876543210', name: 'Meera', pincode: '110016' }]);
    expect(api.callsTo('hto.createOrder')).toEqual([]);
    // The same number again, then the booking: still one lead.
    await userEvent.click(screen.getByLabelText(m.phoneLabel));
    await userEvent.tab();
    await userEvent.type(screen.getByLabelText(m.addressLabel), '12 Park Lane');
    await userEvent.click(screen.getByRole('button', { name: m.bookVisit }));
    expect(await screen.findByRole('heading', { name: m.visitBooked })).toBeInTheDocument();
    expect(api.callsTo('cart.htoLeads')).toHaveLength(1);
  });

  it.each([
    ['down', 503, { message: 'Leads are down' }],
    ['throttled', 429, { code: 'TOO_MANY_REQUESTS', field: 'phone', message: 'Too many home try-on requests were sent. Please try again in 60 minutes.' }],
  ])('a failed lead (%s, %i) is only logged: the shopper books as usual', async (_, status, body) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const api = start({ ...serviceable, 'hto.createOrder': { result: visit }, 'cart.htoLeads': fail(status, body) });
      await checkPincode('110016');
      await fillVisit();
      expect(await screen.findByRole('heading', { name: m.visitBooked })).toBeInTheDocument();
      expect(screen.queryByText(body.message)).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(api.callsTo('cart.htoLeads')).toHaveLength(1);
      expect(api.callsTo('hto.createOrder')).toHaveLength(1);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('lead not recorded'), expect.anything());
    } finally {
      warn.mockRestore();
    }
  });

  it('a failed booking shows the server message', async () => {
    start({ ...serviceable, 'hto.createOrder': fail(409, { message: 'This slot has just been booked. Please choose another.' }) });
    await checkPincode('110016');
    await fillVisit();
    expect(await screen.findByRole('alert')).toHaveTextContent('This slot has just been booked. Please choose another.');
    expect(screen.getByRole('button', { name: m.bookVisit })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: m.visitBooked })).not.toBeInTheDocument();
  });

  it('cancels with the reason; success clears the visit', async () => {
    const api = start({ 'hto.lastOrder': { result: visit }, 'hto.cancel': { result: { ...visit, status: 'CANCELLED' } } });
    await findVisit();
    await userEvent.click(await screen.findByRole('button', { name: m.cancelVisit }));
    await userEvent.selectOptions(screen.getByLabelText(m.cancelReasonLabel), 'I booked by mistake');
    await userEvent.click(screen.getByRole('button', { name: m.confirmCancel }));
    expect(await screen.findByText(m.visitCancelled)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: m.visitBooked })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.useMyLocation })).toBeInTheDocument();
    expect(api.callsTo('hto.cancel').map((call) => [call.params, call.query])).toEqual([[{ orderId: '900001' }, { reason: 'I booked by mistake' }]]);
  });

  it('finds the last order by telephone, or says none was found', async () => {
    const api = start({ 'hto.lastOrder': { result: null } });
    await findVisit();
    expect(await screen.findByText(m.noBooking)).toBeInTheDocument();
    api.answer({ 'hto.lastOrder': { result: visit } });
    await userEvent.click(screen.getByRole('button', { name: m.lookUp }));
    expect(await screen.findByRole('heading', { name: m.visitBooked })).toBeInTheDocument();
    expect(api.callsTo('hto.lastOrder').map((call) => call.query)).toEqual([{ telephone: '9876543210' }, { telephone: '9876543210' }]);
  });

  it('Escape closes the cancel dialog', async () => {
    start({ 'hto.lastOrder': { result: visit } });
    await findVisit();
    await userEvent.click(await screen.findByRole('button', { name: m.cancelVisit }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('loads the page JSON with a cache-busting v, then the cancel reasons', async () => {
    const api = start({});
    expect(await screen.findByRole('heading', { name: 'Eye test at home' })).toBeInTheDocument();
    expect(screen.getByText(m.htoFree)).toBeInTheDocument();
    const [first] = api.callsTo('hto.page');
    expect(Number(first!.query.v)).toBeGreaterThan(0);
    expect(api.calls.map((call) => call.name)).toEqual(['hto.page', 'hto.cancelReasons']);
  });

  it('a failed page load shows the error; trying again asks with a new v', async () => {
    const api = start({ 'hto.page': fail(503, null) });
    expect(await screen.findByRole('alert')).toHaveTextContent(m.genericError);
    api.answer({ 'hto.page': page as never });
    await new Promise((resolve) => setTimeout(resolve, 2));
    await userEvent.click(screen.getByRole('button', { name: m.retry }));
    expect(await screen.findByRole('heading', { name: 'Eye test at home' })).toBeInTheDocument();
    const [first, again] = api.callsTo('hto.page');
    expect(again!.query.v).not.toBe(first!.query.v);
  });

  it('a failed cancel-reasons load fails the page too', async () => {
    start({ 'hto.cancelReasons': fail(500, { message: 'Reasons are unavailable' }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Reasons are unavailable');
    expect(screen.getByRole('button', { name: m.retry })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.useMyLocation })).not.toBeInTheDocument();
  });

  it("shows the visit's charge in the country's currency", async () => {
    start({ 'hto.page': { result: { ...page.result, config: { price: 499, enabled: true } } } as never });
    expect(await screen.findByText('Visit charge: ₹499')).toBeInTheDocument();
  });

  it('says when home visits are not offered in the country', async () => {
    start({ 'hto.page': { result: { ...page.result, config: { price: 0, enabled: false } } } as never });
    expect(await screen.findByText(m.htoUnavailable)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.useMyLocation })).not.toBeInTheDocument();
  });

  it('views, syncs (source HEC) and cancels the HEC appointment with a reason', async () => {
    const api = start(
      {
        'appointments.hecGet': { result: hecAppointment },
        'appointments.hecSync': { result: { ...hecAppointment, status: 'COMPLETED', orderId: undefined } },
        'appointments.hecCancel': { result: { ...hecAppointment, status: 'CANCELLED', cancellationReason: 'Not at home' } },
      },
      '/HTO?appointmentId=HEC-1',
    );
    const detail = await screen.findByRole('region', { name: m.hecTitle });
    expect(within(detail).getByText('Booking HEC-1')).toBeInTheDocument();
    expect(within(detail).getByText(`Status: ${m.statusOpen}`)).toBeInTheDocument();
    expect(within(detail).getByText(`${f.date('2026-03-11')}, ${f.time('09:00')}`)).toBeInTheDocument();
    expect(within(detail).queryByText(/2026-03-11|OPEN/)).not.toBeInTheDocument();
    await userEvent.type(within(detail).getByLabelText(m.cancelReasonLabel), 'Not at home');
    await userEvent.click(within(detail).getByRole('button', { name: m.cancelVisit }));
    expect(await within(detail).findByText('Not at home')).toBeInTheDocument();
    expect(within(detail).getByText(`Status: ${m.statusCancelled}`)).toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('button', { name: m.refreshStatus }));
    expect(await within(detail).findByText(`Status: ${m.statusCompleted}`)).toBeInTheDocument();
    expect(api.callsTo('appointments.hecGet')[0]!.params).toEqual({ appointmentId: 'HEC-1' });
    expect(api.callsTo('appointments.hecCancel')[0]!.query).toEqual({ orderId: '900001', reasonCancellation: 'Not at home' });
    expect(api.callsTo('appointments.hecSync').map((call) => [call.params, call.query])).toEqual([[{ appointmentId: 'HEC-1' }, { source: 'HEC' }]]);
  });

  it('a sync updates the status of the booked visit it belongs to', async () => {
    const api = start({
      'hto.lastOrder': { result: visit },
      'appointments.hecSync': { result: { ...hecAppointment, appointmentId: visit.appointmentId, status: 'COMPLETED' } },
    });
    await findVisit();
    expect(await screen.findByText(`Status: ${m.statusOpen}`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: m.refreshStatus }));
    expect(await screen.findByText(`Status: ${m.statusCompleted}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.cancelVisit })).not.toBeInTheDocument();
    expect(api.callsTo('appointments.hecSync')[0]!.params).toEqual({ appointmentId: 'HEC-ABC' });
  });

  it('a failed HEC call shows the server message', async () => {
    start({ 'appointments.hecGet': fail(404, { message: 'Appointment not found' }) }, '/HTO?appointmentId=HEC-X');
    expect(await screen.findByRole('alert')).toHaveTextContent('Appointment not found');
  });
});
