import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import { anOrder, anOrderItem } from '../../../testing/fixtures';
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
    const { client, calls } = fakeApi({
      'returns.details': () => ({ result: { ...ret, status } }) as never,
      'returns.labelStatus': { result: { groupId: 'RG-3', status: 'GENERATED' } } as never,
      'returns.refundDetails': { result: { refunds: [] } } as never,
      'returns.cancel': () => {
        status = 'CANCELLED';
        return { result: { ...ret, status } } as never;
      },
    });
    renderPage(<ReturnDetails itemId={11} />, { api: client, session: CUSTOMER });
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
    const { client } = fakeApi({
      'returns.details': { result: ret } as never,
      'returns.labelStatus': { result: { groupId: 'RG-3', status: 'GENERATED' } } as never,
      'returns.refundDetails': { result: { refunds: [refund(1, 'storecredit', 'PENDING', 900), refund(2, 'giftvoucher', 'COMPLETED', 600)] } } as never,
    });
    renderPage(<ReturnDetails itemId={11} />, { api: client, session: CUSTOMER });
    expect(await screen.findByText('₹900 by store credit (paid when your return reaches us)')).toBeInTheDocument();
    expect(screen.getByText('₹600 by your gift voucher (refunded)')).toBeInTheDocument();
    expect(screen.queryByText(/storecredit|PENDING|giftvoucher/)).not.toBeInTheDocument();
  });

  it('shows the returned product with its picture and the label status in words', async () => {
    const { client } = fakeApi({
      'returns.details': { result: ret } as never,
      'returns.labelStatus': { result: { groupId: 'RG-3', status: 'PENDING' } } as never,
      'returns.refundDetails': { result: { refunds: [] } } as never,
      'orders.get': { result: anOrder({ items: [anOrderItem({ status: 'RETURN_REQUESTED' }), anOrderItem({ id: 12, name: 'Aviator Gold' })] }) },
    });
    renderPage(<ReturnDetails itemId={11} />, { api: client, session: CUSTOMER });
    const items = await screen.findByRole('list', { name: 'Items in this return' });
    expect(within(items).getByRole('img', { name: 'Round Classic' })).toHaveAttribute('src', '/api/v2/images/product/128001/front.svg');
    expect(within(items).queryByText('Aviator Gold')).not.toBeInTheDocument();
    expect(screen.getByText('Shipping label: being prepared')).toBeInTheDocument();
    expect(screen.queryByText(/PENDING/)).not.toBeInTheDocument();
  });

  it('tells where to send a return the shopper ships, until it is on its way', async () => {
    const { client, callsTo } = fakeApi({
      'returns.details': { result: { ...ret, mode: 'self_ship' } } as never,
      'returns.labelStatus': { result: { groupId: 'RG-3', status: 'PENDING' } } as never,
      'returns.refundDetails': { result: { refunds: [] } } as never,
      'returns.config': {
        result: {
          returnWindowDays: 30,
          exchangeEnabled: true,
          newExchangeFlow: false,
          allowedStatusByPaymentMethod: {},
          photoMaxBytes: 1024,
          returnAddress: {
            name: 'Eyewear Returns Centre',
            addressline1: '1200 Commerce Drive, Suite 100',
            city: 'Reno',
            state: 'NV',
            postcode: '89502',
            country: 'us',
          },
        },
      } as never,
    });
    renderPage(<ReturnDetails itemId={11} />, { api: client, session: CUSTOMER });
    const note = await screen.findByRole('region', { name: 'Ship it to us yourself' });
    expect(within(note).getByLabelText('Return address')).toHaveTextContent('1200 Commerce Drive, Suite 100');
    expect(note).toHaveTextContent('Send it by a tracked courier to the address below.');
    expect(callsTo('returns.config')).toHaveLength(1);
  });

  it('asks the refund method of a return made without one (an older build asked it afterwards), never a dead end', async () => {
    let refunds: unknown[] = [];
    const { client, callsTo } = fakeApi({
      'returns.details': { result: ret } as never,
      'returns.labelStatus': { result: { groupId: 'RG-3', status: 'GENERATED' } } as never,
      'returns.refundDetails': () => ({ result: { refunds } }) as never,
      'orders.get': { result: anOrder({ items: [anOrderItem({ status: 'RETURN_REQUESTED' })] }) },
      'returns.refundMethods': {
        result: {
          methods: [
            {
              method: 'source',
              label: 'Back to the original payment method',
              enabled: true,
              description: 'Started when your return is picked up or reaches us',
            },
          ],
        },
      } as never,
      'returns.refundEstimate': { result: { itemId: 11, amount: 1500, currencyCode: 'INR', breakdown: [] } } as never,
      'returns.createRefund': () => {
        refunds = [
          {
            refundId: 1,
            orderId: 7,
            itemId: 11,
            method: 'source',
            amount: 1500,
            currencyCode: 'INR',
            status: 'PENDING',
            createdAt: '2026-06-04T10:00:00.000Z',
          },
        ];
        return { result: refunds[0] } as never;
      },
    });
    renderPage(<ReturnDetails itemId={11} />, { api: client, session: CUSTOMER });
    const form = await screen.findByRole('form', { name: 'Choose your refund method' });
    fireEvent.click(within(form).getByRole('button', { name: 'Request refund' }));
    expect(await screen.findByText('₹1,500 by the original payment method (paid when your return reaches us)')).toBeInTheDocument();
    expect(callsTo('returns.createRefund')[0]?.body).toEqual({ itemId: 11, refundMethod: 'source' });
    expect(screen.queryByRole('form', { name: 'Choose your refund method' })).not.toBeInTheDocument();
  });
});
