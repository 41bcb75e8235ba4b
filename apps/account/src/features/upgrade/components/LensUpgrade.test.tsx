import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import { anOrder, anOrderItem } from '../../../testing/fixtures';
import LensUpgrade from './LensUpgrade';

const pkg = (id: number, name: string, priceDifference: number) => ({
  id,
  powerType: 'SINGLE_VISION',
  name,
  description: `${name} lenses`,
  index: 1.56,
  features: ['Anti-glare'],
  prices: [{ name: 'Selling Price', price: 600 + priceDifference, currencyCode: 'INR' }],
  expressAvailable: true,
  frameTypes: ['full-rim'],
  coatings: [],
  priceDifference,
});
const options = {
  currentPackageId: 3,
  powerType: 'SINGLE_VISION',
  currencyCode: 'INR',
  packages: [pkg(4, 'Blu Screen', 900), pkg(5, 'Thin & Light 1.61', 1900)],
};
const item = anOrderItem();

const fillCard = (number: string) => {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Asha Rao' } });
  fireEvent.change(screen.getByLabelText('Expiry month (MM)'), { target: { value: '12' } });
  fireEvent.change(screen.getByLabelText('Expiry year (YYYY)'), { target: { value: '2099' } });
  fireEvent.change(screen.getByLabelText('CVV'), { target: { value: '123' } });
};

