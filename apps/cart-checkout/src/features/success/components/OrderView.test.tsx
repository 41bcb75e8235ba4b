import { screen } from '@testing-library/react';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { renderPage } from '@eyewear/event-bus/testing';
import { anOrder } from '../../../testing/fixtures';
import OrderView from './OrderView';

const order = anOrder({
  id: 501,
  status: 'PLACED',
  amount: { total: 2999, totalTax: 457, shipping: 0, currencyCode: 'INR', discounts: [] },
  payments: { paymentList: [{ method: 'upi', amount: 2999, status: 'SUCCESS' }] },
  items: [
    {
      id: 1,
      productId: 128001,
      name: 'Clearview Round Classic',
      quantity: 1,
      classification: 'eyeframe',
      price: { value: 2999, currencyCode: 'INR' },
      packageName: 'Blu Screen Lenses',
      powerSubmission: 'later-on-checkout-or-call',
      status: 'PROCESSING',
      statusHistory: [],
    },
  ],
  estimatedDelivery: '2030-01-05',
});
const item = order.items[0]!;
const purchases = () => ((globalThis as { dataLayer?: Array<{ event: string }> }).dataLayer ?? []).filter((e) => e.event === 'purchase');

describe('order success and summary', () => {
  beforeEach(() => {
    delete (globalThis as { dataLayer?: unknown }).dataLayer;
    globalThis.sessionStorage.clear();
  });

  it('shows the order placed, its method and delivery, asks for the power, and tracks the purchase once', async () => {
    const fake = fakeApi({ 'checkout.order': { result: order } });
    renderPage(<OrderView variant="success" />, { url: '/checkout/onepage/success?orderId=501', api: fake.client });
    expect(await screen.findByTestId('order-number')).toHaveTextContent('501');
    expect(screen.getByText('Your order #501 is placed')).toBeInTheDocument();
    expect(screen.getByText('UPI')).toBeInTheDocument();
    expect(screen.getByText('Estimated delivery: 5 Jan 2030')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload your prescription' })).toHaveAttribute('href', '/customer/prescriptions/');
    expect(screen.getByRole('link', { name: 'View order summary' })).toHaveAttribute('href', '/checkout/onepage/success/order-summary?orderId=501');
    expect(fake.callsTo('checkout.order')[0]!.params).toEqual({ orderId: '501' });
    expect(purchases()).toHaveLength(1);
  });

  it('shows where it goes, each lens package and the tax by its name; asks for a prescription only when an item waits for one (issue 42)', async () => {
    const waiting = renderPage(<OrderView variant="success" />, { url: '/x?orderId=501', api: fakeApi({ 'checkout.order': { result: order } }).client });
    const address = await screen.findByRole('region', { name: 'Delivery address' });
    expect(address).toHaveTextContent('Asha Rao');
    expect(address).toHaveTextContent('12 MG Road');
    expect(address).toHaveTextContent('Bengaluru, Karnataka, 560001');
    expect(screen.getByTestId('order-item-package')).toHaveTextContent('Lenses: Blu Screen Lenses');
    expect(screen.getByText('GST 18% (included)')).toBeInTheDocument();
    expect(screen.getByTestId('order-tax')).toHaveTextContent('₹457');
    expect(screen.getByText(/We need your power for: Clearview Round Classic/)).toBeInTheDocument();
    waiting.unmount();

    // Frame only, zero power, plain sunglasses: nothing to ask.
    const none = anOrder({
      ...order,
      items: [
        { ...item, id: 2, name: 'Frame only', packageName: undefined, powerSubmission: 'power-not-required' },
        { ...item, id: 3, name: 'Zero power', packageName: 'Zero Power Anti-Glare', powerSubmission: 'power-not-required' },
        { ...item, id: 4, name: 'Aviator', classification: 'sunglasses', packageName: undefined, powerSubmission: 'power-not-required' },
      ],
    });
    const plain = renderPage(<OrderView variant="success" />, { url: '/x?orderId=501', api: fakeApi({ 'checkout.order': { result: none } }).client });
    expect(await screen.findByTestId('order-number')).toHaveTextContent('501');
    expect(screen.queryByRole('link', { name: 'Upload your prescription' })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('order-item-package')).toHaveLength(1);
    plain.unmount();

    // The US includes no tax in its prices: no tax line.
    const us = anOrder({
      ...order,
      amount: { ...order.amount, totalTax: 0, currencyCode: 'USD' },
      shippingAddress: { ...order.shippingAddress, country: 'us', state: 'NY', postcode: '10001', city: 'New York' },
    });
    renderPage(<OrderView variant="summary" />, { url: '/x?orderId=501', api: fakeApi({ 'checkout.order': { result: us } }).client });
    expect(await screen.findByTestId('order-number')).toBeInTheDocument();
    expect(screen.queryByText(/included/)).not.toBeInTheDocument();
  });

  it('says an order paid with an exchange credit completed the exchange, and an ordinary one nothing of it (issue 42)', async () => {
    const exchanged = anOrder({ ...order, amount: { ...order.amount, discounts: [{ type: 'exchange', code: '1200001:3', amount: 1200 }] } });
    const done = renderPage(<OrderView variant="success" />, { url: '/x?orderId=501', api: fakeApi({ 'checkout.order': { result: exchanged } }).client });
    expect(await screen.findByRole('status')).toHaveTextContent('Your exchange is complete. Anything you add to the cart now is an ordinary purchase.');
    done.unmount();
    renderPage(<OrderView variant="success" />, { url: '/x?orderId=501', api: fakeApi({ 'checkout.order': { result: order } }).client });
    expect(await screen.findByTestId('order-number')).toBeInTheDocument();
    expect(screen.queryByText(/Your exchange is complete/)).not.toBeInTheDocument();
  });

  it('names every payment method from the catalogue, never by its code', async () => {
    const paidFromCredit = anOrder({ ...order, payments: { paymentList: [{ method: 'sc', amount: 2999, status: 'SUCCESS' }] } });
    renderPage(<OrderView variant="summary" />, { url: '/x?orderId=501', api: fakeApi({ 'checkout.order': { result: paidFromCredit } }).client });
    expect(await screen.findByText('Store credit')).toBeInTheDocument();
    expect(screen.queryByText('sc')).not.toBeInTheDocument();
  });

  it('says the order is not found (a 404, or no order id) and something went wrong otherwise', async () => {
    const missing = renderPage(<OrderView variant="summary" />, { url: '/x?orderId=9', api: fakeApi({ 'checkout.order': fail(404) }).client });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this order.');
    missing.unmount();
    const none = fakeApi();
    const noId = renderPage(<OrderView variant="summary" />, { url: '/x', api: none.client });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not find this order.');
    expect(none.calls).toEqual([]);
    noId.unmount();
    renderPage(<OrderView variant="summary" />, { url: '/x?orderId=9', api: fakeApi({ 'checkout.order': fail(500) }).client });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(purchases()).toHaveLength(0);
  });
});
