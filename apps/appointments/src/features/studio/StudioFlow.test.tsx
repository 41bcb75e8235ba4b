import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '../../app/flow-messages';
import { fakeApi, renderFlow } from '../../testing/render';
import StudioFlow from './StudioFlow';

const m = messages.defaults;
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

describe('studio flow', () => {
  it('books an order’s studio slot from a modal, thanks the shopper and shows the order read again', async () => {
    const { client, requests } = fakeApi({
      'GET /v2/studio/stores': { body: { result: { stores: [store] } } },
      'POST /v2/appointments/slots': { body: slots },
      'POST /v2/orders/42/studio/slot': { body: { result: appointment } },
      'GET /v2/orders/42': {
        body: {
          result: {
            id: 42,
            items: [
              { id: 7, name: 'Round Classic' },
              { id: 8, name: 'Daily lenses' },
            ],
          },
        },
      },
    });
    renderFlow(<StudioFlow orderId={42} />, { client });
    await userEvent.click(await screen.findByRole('button', { name: `Select ${store.name}` }));
    const dialog = screen.getByRole('dialog', { name: `Choose a time at ${store.name}` });
    await userEvent.click(await within(dialog).findByRole('button', { name: '15:00' }));
    expect(within(dialog).queryByLabelText(m.nameLabel)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: m.bookEyeTest }));
    expect(await screen.findByRole('heading', { name: m.thankYou })).toBeInTheDocument();
    expect(await screen.findByText('For order 42: Round Classic, Daily lenses')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname.endsWith('/v2/orders/42/studio/slot'))!.body).toEqual({
      storeCode: store.code,
      selectedDate: '2026-03-11',
      selectedTime: '15:00',
      bookedStatus: 'new',
    });
    await userEvent.click(screen.getByRole('button', { name: m.bookAnother }));
    expect(screen.getByRole('button', { name: `Select ${store.name}` })).toBeInTheDocument();
  });

  it('reopening the modal clears the chosen time', async () => {
    const { client } = fakeApi({ 'GET /v2/studio/stores': { body: { result: { stores: [store] } } }, 'POST /v2/appointments/slots': { body: slots } });
    renderFlow(<StudioFlow />, { client });
    await userEvent.click(await screen.findByRole('button', { name: `Select ${store.name}` }));
    await userEvent.click(await screen.findByRole('button', { name: '15:00' }));
    expect(screen.getByRole('button', { name: '15:00' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: `Select ${store.name}` }));
    expect(await screen.findByRole('button', { name: '15:00' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: m.bookEyeTest })).toBeDisabled();
  });
});
