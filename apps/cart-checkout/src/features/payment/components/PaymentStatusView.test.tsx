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
    // A drawn code (the modules of the UPI intent), named with the amount; the intent itself as a link for phones.
    const code = await screen.findByRole('img', { name: 'QR code to pay ₹1,500 with any UPI app' });
    expect(code.querySelector('path')!.getAttribute('d')).toMatch(/^M4 4h1v1h-1z/);
    expect(screen.queryByText(/upi:\/\/pay/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Paying on this phone? Open your UPI app' })).toHaveAttribute('href', qr.qrCode);
    expect(screen.getByRole('link', { name: 'Cancel and choose another payment method' })).toHaveAttribute('href', '/checkout/onepage/retrypayment?orderId=77');
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

  it("a declined QR payment offers a new code or another method (the order's retry page), never a dead end", async () => {
    const fake = fakeApi({
      'orders.qrGenerate': { result: qr },
      'orders.qrStatus': { result: { orderId: 77, status: 'FAILED', message: 'The UPI payment was declined' } },
    });
    renderPage(<PaymentStatusView method="qr" id="77" />, { url: '/checkout/payment/qr/77', api: fake.client });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('The UPI payment was declined');
    expect(screen.getByText(/Order #77 is saved for you/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose another payment method' })).toHaveAttribute('href', '/checkout/onepage/retrypayment?orderId=77');
    fake.answer({ 'orders.qrStatus': { result: { orderId: 77, status: 'PENDING' } } });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: /^QR code to pay ₹1,500/ })).toBeInTheDocument();
    expect(fake.callsTo('orders.qrGenerate')).toHaveLength(2);
  }, 10_000);

  it('an expired code says so and offers a new one', async () => {
    const fake = fakeApi({
      'orders.qrGenerate': { result: { ...qr, expiresAt: '2020-01-01T10:15:00Z' } },
      'orders.qrStatus': { result: { orderId: 77, status: 'PENDING' } },
    });
    renderPage(<PaymentStatusView method="qr" id="77" />, { url: '/checkout/payment/qr/77', api: fake.client });
    expect(await screen.findByRole('alert')).toHaveTextContent('This QR code has expired.');
    expect(screen.queryByRole('img', { name: /^QR code/ })).not.toBeInTheDocument();
    fake.answer({ 'orders.qrGenerate': { result: qr } });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: /^QR code to pay/ })).toBeInTheDocument();
  });

  it('a declined collect request leads to the retry page only (polling again would not help)', async () => {
    const fake = fakeApi({ 'checkout.upiStatus': { result: { orderId: 78, status: 'FAILED' } } });
    renderPage(<PaymentStatusView method="collect" id="78" />, { url: '/checkout/payment/collect/78', api: fake.client });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Payment failed');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose another payment method' })).toHaveAttribute('href', '/checkout/onepage/retrypayment?orderId=78');
  }, 10_000);

  it('stops polling when the screen is left', async () => {
    const fake = fakeApi({
      'orders.qrGenerate': { result: qr },
      'orders.qrStatus': { result: { orderId: 77, status: 'PENDING' } },
    });
    const { unmount, actionsOf } = renderPage(<PaymentStatusView method="qr" id="77" />, { url: '/checkout/payment/qr/77', api: fake.client });
    expect(await screen.findByRole('img', { name: /^QR code/ })).toBeInTheDocument();
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
