import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '@eyewear/api-client/testing';
import { renderPage } from '@eyewear/event-bus/testing';
import { useNavigate } from '@eyewear/router';
import { checkoutActions } from '../../checkout';
import PaymentStatusView from './PaymentStatusView';

function ChangePath() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/checkout/payment/qr/77/help')}>
      Change path
    </button>
  );
}

const qr = { orderId: 77, qrCode: 'upi://pay?pa=eyewear@bank&am=1500', amount: 1500, currencyCode: 'INR' as const, expiresAt: '2030-01-01T10:15:00Z' };

describe('the QR payment screen', () => {
  it('keeps its code and its polling when the path changes, and goes to the success page once paid', async () => {
    const statuses = ['PENDING', 'SUCCESS'] as const;
    let polls = 0;
    const fake = fakeApi({
      'orders.qrGenerate': { result: qr },
      'orders.qrStatus': () => ({ result: { orderId: 77, status: statuses[Math.min(polls++, 1)]! } }),
    });
    const { actionsOf } = renderPage(
      <>
        <PaymentStatusView method="qr" id="77" />
        <ChangePath />
      </>,
      { url: '/checkout/payment/qr/77', api: fake.client },
    );
    expect(await screen.findByTestId('qr-code')).toHaveTextContent('upi://pay');
    await userEvent.click(screen.getByRole('button', { name: 'Change path' }));
    await act(async () => undefined);
    // The same code: not generated again for a path change.
    expect(fake.callsTo('orders.qrGenerate')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout/onepage/success?orderId=77'), { timeout: 8000 });
    expect(fake.callsTo('orders.qrGenerate')).toHaveLength(1);
    expect(fake.callsTo('orders.qrStatus')).toHaveLength(2);
    expect(actionsOf(checkoutActions.paymentCheckStarted.type)).toHaveLength(1);
  }, 15_000);

  it('says something went wrong, never the raw error text, when the code cannot be made', async () => {
    const fake = fakeApi({
      'orders.qrGenerate': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage(<PaymentStatusView method="qr" id="77" />, { url: '/checkout/payment/qr/77', api: fake.client });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
  });

  it('stops polling when the screen is left', async () => {
    const fake = fakeApi({
      'orders.qrGenerate': { result: qr },
      'orders.qrStatus': { result: { orderId: 77, status: 'PENDING' } },
    });
    const { unmount, actionsOf } = renderPage(<PaymentStatusView method="qr" id="77" />, { url: '/checkout/payment/qr/77', api: fake.client });
    expect(await screen.findByTestId('qr-code')).toBeInTheDocument();
    unmount();
    expect(actionsOf(checkoutActions.paymentCheckStopped.type)).toHaveLength(1);
    await act(() => new Promise((settled) => setTimeout(settled, 2500)));
    expect(fake.callsTo('orders.qrStatus')).toHaveLength(0);
  }, 10_000);

  it('says the order is not found for an id that is not one, without a call', () => {
    const fake = fakeApi();
    renderPage(<PaymentStatusView method="confirm" id="" />, { url: '/checkout/payment/confirm?orderId=abc', api: fake.client });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not find this order.');
    expect(fake.calls).toEqual([]);
  });
});
