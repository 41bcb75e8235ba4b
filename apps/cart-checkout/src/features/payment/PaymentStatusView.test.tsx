import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from '@eyewear/router';
import { renderCart } from '../../testing/render';
import PaymentStatusView from './PaymentStatusView';

const qrGenerate = jest.fn();
const qrStatus = jest.fn();
// One API object per country, as the real cartApiFor keeps.
jest.mock('../../shared/api', () => {
  const api = { qrGenerate: (...args: unknown[]) => qrGenerate(...args), qrStatus: (...args: unknown[]) => qrStatus(...args) };
  return { cartApiFor: () => api };
});

function Where() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <>
      <output data-testid="location">{`${pathname}${search}`}</output>
      <button type="button" onClick={() => navigate('/checkout/payment/qr/77/help')}>
        Change path
      </button>
    </>
  );
}

describe('the QR payment screen', () => {
  beforeEach(() => {
    qrGenerate.mockReset();
    qrStatus.mockReset();
  });

  it('keeps its code and its polling when the path changes, and goes to the success page once paid', async () => {
    qrGenerate.mockResolvedValue({ result: { orderId: 77, qrCode: 'upi://pay?pa=eyewear@bank&am=1500' } });
    qrStatus.mockResolvedValueOnce({ result: { status: 'PENDING' } }).mockResolvedValue({ result: { status: 'SUCCESS' } });
    renderCart(
      <>
        <PaymentStatusView method="qr" id="77" />
        <Where />
      </>,
      { url: '/checkout/payment/qr/77' },
    );
    expect(await screen.findByTestId('qr-code')).toHaveTextContent('upi://pay');
    await userEvent.click(screen.getByRole('button', { name: 'Change path' }));
    await act(async () => undefined);
    // The same code: not generated again for a path change.
    expect(qrGenerate).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout/onepage/success?orderId=77'), { timeout: 8000 });
    expect(qrGenerate).toHaveBeenCalledTimes(1);
  }, 15_000);

  it('says something went wrong, never the raw error text, when the code cannot be made', async () => {
    qrGenerate.mockRejectedValue(new TypeError('Failed to fetch'));
    renderCart(<PaymentStatusView method="qr" id="77" />, { url: '/checkout/payment/qr/77' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
  });
});
