import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '../../app/flow-messages';
import { fakeApi, renderFlow } from '../../testing/render';
import HtoFlow from './HtoFlow';

const m = messages.defaults;
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
  status: 'OPEN',
  agent: { name: 'Asha', phone: '+91 80 4719 4111' },
  createdAt: '2026-03-10T00:00:00.000Z',
};

const base = {
  'GET /v2/hto/page': { body: page },
  'GET /v2/hto/cancel-reasons': { body: reasons },
};

function mockGeolocation(outcome: { code: number } | { lat: number; lng: number }) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
        'code' in outcome
          ? fail(outcome as GeolocationPositionError)
          : ok({ coords: { latitude: outcome.lat, longitude: outcome.lng } } as GeolocationPosition),
    },
  });
}

describe('HTO flow', () => {
  it("shows the spec's message when location access is denied", async () => {
    mockGeolocation({ code: 1 });
    const { client } = fakeApi(base);
    renderFlow(<HtoFlow />, { client });
    await userEvent.click(await screen.findByRole('button', { name: m.useMyLocation }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.geoDenied);
  });

  it('locates the shopper, shows the slots, books with UTM from the URL, then cancels with a reason', async () => {
    mockGeolocation({ lat: 28.55, lng: 77.2 });
    const { client, requests } = fakeApi({
      ...base,
      'GET /v2/hto/location/validate': { body: { result: { serviceable: true, pincode: '110016', city: 'New Delhi' } } },
      'GET /v2/hto/slots': { body: days },
      'POST /v2/hto/order': { body: { result: visit } },
      'POST /v2/hto/order/900001/cancel': { body: { result: { ...visit, status: 'CANCELLED' } } },
    });
    renderFlow(<HtoFlow />, { client, url: '/HTO?utm_source=google&utm_medium=cpc' });
    await userEvent.click(await screen.findByRole('button', { name: m.useMyLocation }));
    expect(await screen.findByText('Good news: we visit New Delhi (110016).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /12 PM - 3 PM/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '9 AM - 12 PM' }));
    await userEvent.type(screen.getByLabelText(m.nameLabel), 'Meera');
    await userEvent.type(screen.getByLabelText(m.phoneLabel), '9876543210');
    await userEvent.type(screen.getByLabelText(m.addressLabel), '12 Park Lane');
    await userEvent.click(screen.getByRole('button', { name: m.bookVisit }));
    expect(await screen.findByRole('heading', { name: m.visitBooked })).toBeInTheDocument();
    expect(screen.getByText('Your optometrist: Asha, +91 80 4719 4111')).toBeInTheDocument();
    const order = requests.find((r) => r.method === 'POST' && r.url.pathname.endsWith('/v2/hto/order'))!;
    expect(order.body).toMatchObject({ pincode: '110016', date: '2026-03-11', slotId: '9-12', userInfo: { name: 'Meera' } });
    // The campaign the visit arrived with: the UTM keys it carried, no empty others.
    expect((order.body as { utm?: unknown }).utm).toEqual({ source: 'google', medium: 'cpc' });

    await userEvent.click(screen.getByRole('button', { name: m.cancelVisit }));
    const dialog = screen.getByRole('dialog', { name: m.cancelTitle });
    expect(within(dialog).getByLabelText(m.cancelReasonLabel)).toHaveFocus();
    await userEvent.selectOptions(within(dialog).getByLabelText(m.cancelReasonLabel), 'I booked by mistake');
    await userEvent.click(within(dialog).getByRole('button', { name: m.confirmCancel }));
    expect(await screen.findByText(m.visitCancelled)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.at(-1)!.url.searchParams.get('reason')).toBe('I booked by mistake');
  });

  it("shows 'No Result Found..' for an unknown pincode", async () => {
    const { client } = fakeApi({ ...base, 'GET /v2/hto/geocode': { status: 404, body: { message: 'No Result Found..' } } });
    renderFlow(<HtoFlow />, { client });
    await userEvent.type(await screen.findByLabelText(m.pincodeLabel), '999999');
    await userEvent.click(screen.getByRole('button', { name: m.check }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No Result Found..');
  });

  it('Escape closes the cancel dialog', async () => {
    const { client } = fakeApi({ ...base, 'GET /v2/hto/lastorder': { body: { result: visit } } });
    renderFlow(<HtoFlow />, { client });
    await userEvent.type(await screen.findByLabelText(m.findBookingLabel), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: m.lookUp }));
    await userEvent.click(await screen.findByRole('button', { name: m.cancelVisit }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when home visits are not offered in the country', async () => {
    const { client } = fakeApi({ ...base, 'GET /v2/hto/page': { body: { result: { ...page.result, config: { price: 0, enabled: false } } } } });
    renderFlow(<HtoFlow />, { client });
    expect(await screen.findByText(m.htoUnavailable)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.useMyLocation })).not.toBeInTheDocument();
  });
});