describe('lens package upgrade page', () => {
  it('lists the order glasses whose lenses can still change', async () => {
    const order = anOrder({
      items: [
        item,
        anOrderItem({ id: 12, name: 'Shipped Aviator', status: 'SHIPPED' }),
        anOrderItem({ id: 13, name: 'Daily lenses', classification: 'contact_lens' }),
      ],
    });
    const { client } = fakeApi({ 'orders.get': { result: order } });
    renderPage(<LensUpgrade orderId={7} />, { api: client, session: CUSTOMER });
    const link = await screen.findByRole('link', { name: 'Upgrade the lenses of Round Classic' });
    expect(link).toHaveAttribute('href', '/lens-package-upgrade/7/11');
    expect(screen.queryByText(/Shipped Aviator/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Daily lenses/)).not.toBeInTheDocument();
  });

  it('shows the dearer packages with the price difference, asks for the difference, pays it and applies the upgrade', async () => {
    let paid = false;
    const { client, calls } = fakeApi({
      'prescriptions.upgradeOptions': { result: options } as never,
      'prescriptions.upgradePackage': () =>
        paid
          ? ({ result: { item: { ...item, packageId: 5 }, status: 'APPLIED', amountDue: 0, currencyCode: 'INR' } } as never)
          : ({ result: { item, status: 'PAYMENT_PENDING', amountDue: 1900, currencyCode: 'INR', paymentOrderId: 99 } } as never),
      'checkout.pay': ({ body }) => {
        if ((body as { card: { number: string } }).card.number === '4000000000000002')
          return fail(402, { message: 'Your card was declined by the bank. Please try another card.' });
        paid = true;
        return {
          result: { order: { id: 99, amount: { total: 1900, currencyCode: 'INR' } }, payment: { paymentId: 'pay_1', status: 'SUCCESS', action: 'NONE' } },
        } as never;
      },
    });
    const { actions } = renderPage(<LensUpgrade orderId={7} itemId={11} />, { api: client, session: CUSTOMER });
    const form = await screen.findByRole('form', { name: 'Choose your new lenses' });
    expect(within(form).getByRole('radio', { name: /^Blu Screen · \+₹900/ })).toBeChecked();
    fireEvent.click(within(form).getByRole('radio', { name: /Thin & Light 1.61/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Upgrade lenses' }));
    const pay = await screen.findByRole('form', { name: 'Pay the difference' });
    expect(within(pay).getByText('Pay ₹1,900 to finish changing your lenses.')).toBeInTheDocument();
    fillCard('4000000000000002');
    fireEvent.click(within(pay).getByRole('button', { name: 'Pay ₹1,900' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined by the bank. Please try another card.');
    fillCard('4111 1111 1111 1111');
    fireEvent.click(within(pay).getByRole('button', { name: 'Pay ₹1,900' }));
    expect(await screen.findByText('Your lenses are now Thin & Light 1.61.')).toBeInTheDocument();
    expect(actions).toContainEqual({ type: 'toast/show', payload: { message: 'Package updated successfully', timeout: 7000, success: true } });
    const payments = calls.filter((c) => c.path === '/v2/orders/payment');
    expect(payments.at(-1)?.body).toEqual({
      paymentMethod: 'cc',
      orderId: 99,
      expectedTotal: 1900,
      card: { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: 2099, cvv: '123' },
    });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2);
  });

  it('offers the payment of a pending change straight away', async () => {
    const { client } = fakeApi({
      'prescriptions.upgradeOptions': { result: { ...options, pending: { toPackageId: 9, amountDue: 2400, paymentOrderId: 98 } } } as never,
    });
    renderPage(<LensUpgrade orderId={7} itemId={11} />, { api: client, session: CUSTOMER });
    expect(await screen.findByText('Pay ₹2,400 to finish changing your lenses.')).toBeInTheDocument();
  });

  it('says "Package updated successfully" once (the toast), the page what the lenses are now, for a package the list does not name (issue 42)', async () => {
    const { client } = fakeApi({
      'prescriptions.upgradeOptions': { result: { ...options, pending: { toPackageId: 9, amountDue: 2400, paymentOrderId: 98 } } } as never,
      'checkout.pay': {
        result: { order: { id: 98, amount: { total: 2400, currencyCode: 'INR' } }, payment: { paymentId: 'pay_2', status: 'SUCCESS', action: 'NONE' } },
      } as never,
      'prescriptions.upgradePackage': { result: { item: { ...item, packageId: 9 }, status: 'APPLIED', amountDue: 0, currencyCode: 'INR' } } as never,
    });
    const { actions } = renderPage(<LensUpgrade orderId={7} itemId={11} />, { api: client, session: CUSTOMER });
    const pay = await screen.findByRole('form', { name: 'Pay the difference' });
    fillCard('4111 1111 1111 1111');
    fireEvent.click(within(pay).getByRole('button', { name: 'Pay ₹2,400' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your new lenses are on your order.');
    expect(screen.queryByText('Package updated successfully')).not.toBeInTheDocument();
    expect(actions.filter((a) => a.type === 'toast/show')).toEqual([
      { type: 'toast/show', payload: { message: 'Package updated successfully', timeout: 7000, success: true } },
    ]);
  });

  it('names the new package from the answer when the list does not', async () => {
    const { client } = fakeApi({
      'prescriptions.upgradeOptions': { result: { ...options, pending: { toPackageId: 9, amountDue: 2400, paymentOrderId: 98 } } } as never,
      'checkout.pay': {
        result: { order: { id: 98, amount: { total: 2400, currencyCode: 'INR' } }, payment: { paymentId: 'pay_3', status: 'SUCCESS', action: 'NONE' } },
      } as never,
      'prescriptions.upgradePackage': {
        result: { item: { ...item, packageId: 9, packageName: 'Progressive Premium' }, status: 'APPLIED', amountDue: 0, currencyCode: 'INR' },
      } as never,
    });
    renderPage(<LensUpgrade orderId={7} itemId={11} />, { api: client, session: CUSTOMER });
    const pay = await screen.findByRole('form', { name: 'Pay the difference' });
    fillCard('4111 1111 1111 1111');
    fireEvent.click(within(pay).getByRole('button', { name: 'Pay ₹2,400' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your lenses are now Progressive Premium.');
  });

  it('says when the order is not the shopper’s', async () => {
    const { client } = fakeApi({ 'prescriptions.upgradeOptions': fail(404, { message: 'Order not found' }) });
    renderPage(<LensUpgrade orderId={7} itemId={11} />, { api: client, session: CUSTOMER });
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
  });

  it('toasts the server message or the spec fallback when the package update fails', async () => {
    const { client } = fakeApi({
      'prescriptions.upgradeOptions': { result: options } as never,
      'prescriptions.upgradePackage': fail(500, {}),
    });
    const { actions } = renderPage(<LensUpgrade orderId={7} itemId={11} />, { api: client, session: CUSTOMER });
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade lenses' }));
    await waitFor(() =>
      expect(actions).toContainEqual({ type: 'toast/show', payload: { message: 'Error while updating the Package', timeout: 7000, error: true } }),
    );
  });
});
