import { fireEvent, screen } from '@testing-library/react';
import { CUSTOMER, fakeApi, renderInShell } from '../../testing/render';
import StoreCredit from './StoreCredit';

it('shows the store credit balance, its history and a gift voucher balance by code', async () => {
  fakeApi({
    'GET /v2/money/store-credits/': { body: { result: { balance: 1500, currencyCode: 'INR', codes: [{ code: 'SC1234', balance: 1500 }] } } },
    'GET /v2/money/store-credits/history': { body: { result: { entries: [{ id: 1, type: 'CREDIT', amount: 1500, currencyCode: 'INR', description: 'refund', createdAt: '2026-06-02T10:00:00.000Z' }] } } },
    'GET /v2/money/gift-vouchers/code': ({ url }) => (url.searchParams.get('giftVoucherCode') === 'GIFT500' ? { body: { result: { code: 'GIFT500', balance: 500, currencyCode: 'INR', active: true } } } : { status: 404, body: { message: 'This gift voucher does not exist' } }),
  });
  renderInShell(<StoreCredit />, { session: CUSTOMER });
  expect(await screen.findByText('Your store credit balance: ₹1,500')).toBeInTheDocument();
  expect(await screen.findByText('02/06/2026: +₹1,500, refund')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Gift voucher code'), { target: { value: 'NOPE1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Check balance' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This gift voucher does not exist');
  fireEvent.change(screen.getByLabelText('Gift voucher code'), { target: { value: 'GIFT500' } });
  fireEvent.click(screen.getByRole('button', { name: 'Check balance' }));
  expect(await screen.findByText('Balance of GIFT500: ₹500')).toBeInTheDocument();
});
