import { fireEvent, screen, within } from '@testing-library/react';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import StoreCredit from './StoreCredit';

it('shows the store credit balance, its history and a gift voucher balance by code', async () => {
  const { client } = fakeApi({
    'money.storeCredit': { result: { balance: 1500, currencyCode: 'INR', codes: [{ code: 'SC1234', balance: 1500 }] } } as never,
    'money.storeCreditHistory': {
      result: { entries: [{ id: 1, type: 'CREDIT', amount: 1500, currencyCode: 'INR', description: 'refund', createdAt: '2026-06-02T10:00:00.000Z' }] },
    } as never,
    'money.storeCreditOrders': { result: { entries: [], page: 0 } } as never,
    'money.giftVoucher': ({ query }) =>
      query.giftVoucherCode === 'GIFT500'
        ? ({ result: { code: 'GIFT500', balance: 500, currencyCode: 'INR', active: true } } as never)
        : fail(404, { message: 'This gift voucher does not exist' }),
  });
  renderPage(<StoreCredit />, { api: client, session: CUSTOMER });
  expect(await screen.findByText('Your store credit balance: ₹1,500')).toBeInTheDocument();
  expect(await screen.findByText('2 Jun 2026: +₹1,500, refund')).toBeInTheDocument();
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
  const { client, calls } = fakeApi({
    'money.storeCredit': { result: { balance: 3000, currencyCode: 'INR', codes: [] } } as never,
    'money.storeCreditHistory': { result: { entries: [] } } as never,
    'money.storeCreditOrders': ({ query }) => {
      const page = Number(query.page);
      return { result: { entries: page === 0 ? [entry(1, 7)] : page === 1 ? [entry(2, 8)] : [], page } } as never;
    },
    'money.storeCreditSms': ({ query }) =>
      query.orderId === '7'
        ? ({ result: { success: true, message: 'We have sent the store credit code to your mobile number' } } as never)
        : fail(422, { message: 'Please add your mobile number to your account to get the SMS.', field: 'telephone' }),
  });
  renderPage(<StoreCredit />, { api: client, session: CUSTOMER });
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
