import { act, fireEvent, screen, within } from '@testing-library/react';
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

it('shows an expired gift voucher or store credit code as expired, with nothing to spend (issue 42)', async () => {
  const { client } = fakeApi({
    'money.storeCredit': {
      result: {
        balance: 200,
        currencyCode: 'INR',
        codes: [
          { code: 'SCOLD1', balance: 500, expiresAt: '2026-01-10T10:00:00.000Z' },
          { code: 'SCNEW1', balance: 200, expiresAt: '2099-03-01T10:00:00.000Z' },
        ],
      },
    } as never,
    'money.storeCreditHistory': { result: { entries: [] } } as never,
    'money.storeCreditOrders': { result: { entries: [], page: 0 } } as never,
    'money.giftVoucher': ({ query }) =>
      ({
        result:
          query.giftVoucherCode === 'GIFTOLD1'
            ? { code: 'GIFTOLD1', balance: 0, currencyCode: 'INR', active: false, expiresAt: '2026-01-10T10:00:00.000Z' }
            : query.giftVoucherCode === 'GIFTOFF1'
              ? { code: 'GIFTOFF1', balance: 0, currencyCode: 'INR', active: false, expiresAt: '2099-03-01T10:00:00.000Z' }
              : { code: 'GIFT500', balance: 500, currencyCode: 'INR', active: true, expiresAt: '2099-03-01T10:00:00.000Z' },
      }) as never,
  });
  renderPage(<StoreCredit />, { api: client, session: CUSTOMER });
  const credit = await screen.findByRole('region', { name: 'Your store credit' });
  expect(within(credit).getByText('SCOLD1: expired on 10 Jan 2026, nothing left to spend')).toBeInTheDocument();
  expect(within(credit).getByText('SCNEW1: ₹200, valid until 1 Mar 2099')).toBeInTheDocument();
  const form = screen.getByRole('form', { name: 'Check a gift voucher balance' });
  const check = async (code: string) => {
    fireEvent.change(within(form).getByLabelText('Gift voucher code'), { target: { value: code } });
    fireEvent.click(within(form).getByRole('button', { name: 'Check balance' }));
  };
  await check('GIFTOLD1');
  expect(await within(form).findByRole('status')).toHaveTextContent('Gift voucher GIFTOLD1 expired on 10 Jan 2026: it has nothing left to spend.');
  expect(screen.queryByText(/₹500/)).not.toBeInTheDocument();
  await check('GIFTOFF1');
  expect(await within(form).findByText('Gift voucher GIFTOFF1 can no longer be used: it has nothing left to spend.')).toBeInTheDocument();
  await check('GIFT500');
  expect(await within(form).findByText('Balance of GIFT500: ₹500, valid until 1 Mar 2099')).toBeInTheDocument();
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

it('shows one placeholder until the balance, its history and the credit orders are all in, then all of them and the voucher form at once (issue 42: nothing moves as each lands)', async () => {
  const answers: Record<string, (value: unknown) => void> = {};
  const later = (name: string) => () =>
    new Promise((resolve) => {
      answers[name] = resolve;
    }) as never;
  const { client } = fakeApi({
    'money.storeCredit': later('credit'),
    'money.storeCreditHistory': later('history'),
    'money.storeCreditOrders': later('orders'),
  });
  renderPage(<StoreCredit />, { api: client, session: CUSTOMER });
  expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
  await act(async () => answers['credit']!({ result: { balance: 1500, currencyCode: 'INR', codes: [] } }));
  await act(async () => answers['history']!({ result: { entries: [] } }));
  // Two of three in: still the one placeholder, nothing of the page yet.
  expect(screen.queryByRole('region', { name: 'Your store credit' })).not.toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Check a gift voucher balance' })).not.toBeInTheDocument();
  await act(async () =>
    answers['orders']!({
      result: {
        entries: [
          { id: 1, orderId: 7, type: 'CREDIT', amount: 1500, currencyCode: 'INR', description: 'Refund of order 7', createdAt: '2026-06-02T10:00:00.000Z' },
        ],
        page: 0,
      },
    }),
  );
  expect(await screen.findByRole('region', { name: 'Your store credit' })).toHaveTextContent('₹1,500');
  expect(screen.getByRole('region', { name: 'Orders with store credit' })).toHaveTextContent('Order 7');
  expect(screen.getByRole('form', { name: 'Check a gift voucher balance' })).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
});
