import { screen, waitFor } from '@testing-library/react';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { renderPage } from '@eyewear/event-bus/testing';
import { messages } from '../../../app/flow-messages';
import SosView, { SOS_ERROR_PATH } from './SosView';

const m = messages.defaults;
const agent = { name: 'Asha', phone: '+91 80 4719 4111' };
const url = '/HTO/sos?appointmentId=HEC-1';
const where = () => screen.getByTestId('location');

describe('SOS page', () => {
  it('shows the urgent help of an OPEN visit', async () => {
    const { client } = fakeApi({ 'hto.sos': { result: { appointmentId: 'HEC-1', status: 'OPEN', agent } } });
    renderPage(<SosView />, { api: client, url });
    expect(await screen.findByText('Your visit HEC-1 is on its way. For urgent help call your optometrist Asha on +91 80 4719 4111.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+91 80 4719 4111' })).toHaveAttribute('href', 'tel:+918047194111');
  });

  it('proceeds when the appointment is OPEN: checks that appointment and stays', async () => {
    const api = fakeApi({ 'hto.sos': { result: { appointmentId: 'HEC-1', status: 'OPEN', agent } } });
    renderPage(<SosView />, { api: api.client, url });
    expect(await screen.findByRole('link', { name: agent.phone })).toBeInTheDocument();
    expect(api.callsTo('hto.sos').map((call) => call.query)).toEqual([{ appointmentId: 'HEC-1' }]);
    expect(where()).toHaveTextContent(url);
  });

  it('goes to /HTO/sos?error=true for a visit that is not OPEN, and shows the message', async () => {
    const { client } = fakeApi({ 'hto.sos': { result: { appointmentId: 'HEC-1', status: 'CANCELLED' } } });
    renderPage(<SosView />, { api: client, url });
    expect(await screen.findByRole('alert')).toHaveTextContent(m.sosError);
    expect(where()).toHaveTextContent('/HTO/sos?error=true');
  });

  it.each(['CANCELLED', 'COMPLETED'] as const)('goes to /HTO/sos?error=true when the status is %s', async (status) => {
    const api = fakeApi({ 'hto.sos': { result: { appointmentId: 'HEC-1', status } } });
    renderPage(<SosView />, { api: api.client, url });
    await waitFor(() => expect(where()).toHaveTextContent(SOS_ERROR_PATH));
    expect(SOS_ERROR_PATH).toBe('/HTO/sos?error=true');
    expect(api.callsTo('hto.sos')).toHaveLength(1);
  });

  it('goes to the error page when the check fails', async () => {
    const { client } = fakeApi({ 'hto.sos': fail(404, { message: 'Appointment not found' }) });
    renderPage(<SosView />, { api: client, url });
    expect(await screen.findByRole('alert')).toHaveTextContent(m.sosError);
    expect(where()).toHaveTextContent('/HTO/sos?error=true');
  });

  it('asks for the booking link without an appointment', () => {
    const { client, calls } = fakeApi({});
    renderPage(<SosView />, { api: client, url: '/HTO/sos' });
    expect(screen.getByText(m.sosMissing)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
