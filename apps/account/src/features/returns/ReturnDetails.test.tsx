import { fireEvent, screen } from '@testing-library/react';
import { CUSTOMER, fakeApi, renderInShell } from '../../testing/render';
import ReturnDetails from './ReturnDetails';

const ret = {
  returnId: 3,
  orderId: 7,
  groupId: 'RG-3',
  status: 'REQUESTED',
  itemIds: [11],
  returnMethod: 'refund',
  mode: 'store_return',
  createdAt: '2026-06-03T10:00:00.000Z',
};

describe('return details', () => {
  it('shows the status, how it goes back, the label and refunds, and cancels an open return', async () => {
    let status = 'REQUESTED';
    const calls = fakeApi({
      'GET /v2/returns/details/11': () => ({ body: { result: { ...ret, status } } }),
      'GET /v2/returns/label-status/RG-3': { body: { result: { groupId: 'RG-3', status: 'GENERATED' } } },
      'GET /v2/orders/7/refund/details': { body: { result: { refunds: [] } } },
      'POST /v2/orders/7/return/3/cancel': () => {
        status = 'CANCELLED';
        return { body: { result: { ...ret, status } } };
      },
    });
    renderInShell(<ReturnDetails itemId={11} />, { session: CUSTOMER });
    expect(await screen.findByText('Return status: requested')).toBeInTheDocument();
    expect(screen.getByText('Going back by: return at a store')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel return' }));
    expect(await screen.findByText('Return status: cancelled')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(true);
  });

  it('names how and when each refund is paid, in words', async () => {
    const refund = (refundId: number, method: string, status: string, amount: number) => ({
      refundId,
      orderId: 7,
      itemId: 11,
      method,
      amount,
      currencyCode: 'INR',
      status,
      createdAt: '2026-06-04T10:00:00.000Z',
    });
    fakeApi({
      'GET /v2/returns/details/11': { body: { result: ret } },
      'GET /v2/returns/label-status/RG-3': { body: { result: { groupId: 'RG-3', status: 'GENERATED' } } },
      'GET /v2/orders/7/refund/details': {
        body: { result: { refunds: [refund(1, 'storecredit', 'PENDING', 900), refund(2, 'giftvoucher', 'COMPLETED', 600)] } },
      },
    });
    renderInShell(<ReturnDetails itemId={11} />, { session: CUSTOMER });
    expect(await screen.findByText('₹900 by store credit (paid when your return reaches us)')).toBeInTheDocument();
    expect(screen.getByText('₹600 by your gift voucher (refunded)')).toBeInTheDocument();
    expect(screen.queryByText(/storecredit|PENDING|giftvoucher/)).not.toBeInTheDocument();
  });
});
