import { fireEvent, screen, within } from '@testing-library/react';
import { CUSTOMER, fakeApi, renderInShell } from '../../testing/render';
import StoreCredit from './StoreCredit';

it('shows the store credit balance, its history and a gift voucher balance by code', async () => {
  fakeApi({
    'GET /v2/money/store-credits/': { body: { result: { balance: 1500, currencyCode: 'INR', codes: [{ code: 'SC1234', balance: 1500 }] } } },
    'GET /v2/money/store-credits/history': {
      body: {
        result: { entries: [{ id: 1, type: 'CREDIT', amount: 1500, currencyCode: 'INR', description: 'refund', createdAt: '2026-06-02T10:00:00.000Z' }] },
      },
    },
    'GET /v2/money/store-credits/orders': { body: { result: { entries: [], page: 0 } } },
    'GET /v2/money/gift-vouchers/code': ({ url }) =>
      url.searchParams.get('giftVoucherCode') === 'GIFT500'
        ? { body: { result: { code: 'GIFT500', balance: 500, currencyCode: 'INR', active: true } } }
        : { status: 404, body: { message: 'This gift voucher does not exist' } },
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

it("lists the orders with store credit page by page and sends an order's store credit by SMS", async () => {
  const entry = (id: number, orderId: number) => ({
    id,
    orderId,
    type: 'CREDIT',
    amount: 1500,
    currencyCode: 'INR',
    description: `Refund of order ${orderId}`,
    createdAt: '2026-06-02T10:00:00.000Z',
  });
  const calls = fakeApi({
    'GET /v2/money/store-credits/': { body: { result: { balance: 3000, currencyCode: 'INR', codes: [] } } },
    'GET /v2/money/store-credits/history': { body: { result: { entries: [] } } },
    'GET /v2/money/store-credits/orders': ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      return { body: { result: { entries: page === 0 ? [entry(1, 7)] : page === 1 ? [entry(2, 8)] : [], page } } };
    },
    'GET /v2/money/store-credits/sms': ({ url }) =>
      url.searchParams.get('orderId') === '7'
        ? { body: { result: { success: true, message: 'We have sent the store credit code to your mobile number' } } }
        : { status: 422, body: { message: 'Please add your mobile number to your account to get the SMS.', field: 'telephone' } },
  });
  renderInShell(<StoreCredit />, { session: CUSTOMER });
  const section = await screen.findByRole('region', { name: 'Orders with store credit' });
  expect(within(section).getByText(/Order 7: \+₹1,500, Refund of order 7/)).toBeInTheDocument();
  fireEvent.click(within(section).getByRole('button', { name: 'Show more orders' }));
  expect(await within(section).findByText(/Order 8: \+₹1,500/)).toBeInTheDocument();
  fireEvent.click(within(section).getByRole('button', { name: 'Show more orders' }));
  await screen.findByText(/Order 8/);
  await within(section).findByRole('button', { name: 'Send details by SMS: 7' });
  fireEvent.click(within(section).getByRole('button', { name: 'Send details by SMS: 7' }));
  expect(await within(section).findByRole('status')).toHaveTextContent('We have sent the store credit code to your mobile number');
  fireEvent.click(within(section).getByRole('button', { name: 'Send details by SMS: 8' }));
  expect(await within(section).findByRole('alert')).toHaveTextContent('Please add your mobile number to your account to get the SMS.');
  expect(calls.filter((c) => c.path === '/v2/money/store-credits/orders')).toHaveLength(3);
  expect(within(section).queryByRole('button', { name: 'Show more orders' })).not.toBeInTheDocument();
});
