import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetSettings, type Cart } from '@eyewear/api-client';
import { fail, fakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import { renderFragment, renderPage, type RecordedAction } from '@eyewear/event-bus/testing';
import type { ReactElement } from 'react';
import type { CountryCode } from '@eyewear/i18n/rules';
import { aCart, anItem } from '../../../testing/fixtures';
import type { CartOp } from '../api';
import { cartActions } from '../state/cart-slice';
import CartPopupImpl from './CartPopupImpl';
import CartView from './CartView';

const inr = (price: number) => [{ name: 'Eyewear Price', price, currencyCode: 'INR' as const }];
const aPackage = (id: number, name: string, price: number, coatings: Array<{ id: number; name: string; price: number }> = []) => ({
  id,
  powerType: 'SINGLE_VISION' as const,
  name,
  description: `${name} lenses`,
  index: 1.56,
  features: [],
  prices: inr(price),
  expressAvailable: false,
  frameTypes: ['full-rim' as const],
  coatings: coatings.map((c) => ({ id: c.id, packageId: id, name: c.name, prices: inr(c.price) })),
});

/**
 * Renders a cart view with the API answering `cart` (null: still on its way), the remote
 * settings (STUDIO_FLOW switched by `studio`) and any more `handlers`.
 */
function withCart(
  ui: ReactElement,
  cart: Cart | null,
  { handlers = {}, studio = false, popup = false, country = 'in' }: { handlers?: FakeHandlers; studio?: boolean; popup?: boolean; country?: CountryCode } = {},
) {
  const fake = fakeApi(
    {
      'cart.get': cart ? { result: cart } : () => new Promise(() => undefined),
      'content.settings': { result: studio ? { STUDIO_FLOW: { enable: 'ON' } } : {} },
      ...handlers,
    },
    { country },
  );
  const view = (popup ? renderFragment : renderPage)(ui, { url: '/cart', api: fake.client, country });
  /** The operations the view asked the cart saga for, after its first fetch. */
  const ops = () =>
    view
      .actionsOf(cartActions.requested.type)
      .map((a: RecordedAction) => a.payload as CartOp)
      .filter((op) => op.op !== 'get')
      // Each change carries its action's Idempotency-Key (checked in cart-saga.test.ts).
      .map(({ key: _key, ...op }) => op);
  return { ...view, fake, ops };
}

describe('cart view', () => {
  beforeEach(() => forgetSettings());

  it('shows items, quantity controls, stock labels and the API totals', async () => {
    const cart = aCart([
      anItem({ id: 1, name: 'A frame with a rather long name that goes past the limit', availableQuantity: 1 }),
      anItem({ id: 2, name: 'Gold membership', classification: 'loyalty_services', availableQuantity: 900 }),
    ]);
    const { ops, fake } = withCart(<CartView variant="page" />, cart, { handlers: { 'cart.remove': { result: aCart([cart.items[1]!]) } } });
    const items = await screen.findAllByTestId('cart-item');
    expect(within(items[0]!).getByRole('link', { name: 'A frame with a rather long name that go…' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('Only one left!')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: /Increase quantity/ })).toBeDisabled();
    expect(within(items[1]!).queryByRole('group', { name: 'Quantity' })).not.toBeInTheDocument();
    expect(items[0]!.querySelector('img')).toHaveAttribute('width', '100');
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByTestId('cart-net')).toHaveTextContent('₹3,000');
    await userEvent.click(within(items[0]!).getByRole('button', { name: /Remove/ }));
    expect(ops()).toEqual([{ op: 'remove', itemId: 1 }]);
    await waitFor(() => expect(screen.getAllByTestId('cart-item')).toHaveLength(1));
    expect(fake.callsTo('cart.remove')[0]!.params).toEqual({ itemId: '1' });
  });

  it('shows the net amount with two decimals when fractional, and a convenience fee', async () => {
    withCart(
      <CartView variant="page" />,
      aCart(undefined, { netAmountCart: 1598.5, totals: { subTotal: 1499.5, totalDiscount: 0, totalTax: 228.7, shipping: 99, total: 1598.5, discounts: [] } }),
    );
    expect(await screen.findByTestId('cart-net')).toHaveTextContent('₹1,598.50');
    expect(screen.getByText('₹99')).toBeInTheDocument();
  });

  it('empty: the message, continue shopping and the search-for links; the add-failed variant', async () => {
    withCart(<CartView variant="popup" addFailed />, aCart([]), { popup: true });
    expect(await screen.findByText('There was a problem adding the item to your cart. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(within(screen.getByRole('navigation', { name: 'Search for' })).getByRole('link', { name: 'Eyeglasses' })).toHaveAttribute(
      'href',
      '/eyeglasses.html',
    );
  });

  it('frame-only carts show the sub-text under the checkout button', async () => {
    withCart(<CartView variant="page" />, aCart([anItem({ powerRequired: 'POWER_REQUIRED' })]));
    expect(await screen.findByRole('button', { name: 'Proceed to checkout' })).toBeInTheDocument();
    expect(screen.getByText('Frame only: add lenses later')).toBeInTheDocument();
  });

  it('applies a gift voucher and shows the stored failure message', async () => {
    const { ops, fake } = withCart(<CartView variant="page" />, aCart(undefined, { voucherMessage: 'This gift voucher has expired' }), {
      handlers: { 'cart.applyGiftVoucher': fail(422, { message: 'This gift voucher is not valid' }) },
    });
    expect(await screen.findByText('This gift voucher has expired')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Gift voucher code'), 'GIFT500');
    await userEvent.click(screen.getAllByRole('button', { name: 'Apply' })[0]!);
    expect(ops()).toEqual([{ op: 'applyVoucher', code: 'GIFT500' }]);
    expect(await screen.findByText('This gift voucher is not valid')).toBeInTheDocument();
    expect(fake.callsTo('cart.applyGiftVoucher')[0]!.body).toEqual({ code: 'GIFT500' });
  });

  it('popup: a dialog titled with the count that closes on Escape', async () => {
    const onClose = jest.fn();
    withCart(<CartPopupImpl onClose={onClose} />, aCart([anItem({ quantity: 2, amount: { total: 3000, currencyCode: 'INR' } })]), { popup: true });
    expect(await screen.findByRole('dialog', { name: 'Shopping cart (2)' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a loader while the cart loads', async () => {
    const { fake } = withCart(<CartView variant="popup" />, null, { popup: true });
    expect(screen.getByTestId('cart-loading')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(fake.callsTo('cart.get')).toHaveLength(1));
    expect(screen.getByTestId('cart-loading')).toBeInTheDocument();
  });

  it('joining gold adds the LOYALTY_CONFIG gold product (128269)', async () => {
    const { ops } = withCart(<CartView variant="page" />, aCart());
    await userEvent.click(await screen.findByRole('button', { name: /Join Gold membership/ }));
    expect(ops()).toEqual([{ op: 'add', item: { productId: 128269, quantity: 1 } }]);
  });

  it('an item whose power comes later can take its power now (update item)', async () => {
    const { ops } = withCart(<CartView variant="page" />, aCart([anItem({ id: 5, powerSubmission: 'later-on-checkout-or-call', lensType: 'SINGLE_VISION' })]));
    expect(await screen.findByText('Power: you will share it after ordering')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enter power now' }));
    await userEvent.selectOptions(screen.getByLabelText('Right SPH'), '-1.25');
    await userEvent.selectOptions(screen.getByLabelText('Left SPH'), '-1.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save power' }));
    expect(ops()).toEqual([
      {
        op: 'update',
        itemId: 5,
        change: { prescription: { powerType: 'SINGLE_VISION', right: { sph: '-1.25' }, left: { sph: '-1.00' }, userName: 'user' } },
      },
    ]);
  });

  it('changes the lens package in an accessible dialog; the API answer carries the new totals', async () => {
    let answerPackages!: (answer: { result: { packages: ReturnType<typeof aPackage>[] } }) => void;
    const item = anItem({
      id: 5,
      lensType: 'SINGLE_VISION',
      frameType: 'full-rim',
      options: [{ type: 'PACKAGE', name: 'Basic', oid: 3, catalogPrices: inr(500) }],
    });
    const repriced = aCart(
      [{ ...item, options: [{ type: 'PACKAGE', name: 'Blu Cut', oid: 4, catalogPrices: inr(1200) }], amount: { total: 3000, currencyCode: 'INR' } }],
      { netAmountCart: 3000 },
    );
    const { ops, fake } = withCart(<CartView variant="page" />, aCart([item]), {
      handlers: { 'product.packages': () => new Promise((resolve) => (answerPackages = resolve)), 'cart.updateItem': { result: repriced } },
    });
    const opener = await screen.findByRole('button', { name: 'Change lens package of Clearview Round Classic' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Change lens package' });
    expect(within(dialog).getByLabelText('Loading lens packages')).toBeInTheDocument();
    await waitFor(() => expect(fake.callsTo('product.packages')).toHaveLength(1));
    const asked = fake.callsTo('product.packages')[0]!;
    expect([asked.params, asked.query, asked.signal]).toEqual([
      { id: '128001' },
      { power_type: 'SINGLE_VISION', allPackages: 'true', frame_type: 'full-rim', audienceType: 'default' },
      expect.any(AbortSignal),
    ]);
    answerPackages({ result: { packages: [aPackage(3, 'Basic', 500), aPackage(4, 'Blu Cut', 1200, [{ id: 41, name: 'Anti-glare', price: 300 }])] } });
    const current = await within(dialog).findByRole('radio', { name: /Basic · ₹500 \(current\)/ });
    expect(current).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save package' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Blu Cut · ₹1,200/ }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Coating'), 'Anti-glare · ₹300');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save package' }));
    expect(ops()).toEqual([{ op: 'update', itemId: 5, change: { packageId: 4, coatingId: 41, powerType: 'SINGLE_VISION' } }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Totals shown are the API's: the update's answer replaces them; focus is back on the opener once it is enabled again.
    expect(await screen.findByText('Lens: Blu Cut')).toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
    expect(screen.getByTestId('cart-net')).toHaveTextContent('₹3,000');
    expect(fake.callsTo('cart.updateItem')[0]!.body).toEqual({ packageId: 4, coatingId: 41, powerType: 'SINGLE_VISION' });
  });

  it('the package dialog closes on Escape, says when nothing fits, and shows a failure', async () => {
    const item = anItem({ id: 6, classification: 'sunglasses', options: [{ type: 'PACKAGE', name: 'Tint', oid: 9, catalogPrices: inr(900) }] });
    const answers = [
      () => ({ result: { packages: [] } }),
      () => fail(400, { message: 'SUNGLASSES is not offered for this product.' }),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    const { ops, fake } = withCart(<CartView variant="page" />, aCart([item]), { handlers: { 'product.packages': () => answers.shift()!() } });
    await userEvent.click(await screen.findByRole('button', { name: /Change lens package of/ }));
    expect(await screen.findByText('No other lens package fits this frame.')).toBeInTheDocument();
    expect(fake.callsTo('product.packages').at(-1)!.query).toEqual({ power_type: 'SUNGLASSES', allPackages: 'true', audienceType: 'default' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The store's refusal shows its message; a failure with no answer shows the catalogue's.
    await userEvent.click(screen.getByRole('button', { name: /Change lens package of/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('SUNGLASSES is not offered for this product.');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: /Change lens package of/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('System error occurred');
    expect(ops()).toEqual([]);
  });

  it('the popup offers no package change (it is a dialog itself); items without a package neither', async () => {
    withCart(
      <CartPopupImpl onClose={jest.fn()} />,
      aCart([anItem({ id: 7, options: [{ type: 'PACKAGE', name: 'Basic', oid: 3, catalogPrices: inr(500) }] }), anItem({ id: 8 })]),
      {
        popup: true,
      },
    );
    expect(await screen.findAllByTestId('cart-item')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Change lens package/ })).not.toBeInTheDocument();
  });

  it('studio flow ON and a studio-flow cart: continue to select store is a real link to the studio flow, with the order', async () => {
    const later = anItem({ powerSubmission: 'later-on-checkout-or-call' });
    const onClose = jest.fn();
    const { unmount } = withCart(<CartView variant="popup" onClose={onClose} />, aCart([later], { reorderId: 4021 }), { studio: true, popup: true });
    const link = await screen.findByRole('link', { name: 'Continue to select store' });
    expect(link).toHaveAttribute('href', '/test-your-vision?flow=studio&orderId=4021');
    expect(screen.queryByRole('button', { name: 'Proceed to checkout' })).not.toBeInTheDocument();
    await userEvent.click(link);
    expect(onClose).toHaveBeenCalled();
    unmount();

    withCart(<CartView variant="page" />, aCart([later]), { studio: true });
    expect(await screen.findByRole('link', { name: 'Continue to select store' })).toHaveAttribute('href', '/test-your-vision?flow=studio');
  });

  it('studio flow OFF (the default), or a cart that is not a studio-flow cart: the checkout button', async () => {
    const { fake } = withCart(<CartView variant="page" />, aCart([anItem({ powerSubmission: 'later-on-checkout-or-call' })]));
    expect(await screen.findByRole('button', { name: 'Proceed to checkout' })).toBeInTheDocument();
    await waitFor(() => expect(fake.callsTo('content.settings')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Continue to select store' })).not.toBeInTheDocument();
    forgetSettings();
    const studioOn = withCart(<CartView variant="page" />, aCart([anItem()]), { studio: true });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Proceed to checkout' })).toHaveLength(2));
    await waitFor(() => expect(studioOn.fake.callsTo('content.settings')).toHaveLength(1));
    await act(() => new Promise((settled) => setTimeout(settled, 20)));
    expect(screen.queryByRole('link', { name: 'Continue to select store' })).not.toBeInTheDocument();
  });

  describe('a cart nobody can pay for says so before checkout', () => {
    const method = (code: 'cc' | 'dc' | 'upi', enabled: boolean) => ({ code, label: code, enabled });

    it('outside India, where the card provider is not offered (shopping §5: no payment methods), the cart page and popup say so, with what to do, and checkout stays shut', async () => {
      const aed = aCart([anItem({ price: { value: 150, currencyCode: 'AED' }, amount: { total: 150, currencyCode: 'AED' } })], { currencyCode: 'AED' });
      const noProvider = { 'checkout.paymentMethods': { result: { methods: [], version: 'default' as const } } };
      const { fake, unmount } = withCart(<CartView variant="page" />, aed, { country: 'ae', handlers: noProvider });
      const notice = await screen.findByRole('region', { name: 'Checkout is not available for this cart' });
      expect(notice).toHaveTextContent('We cannot take payment online for orders in United Arab Emirates yet');
      expect(within(notice).getByRole('link', { name: 'Contact support to place this order with our team' })).toHaveAttribute('href', '/support');
      expect(within(notice).getByRole('link', { name: /Keep browsing/ })).toHaveAttribute('href', '/');
      const button = screen.getByRole('button', { name: 'Proceed to checkout' });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(/We cannot take payment online/);
      await userEvent.click(button);
      expect(screen.getByTestId('location')).toHaveTextContent('/cart');
      expect(fake.callsTo('checkout.paymentMethods')[0]!.query).toEqual({ paymentMethod: 'primer', primerPaymentMethods: 'PAYMENT_CARD' });
      unmount();

      const onClose = jest.fn();
      withCart(<CartView variant="popup" onClose={onClose} />, aed, { country: 'ae', popup: true, handlers: noProvider });
      await userEvent.click(await screen.findByRole('link', { name: 'Contact support to place this order with our team' }));
      expect(onClose).toHaveBeenCalled();
    });

    it('outside India the card provider, when the country offers it, is a way to pay: checkout is open', async () => {
      const aed = aCart([anItem({ price: { value: 150, currencyCode: 'AED' }, amount: { total: 150, currencyCode: 'AED' } })], { currencyCode: 'AED' });
      const open = withCart(<CartView variant="page" />, aed, {
        country: 'ae',
        handlers: { 'checkout.paymentMethods': { result: { methods: [{ code: 'primer', label: 'Card', enabled: true }], version: 'default' } } },
      });
      await waitFor(() => expect(open.fake.callsTo('checkout.paymentMethods')).toHaveLength(1));
      await act(() => new Promise((settled) => setTimeout(settled, 20)));
      expect(screen.queryByRole('region', { name: 'Checkout is not available for this cart' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Proceed to checkout' })).toBeEnabled();
    });

    it("in India the API's payment methods decide: none enabled is the notice, one enabled is checkout", async () => {
      const shut = withCart(<CartView variant="page" />, aCart(), {
        handlers: { 'checkout.paymentMethods': { result: { methods: [method('cc', false), method('dc', false)], version: 'default' } } },
      });
      expect(await screen.findByRole('region', { name: 'Checkout is not available for this cart' })).toHaveTextContent('in India');
      expect(screen.getByRole('button', { name: 'Proceed to checkout' })).toBeDisabled();
      expect(shut.fake.callsTo('checkout.paymentMethods')[0]!.query).toEqual({ paymentMethod: 'cc,dc' });
      shut.unmount();

      const open = withCart(<CartView variant="page" />, aCart(), {
        handlers: { 'checkout.paymentMethods': { result: { methods: [method('cc', false), method('upi', true)], version: 'default' } } },
      });
      await waitFor(() => expect(open.fake.callsTo('checkout.paymentMethods')).toHaveLength(1));
      await act(() => new Promise((settled) => setTimeout(settled, 20)));
      expect(screen.queryByRole('region', { name: 'Checkout is not available for this cart' })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Proceed to checkout' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/checkout/onepage');
    });
  });

  it('exchange mode: the credit for the returned frame against the new one, and the difference to pay, as the API priced them', async () => {
    const credit = { type: 'exchange', code: '42:7', amount: 1200 };
    withCart(
      <CartView variant="page" />,
      aCart([anItem({ amount: { total: 1500, currencyCode: 'INR' } })], {
        netAmountCart: 300,
        totals: { subTotal: 1500, totalDiscount: 1200, totalTax: 46, shipping: 0, total: 300, discounts: [credit] },
      }),
    );
    const totals = await screen.findByTestId('cart-totals');
    expect(within(totals).getByText('Exchange credit').nextElementSibling).toHaveTextContent('−₹1,200');
    expect(within(totals).getByText('Difference to pay').nextElementSibling).toHaveTextContent('₹300');
    expect(within(totals).queryByText('Total payable')).not.toBeInTheDocument();
    expect(within(totals).queryByText(/42:7|exchange discount/)).not.toBeInTheDocument();
  });
});
