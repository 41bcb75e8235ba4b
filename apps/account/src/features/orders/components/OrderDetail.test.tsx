import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import { anAddress, anOrder, anOrderItem } from '../../../testing/fixtures';
import { BackToOrders } from '../../../app/account-frame';
import OrderDetail from './OrderDetail';

const order = anOrder({
  payments: { paymentList: [{ method: 'cod', amount: 1500, status: 'PENDING' }] },
  codConfirmed: false,
  items: [
    anOrderItem({
      statusHistory: [{ status: 'PROCESSING', date: '2026-06-01T10:00:00.000Z' }],
      prescription: {
        powerType: 'SINGLE_VISION',
        userName: 'user',
        right: { sph: '-1.25', cyl: 'Call Me/Email Me for Power' },
        left: { sph: '', cyl: '-0.50' },
      },
    }),
  ],
});

/** The tracked shape (trackedOrderSchema): what an e-mail link may see. */
const { prescription: _prescription, ...trackedItem } = order.items[0]!;
const tracked = { id: 7, createdAt: order.createdAt, status: 'PLACED', total: 1500, currencyCode: 'INR', items: [trackedItem], shippingCity: 'Bengaluru' };

describe('order detail', () => {
  it('shows items with the power block rules, payments and totals', async () => {
    const { client } = fakeApi({ 'orders.get': { result: order } });
    renderPage(<OrderDetail orderId={7} />, { api: client, session: CUSTOMER });
    expect(await screen.findByRole('heading', { name: 'Round Classic' })).toBeInTheDocument();
    expect(screen.getByText('Power: Your power')).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['-1.25', '-']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['-', '-0.50']);
    expect(screen.getByText('Cash on delivery: ₹1,500, pending')).toBeInTheDocument();
  });

  it('names statuses, payments and dates in words, shows the product picture and the way back to My orders', async () => {
    const paid = anOrder({
      payments: {
        paymentList: [
          { method: 'cc', amount: 1000, status: 'SUCCESS' },
          { method: 'sc', amount: 500, status: 'SUCCESS' },
        ],
      },
      items: [
        anOrderItem({ thumbnail: '/api/v2/images/product/128001/front.svg', statusHistory: [{ status: 'PROCESSING', date: '2026-06-01T10:00:00.000Z' }] }),
        anOrderItem({ id: 12, productId: 128002, name: 'Aviator Gold', status: 'RETURN_REQUESTED' }),
      ],
    });
    const { client } = fakeApi({ 'orders.get': { result: paid } });
    renderPage(
      <>
        <BackToOrders />
        <OrderDetail orderId={7} />
      </>,
      { api: client, session: CUSTOMER },
    );
    expect(await screen.findByText('Placed on 1 Jun 2026 · Status: placed')).toBeInTheDocument();
    expect(screen.getByText('Credit card: ₹1,000, paid')).toBeInTheDocument();
    expect(screen.getByText('Store credit: ₹500, paid')).toBeInTheDocument();
    expect(screen.getByText('Qty 1 · ₹1,500 · Being prepared')).toBeInTheDocument();
    expect(screen.getByText('Qty 1 · ₹1,500 · Return requested')).toBeInTheDocument();
    expect(screen.getByText('Being prepared on 1 Jun 2026')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Round Classic' })).toHaveAttribute('src', '/api/v2/images/product/128001/front.svg');
    // Without a thumbnail: the product's front view.
    expect(screen.getByRole('img', { name: 'Aviator Gold' })).toHaveAttribute('src', '/api/v2/images/product/128002/front.svg');
    expect(screen.getByRole('link', { name: 'Back to My orders' })).toHaveAttribute('href', '/customer/account/');
    expect(document.body.textContent).not.toMatch(/PROCESSING|RETURN_REQUESTED|SUCCESS|PLACED|\bCC\b|\bSC\b|2026-06-01/);
  });

  it('confirms cash on delivery and cancels with a reason', async () => {
    const { client, calls } = fakeApi({
      'orders.get': { result: order },
      'orders.confirmCod': { result: { orderId: 7, codConfirmed: true } } as never,
      'orders.cancelReasons': {
        result: {
          reasons: [
            { id: 1, reason: 'Ordered by mistake' },
            { id: 2, reason: 'Found a better price elsewhere' },
          ],
          refundMethods: [],
        },
      } as never,
      'orders.cancel': { result: { orderId: 7, cancelledItemIds: [11], refundAmount: 0, currencyCode: 'INR' } } as never,
      'orders.cancelPreview': { result: { orderId: 7, itemIds: [11], refundAmount: 0, currencyCode: 'INR', refunds: [] } } as never,
    });
    renderPage(<OrderDetail orderId={7} />, { api: client, session: CUSTOMER });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm cash on delivery order' }));
    expect(await screen.findByText('Cash on delivery confirmed.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.change(await screen.findByLabelText('Why are you cancelling?'), { target: { value: '2' } });
    // Cash not collected yet: the form says nothing comes back before it is confirmed.
    expect(await screen.findByText('Nothing was paid for this yet: there is nothing to refund.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByText('Your order has been cancelled.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/v2/orders/7/cancel')?.body).toEqual({ reasonId: 2 });
  });

  it('sends one cancellation for a double click: the button is disabled while it runs, the result shown once', async () => {
    let answer: (value: never) => void = () => undefined;
    const { client, calls } = fakeApi({
      'orders.get': { result: order },
      'orders.cancelReasons': {
        result: {
          reasons: [{ id: 1, reason: 'Ordered by mistake' }],
          refundMethods: [{ method: 'source', label: 'Back to the original payment method', enabled: true }],
        },
      } as never,
      'orders.cancel': () =>
        new Promise<never>((resolve) => {
          answer = resolve;
        }),
      'orders.cancelPreview': {
        result: { orderId: 7, itemIds: [11], refundAmount: 1500, currencyCode: 'INR', refunds: [{ method: 'source', amount: 1500 }] },
      } as never,
    });
    renderPage(<OrderDetail orderId={7} />, { api: client, session: CUSTOMER });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm cancellation' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    fireEvent.submit(confirm.closest('form')!);
    await waitFor(() => expect(confirm).toBeDisabled());
    answer({ result: { orderId: 7, cancelledItemIds: [11], refundAmount: 1500, currencyCode: 'INR', refundMethod: 'source' } } as never);
    expect(await screen.findAllByText(/has been cancelled/)).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/v2/orders/7/cancel')).toHaveLength(1);
  });

  it('updates the power of an unshipped item with the 7000 ms toasts', async () => {
    let failing = false;
    const api = fakeApi({
      'orders.get': { result: order },
      'prescriptions.updateItemPrescription': () => (failing ? fail(409, {}) : ({ result: order.items[0]!.prescription } as never)),
    });
    const { client, callsTo } = api;
    const { actions } = renderPage(<OrderDetail orderId={7} />, { api: client, session: CUSTOMER });
    const form = await screen.findByRole('form', { name: 'Update power: Round Classic' });
    // The saved left cylinder has no axis: the form says so and sends nothing.
    fireEvent.click(within(form).getByRole('button', { name: 'Update power' }));
    const left = within(form).getByRole('group', { name: 'Left eye' });
    expect(await within(left).findByText('Enter the axis (0 to 180) that goes with the cylinder')).toBeInTheDocument();
    fireEvent.change(within(left).getByLabelText('Spherical (SPH)'), { target: { value: '-30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update power' }));
    expect(await within(left).findByText('This lens is made from -20.00 to +12.00')).toBeInTheDocument();
    expect(callsTo('prescriptions.updateItemPrescription')).toEqual([]);
    fireEvent.change(within(left).getByLabelText('Spherical (SPH)'), { target: { value: '' } });
    fireEvent.change(within(left).getByLabelText('Axis'), { target: { value: '90' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update power' }));
    await waitFor(() =>
      expect(actions).toContainEqual({ type: 'toast/show', payload: { message: 'Prescription updated successfully', timeout: 7000, success: true } }),
    );
    failing = true;
    fireEvent.click(within(form).getByRole('button', { name: 'Update power' }));
    await waitFor(() =>
      expect(actions).toContainEqual({ type: 'toast/show', payload: { message: 'Error while updating the Prescription', timeout: 7000, error: true } }),
    );
  });

  it("asks the ADD power of a progressive item's eyes when its power is updated (issue 42), and sends it", async () => {
    const progressive = anOrder({
      items: [
        anOrderItem({
          powerType: 'PROGRESSIVE',
          statusHistory: [{ status: 'PROCESSING', date: '2026-06-01T10:00:00.000Z' }],
          prescription: { powerType: 'PROGRESSIVE', right: { sph: '-1.25' }, left: { sph: '-1.00' } },
        }),
      ],
    });
    const api = fakeApi({
      'orders.get': { result: progressive },
      'prescriptions.updateItemPrescription': () => ({ result: progressive.items[0]!.prescription }) as never,
    });
    renderPage(<OrderDetail orderId={7} />, { api: api.client, session: CUSTOMER });
    const form = await screen.findByRole('form', { name: 'Update power: Round Classic' });
    const right = within(form).getByRole('group', { name: 'Right eye' });
    const left = within(form).getByRole('group', { name: 'Left eye' });
    fireEvent.click(within(form).getByRole('button', { name: 'Update power' }));
    expect(await within(right).findByText('Choose the ADD power of this eye (+0.75 to +3.50)')).toBeInTheDocument();
    expect(within(left).getByText('Choose the ADD power of this eye (+0.75 to +3.50)')).toBeInTheDocument();
    fireEvent.change(within(right).getByLabelText('Addition (ADD)'), { target: { value: '4' } });
    fireEvent.change(within(left).getByLabelText('Addition (ADD)'), { target: { value: '1.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update power' }));
    expect(await within(right).findByText('This lens is made from +0.75 to +3.50')).toBeInTheDocument();
    expect(api.callsTo('prescriptions.updateItemPrescription')).toEqual([]);
    fireEvent.change(within(right).getByLabelText('Addition (ADD)'), { target: { value: '+2.00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update power' }));
    await waitFor(() => expect(api.callsTo('prescriptions.updateItemPrescription')).toHaveLength(1));
    expect(api.callsTo('prescriptions.updateItemPrescription')[0]!.body).toEqual({
      powerType: 'PROGRESSIVE',
      right: { sph: '-1.25', ap: '+2.00' },
      left: { sph: '-1.00', ap: '+1.50' },
    });
  });

  it('asks no ADD of a single-vision item', async () => {
    renderPage(<OrderDetail orderId={7} />, { api: fakeApi({ 'orders.get': { result: order } }).client, session: CUSTOMER });
    const form = await screen.findByRole('form', { name: 'Update power: Round Classic' });
    expect(within(form).queryByLabelText('Addition (ADD)')).toBeNull();
  });

  it('ships an unshipped order to another saved address', async () => {
    const saved = anAddress();
    const { client, calls } = fakeApi({
      'orders.get': { result: order },
      'addresses.list': { result: { addresses: [saved] } },
      'addresses.updateOrderShippingAddress': { result: order },
    });
    renderPage(<OrderDetail orderId={7} />, { api: client, session: CUSTOMER });
    fireEvent.click(await screen.findByRole('button', { name: 'Change shipping address' }));
    const form = await screen.findByRole('form', { name: 'Change shipping address' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The shipping address has been changed.')).toBeInTheDocument();
    const { addressId: _a, defaultAddress: _d, ...input } = saved;
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual(input);
  });

  it('with no saved address, offers adding one right there, then ships the order to it (issue 42)', async () => {
    const added = anAddress({ addressId: 9, addressline1: '8 Lake Road', postcode: '700029' });
    let book: (typeof added)[] = [];
    const { client, calls } = fakeApi({
      'orders.get': { result: order },
      'addresses.list': () => ({ result: { addresses: book } }),
      'addresses.locationData': { result: { states: [{ name: 'West Bengal' }] } } as never,
      'addresses.create': () => {
        book = [added];
        return { result: added };
      },
      'addresses.updateOrderShippingAddress': { result: order },
    });
    renderPage(<OrderDetail orderId={7} />, { api: client, session: CUSTOMER });
    fireEvent.click(await screen.findByRole('button', { name: 'Change shipping address' }));
    expect(await screen.findByText('You have no saved addresses yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add an address' });
    const fill = (label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fill('First name', 'Asha');
    fill('E-mail', 'a@b.co');
    fill('Mobile number', '9812345678');
    fill('Address line 1', '8 Lake Road');
    fill('City', 'Kolkata');
    fill('State', 'West Bengal');
    fill('Pincode', '700029');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const change = await screen.findByRole('form', { name: 'Change shipping address' });
    expect(within(change).getByRole('combobox', { name: 'Change shipping address' })).toHaveValue('9');
    fireEvent.click(within(change).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The shipping address has been changed.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ addressline1: '8 Lake Road', postcode: '700029' });
  });

  it('a customer with addresses can still add another from the change of address, or cancel back', async () => {
    const { client } = fakeApi({
      'orders.get': { result: order },
      'addresses.list': { result: { addresses: [anAddress()] } },
      'addresses.locationData': { result: { states: [] } } as never,
    });
    renderPage(<OrderDetail orderId={7} />, { api: client, session: CUSTOMER });
    fireEvent.click(await screen.findByRole('button', { name: 'Change shipping address' }));
    const change = await screen.findByRole('form', { name: 'Change shipping address' });
    fireEvent.click(within(change).getByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'Add an address' });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('form', { name: 'Change shipping address' })).toBeInTheDocument();
  });

  it("offers a return only where the API's eligibility takes one, and says why not otherwise (issue 42)", async () => {
    const shippedCod = anOrder({
      items: [anOrderItem({ status: 'SHIPPED' })],
      payments: { paymentList: [{ method: 'cod', amount: 1500, status: 'PENDING' }] },
    });
    let returnable = false;
    const { client, callsTo } = fakeApi({
      'orders.get': { result: shippedCod },
      'returns.eligibility': () =>
        ({
          result: [
            returnable
              ? { itemId: 11, returnable: true, isRefundable: true, isExchangeable: true }
              : { itemId: 11, returnable: false, isRefundable: false, isExchangeable: false, reason: 'Items can be returned once delivered' },
          ],
        }) as never,
    });
    const { unmount } = renderPage(<OrderDetail orderId={7} />, { api: client, session: CUSTOMER });
    expect(await screen.findByText('This order cannot be returned now: Items can be returned once delivered.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Return or exchange items' })).not.toBeInTheDocument();
    unmount();
    returnable = true;
    renderPage(<OrderDetail orderId={7} />, { api: client, session: CUSTOMER });
    expect(await screen.findByRole('link', { name: 'Return or exchange items' })).toHaveAttribute('href', '/sales/order/return/products/7');
    expect(callsTo('returns.eligibility').length).toBeGreaterThan(0);
  });

  it('asks nothing about returns before an item has left the warehouse', async () => {
    const { client, callsTo } = fakeApi({ 'orders.get': { result: order } });
    renderPage(<OrderDetail orderId={7} />, { api: client, session: CUSTOMER });
    expect(await screen.findByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Return or exchange items' })).not.toBeInTheDocument();
    expect(callsTo('returns.eligibility')).toEqual([]);
  });

  it('starts a guest session when the order fetch answers 401', async () => {
    const { client, calls } = fakeApi({
      'orders.get': fail(401, { message: 'Your session has expired. Please sign in again.' }),
      'sessions.validate': fail(401, {}),
      'sessions.create': { result: { id: 'z'.repeat(64), createdAt: '2026-01-01T00:00:00.000Z', isLoggedIn: false } } as never,
    });
    renderPage(<OrderDetail orderId={7} />, { api: client, session: CUSTOMER });
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/v2/sessions')).toBe(true));
  });
  it('changes the power type with the 7000 ms power toasts, and goes to the upgrade page when the change costs more', async () => {
    let answer: unknown = { result: { item: order.items[0], status: 'APPLIED', amountDue: 0, currencyCode: 'INR' } } as never;
    const { client, calls } = fakeApi({
      'orders.get': { result: order },
      'prescriptions.updatePowerType': () => answer as never,
    });
    const { actions } = renderPage(<OrderDetail orderId={7} />, { api: client, session: CUSTOMER });
    const form = await screen.findByRole('form', { name: 'Change power type: Round Classic' });
    fireEvent.change(within(form).getByLabelText('Change power type'), { target: { value: 'ZERO_POWER' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change power type' }));
    await waitFor(() =>
      expect(actions).toContainEqual({ type: 'toast/show', payload: { message: 'Power updated successfully', timeout: 7000, success: true } }),
    );
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe('/v2/orders/7/items/11/powertype');
    answer = fail(409, {});
    fireEvent.click(within(form).getByRole('button', { name: 'Change power type' }));
    await waitFor(() =>
      expect(actions).toContainEqual({ type: 'toast/show', payload: { message: 'Error while updating the Power', timeout: 7000, error: true } }),
    );
    answer = { result: { item: order.items[0], status: 'PAYMENT_PENDING', amountDue: 2400, currencyCode: 'INR', paymentOrderId: 99 } } as never;
    fireEvent.click(within(form).getByRole('button', { name: 'Change power type' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/lens-package-upgrade/7/11'));
    expect(screen.getByRole('link', { name: 'Upgrade the lenses of Round Classic' })).toHaveAttribute('href', '/lens-package-upgrade/7/11');
  });

  it('opened by the order e-mail: only the power can change, confirmed with the code sent to the order phone', async () => {
    const { client, calls } = fakeApi({
      'orders.track': ({ query }) => (query.email === 'a@b.co' ? ({ result: tracked } as never) : fail(404, {})),
      'prescriptions.updateItemPrescription': { result: { ...order.items[0]!.prescription, otpRequired: true } } as never,
      'prescriptions.otp': ({ query }) =>
        query.value === '123456' ? ({ result: { success: true } } as never) : fail(400, { message: 'The code you entered is incorrect.' }),
    });
    const { actions } = renderPage(<OrderDetail orderId={7} email="a@b.co" />, { api: client, session: null });
    const form = await screen.findByRole('form', { name: 'Update power: Round Classic' });
    // Tracking shows the status, the items and the city: no street, no name, no payments.
    expect(screen.getByText('Shipping to: Bengaluru')).toBeInTheDocument();
    expect(screen.getByText('Order total: ₹1,500')).toBeInTheDocument();
    expect(screen.queryByText(/12 MG Road/)).not.toBeInTheDocument();
    expect(screen.queryByText(/COD ·/)).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v2/orders/7')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /Change power type/ })).not.toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Update power' }));
    const otp = await screen.findByRole('form', { name: 'Confirm the power update' });
    fireEvent.change(within(otp).getByLabelText('Code'), { target: { value: '000000' } });
    fireEvent.click(within(otp).getByRole('button', { name: 'Confirm' }));
    expect(await within(otp).findByText('The code you entered is incorrect.')).toBeInTheDocument();
    fireEvent.change(within(otp).getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(within(otp).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(actions).toContainEqual({ type: 'toast/show', payload: { message: 'Prescription updated successfully', timeout: 7000, success: true } }),
    );
    expect(calls.find((c) => c.path === '/v2/orders/7/items/11/prescription')).toBeDefined();
  });
});
