import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import { anOrder, anOrderItem } from '../../../testing/fixtures';
import OrdersList from './OrdersList';

const page = (ids: number[]) => ({ result: { orders: ids.map((id) => anOrder({ id })), totalOrder: 7, page: 0, pageSize: 5 } });

describe('orders list', () => {
  it('appends the next page to what is shown, keeps it on a failed page and asks for that page again', async () => {
    let down = true;
    const { client, callsTo } = fakeApi({
      'orders.list': ({ query }) => (query.page === '0' ? page([1, 2, 3, 4, 5]) : down ? fail(503, { message: 'Down for a moment' }) : page([6, 7])),
    });
    renderPage(<OrdersList />, { api: client, session: CUSTOMER });
    expect(await screen.findAllByTestId('account-order')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Show more orders' }));
    expect(await screen.findByText('Down for a moment')).toBeInTheDocument();
    expect(screen.getAllByTestId('account-order')).toHaveLength(5);
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('account-order')).toHaveLength(7));
    expect(screen.queryByRole('button', { name: 'Show more orders' })).not.toBeInTheDocument();
    expect(callsTo('orders.list').map((call) => call.query)).toEqual([
      { page: '0', 'page-size': '5' },
      { page: '1', 'page-size': '5' },
      { page: '1', 'page-size': '5' },
    ]);
  });

  it("shows each order with its status in words, its date as the country writes it and its products' pictures", async () => {
    const { client } = fakeApi({
      'orders.list': { result: { orders: [anOrder({ status: 'SHIPPED', items: [anOrderItem({ status: 'SHIPPED' })] })], totalOrder: 1, page: 0, pageSize: 5 } },
    });
    renderPage(<OrdersList />, { api: client, session: CUSTOMER, country: 'us' });
    const order = await screen.findByTestId('account-order');
    expect(order).toHaveTextContent('Placed on Jun 1, 2026');
    expect(order).toHaveTextContent('Status: shipped');
    expect(order).not.toHaveTextContent(/SHIPPED|2026-06-01/);
    expect(screen.getByRole('img', { name: 'Round Classic' })).toHaveAttribute('src', '/api/v2/images/product/128001/front.svg');
  });

  it("loads the pictures of a phone's first screen at once, the newest order's first as the page's main image, the rest when they come near", async () => {
    const order = (id: number) =>
      anOrder({
        id,
        items: [
          anOrderItem({ id: id * 10, name: `Frame ${id}a`, productId: 128000 + id }),
          anOrderItem({ id: id * 10 + 1, name: `Frame ${id}b`, productId: 128100 + id }),
        ],
      });
    const { client } = fakeApi({ 'orders.list': { result: { orders: [1, 2, 3].map(order), totalOrder: 3, page: 0, pageSize: 5 } } });
    renderPage(<OrdersList />, { api: client, session: CUSTOMER });
    const main = await screen.findByRole('img', { name: 'Frame 1a' });
    expect(main).toHaveAttribute('elementtiming', 'main-image');
    expect(main).toHaveAttribute('loading', 'eager');
    for (const name of ['Frame 1b', 'Frame 2a', 'Frame 2b']) {
      expect(screen.getByRole('img', { name })).toHaveAttribute('loading', 'eager');
      expect(screen.getByRole('img', { name })).not.toHaveAttribute('elementtiming');
    }
    for (const name of ['Frame 3a', 'Frame 3b']) expect(screen.getByRole('img', { name })).toHaveAttribute('loading', 'lazy');
  });

  it('shows what an order paid by store credit cost, never ₹0 (issue 42)', async () => {
    const byCredit = anOrder({
      amount: { total: 0, totalTax: 0, shipping: 0, currencyCode: 'INR', discounts: [{ type: 'sc', code: 'CREDIT1000', amount: 1500 }] },
    });
    const { client } = fakeApi({ 'orders.list': { result: { orders: [byCredit], totalOrder: 1, page: 0, pageSize: 5 } } });
    renderPage(<OrdersList />, { api: client, session: CUSTOMER });
    expect(await screen.findByTestId('account-order')).toHaveTextContent('Total ₹1,500');
  });
});
