import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type OrderDetail, type OrderMoney } from '@eyewear/api-client';
import { fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import { anOrder, anOrderItem } from '../../../testing/fixtures';
import { Invoice } from './InvoiceBody';
import OrderDetailView from './OrderDetail';

/** Issue 42: the order page a customer can rely on (money from the ledger, the parcel, the invoice, buy it again, help, cancel one item). */

const money = (overrides: Partial<OrderMoney> = {}): OrderMoney => ({
  itemsTotal: 1500,
  discounts: [],
  shipping: 0,
  orderValue: 1500,
  lensUpgrades: 0,
  charged: 1500,
  taxIncluded: 228.81,
  taxLines: [
    { name: 'CGST', ratePercent: 9, amount: 114.4 },
    { name: 'SGST', ratePercent: 9, amount: 114.41 },
  ],
  payments: [{ kind: 'payment', method: 'cc', amount: 1500, status: 'SUCCESS' }],
  paid: 1500,
  refunds: [],
  refunded: 0,
  net: 1500,
  ...overrides,
});

const detail = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  ...anOrder({
    estimatedDelivery: '2026-06-06',
    items: [anOrderItem(), anOrderItem({ id: 12, productId: 128002, name: 'Aviator Gold', price: { value: 2998, currencyCode: 'INR' } })],
  }),
  money: money(),
  ...overrides,
});

/** The order page with unshipped frames has loaded its folded forms (their lazy chunk) too. */
async function formsLoaded() {
  expect(await screen.findAllByRole('form', { name: /^Update power: / })).not.toHaveLength(0);
  expect(await screen.findAllByRole('form', { name: /^Change power type: / })).not.toHaveLength(0);
}

/** The definition list of a region, as label and value pairs. */
function totalsOf(name: string) {
  const region = screen.getByRole('region', { name });
  return [...region.querySelectorAll('dl > div')].map((row) => `${row.querySelector('dt')!.textContent}: ${row.querySelector('dd')!.textContent}`);
}

