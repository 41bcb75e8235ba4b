import { screen } from '@testing-library/react';
import { useLocation } from '@eyewear/router';
import { messages } from '../../app/flow-messages';
import { fakeApi, renderFlow } from '../../testing/render';
import SosView from './SosView';

const m = messages.defaults;
function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

describe('SOS page', () => {
  it('shows the urgent help of an OPEN visit', async () => {
    const { client } = fakeApi({
      'GET /v2/hto/sos': { body: { result: { appointmentId: 'HEC-1', status: 'OPEN', agent: { name: 'Asha', phone: '+91 80 4719 4111' } } } },
    });
    renderFlow(<SosView />, { client, url: '/HTO/sos?appointmentId=HEC-1' });
    expect(await screen.findByText('Your visit HEC-1 is on its way. For urgent help call your optometrist Asha on +91 80 4719 4111.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+91 80 4719 4111' })).toHaveAttribute('href', 'tel:+918047194111');
  });

  it('goes to /HTO/sos?error=true for a visit that is not OPEN, and shows the message', async () => {
    const { client } = fakeApi({ 'GET /v2/hto/sos': { body: { result: { appointmentId: 'HEC-1', status: 'CANCELLED' } } } });
    renderFlow(
      <>
        <SosView />
        <Where />
      </>,
      { client, url: '/HTO/sos?appointmentId=HEC-1' },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(m.sosError);
    expect(screen.getByLabelText('location')).toHaveTextContent('/HTO/sos?error=true');
  });

  it('asks for the booking link without an appointment', () => {
    const { client, requests } = fakeApi({});
    renderFlow(<SosView />, { client, url: '/HTO/sos' });
    expect(screen.getByText(m.sosMissing)).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
