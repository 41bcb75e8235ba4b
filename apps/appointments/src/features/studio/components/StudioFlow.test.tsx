import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '@eyewear/api-client/testing';
import { renderPage } from '@eyewear/event-bus/testing';
import { messages } from '../../../app/flow-messages';
import { dateFormats } from '../../../app/format';
import StudioFlow from './StudioFlow';

const m = messages.defaults;
/** India's dates and times (renderPage's country), as format.test.ts pins them. */
const f = dateFormats('in');
const store = { code: 'IN-NEW-001', name: 'Clearview Studio, Connaught Place', address: 'Connaught Place', studio: true };
const slots = {
  result: {
    storeCode: store.code,
    date: '2026-03-11',
    defaultDate: '2026-03-11',
    dates: ['2026-03-11'],
    timeZone: 'Asia/Kolkata',
    slots: [{ date: '2026-03-11', startTime: '15:00', endTime: '15:30', window: '15-18', available: true }],
  },
};
const appointment = {
  appointmentId: 'APT-7',
  storeCode: store.code,
  source: 'STUDIO',
  selectedDate: '2026-03-11',
  selectedTime: '15:00',
  status: 'BOOKED',
  store,
};
const order = {
  result: {
    id: 42,
    items: [
      { id: 7, name: 'Round Classic' },
      { id: 8, name: 'Daily lenses' },
    ],
  },
};
const studios = { 'appointments.studioStores': { result: { stores: [store] } }, 'appointments.storeSlots': slots } as never;
const select = () => screen.findByRole('button', { name: `Select ${store.name}` });

describe('studio flow', () => {
  it('loads the studio stores', async () => {
    const api = fakeApi(studios);
    renderPage(<StudioFlow />, { api: api.client });
    expect(await select()).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: store.name })).toBeInTheDocument();
    expect(api.callsTo('appointments.studioStores')).toHaveLength(1);
    expect(api.callsTo('appointments.storeSlots')).toEqual([]);
  });

  it('books an order’s studio slot from a modal, thanks the shopper and shows the order read again', async () => {
    const api = fakeApi({ ...(studios as object), 'appointments.studioSlot': { result: appointment }, 'orders.get': order } as never);
    renderPage(<StudioFlow orderId={42} />, { api: api.client });
    await userEvent.click(await select());
    const dialog = screen.getByRole('dialog', { name: `Choose a time at ${store.name}` });
    await userEvent.click(await within(dialog).findByRole('button', { name: f.time('15:00') }));
    expect(within(dialog).queryByLabelText(m.nameLabel)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: m.bookEyeTest }));
    expect(await screen.findByRole('heading', { name: m.thankYou })).toBeInTheDocument();
    expect(await screen.findByText('For order 42: Round Classic, Daily lenses')).toBeInTheDocument();
    expect(screen.getByText(/, Wed, 11 Mar,? 2026 at 3:00\spm\. Booking /i)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('appointments.studioSlot')[0]!.body).toEqual({
      storeCode: store.code,
      selectedDate: '2026-03-11',
      selectedTime: '15:00',
      bookedStatus: 'new',
    });
    await userEvent.click(screen.getByRole('button', { name: m.bookAnother }));
    expect(screen.getByRole('button', { name: `Select ${store.name}` })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a form reset keeps the stores', async () => {
    const api = fakeApi({ ...(studios as object), 'appointments.testYourVision': { result: appointment } } as never);
    renderPage(<StudioFlow />, { api: api.client });
    await userEvent.click(await select());
    await userEvent.click(await screen.findByRole('button', { name: f.time('15:00') }));
    await userEvent.type(screen.getByLabelText(m.nameLabel), 'Asha');
    await userEvent.type(screen.getByLabelText(m.phoneLabel), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: m.bookEyeTest }));
    await userEvent.click(await screen.findByRole('button', { name: m.bookAnother }));
    expect(screen.getByRole('button', { name: `Select ${store.name}` })).toBeInTheDocument();
    expect(api.callsTo('appointments.studioStores')).toHaveLength(1);
    expect(api.callsTo('appointments.testYourVision')[0]!.body).toMatchObject({ name: 'Asha', phone: '9876543210', source: 'STUDIO' });
    // The form starts again empty.
    await userEvent.click(screen.getByRole('button', { name: `Select ${store.name}` }));
    expect(await screen.findByLabelText(m.nameLabel)).toHaveValue('');
  });

  it('opening the modal clears the booked time', async () => {
    const api = fakeApi(studios);
    renderPage(<StudioFlow />, { api: api.client });
    await userEvent.click(await select());
    await userEvent.click(await screen.findByRole('button', { name: f.time('15:00') }));
    await userEvent.click(screen.getByRole('button', { name: m.close }));
    await userEvent.click(await select());
    expect(await screen.findByRole('button', { name: f.time('15:00') })).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo('appointments.storeSlots').map((call) => call.body)).toEqual([
      { storeCode: store.code, duration: 30, classification: 1, skipCurrentDate: 0 },
      { storeCode: store.code, duration: 30, classification: 1, skipCurrentDate: 0 },
    ]);
  });

  it('reopening the modal clears the chosen time', async () => {
    const { client } = fakeApi(studios);
    renderPage(<StudioFlow />, { api: client });
    await userEvent.click(await select());
    await userEvent.click(await screen.findByRole('button', { name: f.time('15:00') }));
    expect(screen.getByRole('button', { name: f.time('15:00') })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: `Select ${store.name}` }));
    expect(await screen.findByRole('button', { name: f.time('15:00') })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: m.bookEyeTest })).toBeDisabled();
  });
});