describe('the order page', () => {
  it('shows an order paid by store credit as paid by it, with totals that add up and the tax in them, never ₹0', async () => {
    const order = detail({
      amount: { ...anOrder().amount, total: 0, totalTax: 0 },
      payments: { paymentList: [{ method: 'sc', amount: 0, status: 'SUCCESS' }] },
      money: money({ payments: [{ kind: 'storecredit', amount: 1500, status: 'SUCCESS' }] }),
    });
    const { client } = fakeApi({ 'orders.get': { result: order } });
    renderPage(<OrderDetailView orderId={7} />, { api: client, session: CUSTOMER });
    await formsLoaded();
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(within(payments).getByRole('listitem')).toHaveTextContent('Store credit: ₹1,500, paid');
    expect(totalsOf('Totals')).toEqual(['Items: ₹1,500', 'Shipping: ₹0', 'Order total: ₹1,500', 'Total paid: ₹1,500', 'Tax included: ₹228.81']);
    expect(screen.getByRole('region', { name: 'Refunds' })).toHaveTextContent('No refunds yet.');
  });

  it('shows lens upgrades paid later and the refunds of cancelled items, so a refund above the order total adds up', async () => {
    const order = detail({
      items: [anOrderItem({ price: { value: 4498, currencyCode: 'INR' }, status: 'CANCELLED' })],
      money: money({
        itemsTotal: 4498,
        orderValue: 4498,
        lensUpgrades: 6399,
        charged: 10897,
        payments: [
          { kind: 'payment', method: 'cc', amount: 4498, status: 'SUCCESS' },
          { kind: 'lensupgrade', method: 'cc', amount: 3400, status: 'SUCCESS', itemId: 11 },
          { kind: 'lensupgrade', method: 'upi', amount: 2999, status: 'SUCCESS', itemId: 11 },
        ],
        paid: 10897,
        refunds: [
          {
            refundId: 3,
            orderId: 7,
            itemId: 11,
            method: 'source',
            amount: 10897,
            currencyCode: 'INR',
            status: 'INITIATED',
            createdAt: '2026-06-02T10:00:00.000Z',
            kind: 'cancel',
          },
        ],
        refunded: 10897,
        net: 0,
      }),
    });
    const { client } = fakeApi({ 'orders.get': { result: order } });
    renderPage(<OrderDetailView orderId={7} />, { api: client, session: CUSTOMER });
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(
      within(payments)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Credit card: ₹4,498, paid',
      'Lens upgrade for Round Classic (Credit card): ₹3,400, paid',
      'Lens upgrade for Round Classic (UPI): ₹2,999, paid',
    ]);
    expect(within(screen.getByRole('region', { name: 'Refunds' })).getByRole('listitem')).toHaveTextContent(
      'Refund for Round Classic (cancelled): ₹10,897 to the original payment method, on its way',
    );
    expect(totalsOf('Totals')).toEqual([
      'Items: ₹4,498',
      'Shipping: ₹0',
      'Order total: ₹4,498',
      'Lens upgrades: ₹6,399',
      'Total paid: ₹10,897',
      'Refunded: -₹10,897',
      'Net paid: ₹0',
      'Tax included: ₹228.81',
    ]);
    // A cancelled item offers no cancel.
    expect(screen.queryByRole('button', { name: /^Cancel Round Classic/ })).not.toBeInTheDocument();
  });

  it('says when the order should arrive, then the courier and tracking number once it has left, and when it arrived', async () => {
    const { client, answer } = fakeApi({ 'orders.get': { result: detail() } });
    const { unmount } = renderPage(<OrderDetailView orderId={7} />, { api: client, session: CUSTOMER });
    await formsLoaded();
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(
      within(delivery)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Expected delivery: 6 Jun 2026', 'Not shipped yet']);
    unmount();
    answer({
      'orders.get': {
        result: detail({
          status: 'DELIVERED',
          items: [anOrderItem({ status: 'DELIVERED' })],
          shipment: {
            courier: 'Eyewear Express',
            trackingNumber: 'EX000000007IN',
            shippedAt: '2026-06-02T10:00:00.000Z',
            deliveredAt: '2026-06-04T10:00:00.000Z',
          },
        }),
      },
    });
    renderPage(<OrderDetailView orderId={7} />, { api: client, session: CUSTOMER });
    const arrived = await screen.findByRole('region', { name: 'Delivery' });
    expect(
      within(arrived)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Delivered on 4 Jun 2026', 'Shipped on 2 Jun 2026', 'Courier: Eyewear Express', 'Tracking number: EX000000007IN']);
  });

  it('reads an older API (no money, no parcel): the payments and totals as the order states them, and never "not shipped" of a shipped order', async () => {
    const { money: _money, ...older } = detail({ status: 'SHIPPED', items: [anOrderItem({ status: 'SHIPPED' })] });
    const { client } = fakeApi({ 'orders.get': { result: older } });
    renderPage(<OrderDetailView orderId={7} />, { api: client, session: CUSTOMER });
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(within(payments).getByRole('listitem')).toHaveTextContent('Credit card: ₹1,500, paid');
    expect(totalsOf('Totals')).toEqual(['Shipping: ₹0', 'Tax included: ₹229', 'Order total: ₹1,500']);
    expect(screen.queryByRole('region', { name: 'Refunds' })).not.toBeInTheDocument();
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(
      within(delivery)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Expected delivery: 6 Jun 2026']);
  });

  it('links to the invoice and to help, and buys the order again: the cart re-ordered, the new cart published, then the cart page', async () => {
    const cart = { itemsQty: 2, items: [] };
    const { client, callsTo } = fakeApi({ 'orders.get': { result: detail() }, 'cart.reorderById': { result: cart } as never });
    const { actions } = renderPage(<OrderDetailView orderId={7} />, { api: client, session: CUSTOMER });
    await formsLoaded();
    expect(screen.getByRole('link', { name: 'Invoice' })).toHaveAttribute('href', '/sales/order/invoice/7');
    expect(screen.getByRole('link', { name: 'Help with this order' })).toHaveAttribute('href', '/support?orderId=7');
    fireEvent.click(screen.getByRole('button', { name: 'Buy it again' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
    expect(callsTo('cart.reorderById').map((c) => c.path)).toEqual(['/v2/carts/reorder/7']);
    expect(actions).toContainEqual({ type: 'cart/changed', payload: { count: 2, cart } });
  });

  it('cancels one item, saying first what comes back and where (again for another refund method), then shows the order as it is', async () => {
    const { client, callsTo } = fakeApi({
      'orders.get': { result: detail() },
      'orders.cancelReasons': {
        result: {
          reasons: [{ id: 1, reason: 'Ordered by mistake' }],
          refundMethods: [
            { method: 'source', label: 'Back to the original payment method', enabled: true },
            { method: 'storecredit', label: 'Store credit', enabled: true },
          ],
        },
      } as never,
      'orders.cancelPreview': ({ query }) =>
        ({
          result: {
            orderId: 7,
            itemIds: [12],
            refundAmount: 2998,
            currencyCode: 'INR',
            // The card's part chosen as store credit joins the store credit going back (the API merges them).
            refunds:
              query.refundMethod === 'storecredit'
                ? [{ method: 'storecredit', amount: 2998 }]
                : [
                    { method: 'source', amount: 2698 },
                    { method: 'storecredit', amount: 300 },
                  ],
          },
        }) as never,
      'orders.cancel': { result: { orderId: 7, cancelledItemIds: [12], refundAmount: 2998, currencyCode: 'INR', refundMethod: 'storecredit' } } as never,
    });
    renderPage(<OrderDetailView orderId={7} />, { api: client, session: CUSTOMER });
    await formsLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Aviator Gold' }));
    const form = await screen.findByRole('form', { name: 'Cancel Aviator Gold' });
    const refund = await within(form).findByRole('region', { name: 'Your refund' });
    expect(await within(refund).findByText('Refund: ₹2,998')).toBeInTheDocument();
    expect(
      within(refund)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['₹2,698 to the original payment method', '₹300 to store credit']);
    fireEvent.click(within(form).getByRole('radio', { name: 'Store credit' }));
    expect(await within(form).findByText('₹2,998 to store credit')).toBeInTheDocument();
    expect(callsTo('orders.cancelPreview').map((c) => c.query)).toEqual([
      { itemIds: '12', refundMethod: 'source' },
      { itemIds: '12', refundMethod: 'storecredit' },
    ]);
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByText('Your order has been cancelled. Refund: ₹2,998.')).toBeInTheDocument();
    expect(callsTo('orders.cancel')[0]!.body).toEqual({ itemIds: [12], reasonId: 1, refundMethod: 'storecredit' });
    expect(callsTo('orders.get')).toHaveLength(2);
  });
});

describe('the invoice', () => {
  it('lists the items, the lens upgrades, the totals and the tax lines, and prints', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    const order = detail({
      money: money({
        itemsTotal: 4498,
        orderValue: 4498,
        lensUpgrades: 3400,
        charged: 7898,
        payments: [
          { kind: 'payment', method: 'cc', amount: 4498, status: 'SUCCESS' },
          { kind: 'lensupgrade', method: 'cc', amount: 3400, status: 'SUCCESS', itemId: 11 },
        ],
        paid: 7898,
        net: 7898,
        taxIncluded: 1204.78,
        taxLines: [
          { name: 'CGST', ratePercent: 9, amount: 602.39 },
          { name: 'SGST', ratePercent: 9, amount: 602.39 },
        ],
      }),
    });
    const { client } = fakeApi({ 'orders.get': { result: order } });
    renderPage(<Invoice orderId={7} />, { api: client, session: CUSTOMER });
    const invoice = await screen.findByRole('region', { name: 'Tax invoice for order 7' });
    const rows = within(within(invoice).getByRole('table', { name: 'Items' })).getAllByRole('row');
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [],
      ['Round Classic', '1', '₹1,500', '₹1,500'],
      ['Aviator Gold', '1', '₹2,998', '₹2,998'],
      ['Lens upgrade for Round Classic', '1', '₹3,400', '₹3,400'],
    ]);
    expect(totalsOf('Taxes included')).toEqual(['CGST 9% (included): ₹602.39', 'SGST 9% (included): ₹602.39', 'Total tax: ₹1,204.78']);
    expect(totalsOf('Tax invoice for order 7')).toContain('Total charged: ₹7,898');
    expect(screen.getByRole('link', { name: 'Back to the order' })).toHaveAttribute('href', '/sales/order/history/order-detail/7');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
