import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@eyewear/api-client';
import { createPageStore } from '@eyewear/event-bus';
import { aCart, anItem, renderCart } from '../../testing/render';
import { cartActions, cartSlice } from '../../shared/cart-slice';
import CartView from './CartView';
import CartPopupImpl from './CartPopupImpl';

jest.mock('../../shared/use-cart', () => {
  const actual = jest.requireActual('../../shared/use-cart');
  return { ...actual, useCart: jest.fn() };
});
import { useCart } from '../../shared/use-cart';

// The remote settings as the page read them (GET /v2/config/settings): STUDIO_FLOW switched by the test.
const mockStudio = { enabled: false };
jest.mock('../../shared/settings', () => {
  const actual = jest.requireActual('../../shared/settings');
  return {
    ...actual,
    useCartSettings: () => ({ ...actual.cartSettings({ STUDIO_FLOW: { enable: mockStudio.enabled ? 'ON' : 'OFF' } }), known: true }),
  };
});
const mockPackages = jest.fn();
jest.mock('../../shared/api', () => ({
  ...jest.requireActual('../../shared/api'),
  cartApiFor: () => ({ packages: (...args: unknown[]) => mockPackages(...args) }),
}));
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
import { selectCartState } from '../../shared/cart-slice';
import { useDispatch, useSelector } from 'react-redux';

const run = jest.fn();
function withCart(cart: ReturnType<typeof aCart> | null, extra: Record<string, unknown> = {}) {
  const pageStore = createPageStore();
  cartSlice.injectInto(pageStore.rootReducer);
  if (cart) pageStore.store.dispatch(cartActions.succeeded({ op: 'get', cart }));
  (useCart as jest.Mock).mockImplementation(() => ({ state: { ...useSelector(selectCartState), ...extra }, run, dispatch: useDispatch() }));
  return pageStore;
}

describe('cart view', () => {
  beforeEach(() => run.mockReset());

  it('shows items, quantity controls, stock labels and the API totals', async () => {
    const pageStore = withCart(
      aCart([
        anItem({ id: 1, name: 'A frame with a rather long name that goes past the limit', availableQuantity: 1 }),
        anItem({ id: 2, name: 'Gold membership', classification: 'loyalty_services', availableQuantity: 900 }),
      ]),
    );
    renderCart(<CartView variant="page" />, { pageStore });
    const items = screen.getAllByTestId('cart-item');
    expect(within(items[0]!).getByRole('link', { name: 'A frame with a rather long name that go…' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('Only one left!')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: /Increase quantity/ })).toBeDisabled();
    expect(within(items[1]!).queryByRole('group', { name: 'Quantity' })).not.toBeInTheDocument();
    expect(items[0]!.querySelector('img')).toHaveAttribute('width', '100');
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByTestId('cart-net')).toHaveTextContent('₹3,000');
    await userEvent.click(within(items[0]!).getByRole('button', { name: /Remove/ }));
    expect(run).toHaveBeenCalledWith({ op: 'remove', itemId: 1 });
  });

  it('shows the net amount with two decimals when fractional, and a convenience fee', () => {
    const pageStore = withCart(
      aCart(undefined, { netAmountCart: 1598.5, totals: { subTotal: 1499.5, totalDiscount: 0, totalTax: 228.7, shipping: 99, total: 1598.5, discounts: [] } }),
    );
    renderCart(<CartView variant="page" />, { pageStore });
    expect(screen.getByTestId('cart-net')).toHaveTextContent('₹1,598.50');
    expect(screen.getByText('₹99')).toBeInTheDocument();
  });

  it('empty: the message, continue shopping and the search-for links; the add-failed variant', () => {
    const pageStore = withCart(aCart([]));
    renderCart(<CartView variant="popup" addFailed />, { pageStore });
    expect(screen.getByText('There was a problem adding the item to your cart. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Search for' })).getByRole('link', { name: 'Eyeglasses' })).toHaveAttribute(
      'href',
      '/eyeglasses.html',
    );
  });

  it('frame-only carts show the sub-text under the checkout button', () => {
    const pageStore = withCart(aCart([anItem({ powerRequired: 'POWER_REQUIRED' })]));
    renderCart(<CartView variant="page" />, { pageStore });
    expect(screen.getByRole('button', { name: 'Proceed to checkout' })).toBeInTheDocument();
    expect(screen.getByText('Frame only: add lenses later')).toBeInTheDocument();
  });

  it('applies a gift voucher and shows the stored failure message', async () => {
    const pageStore = withCart(aCart(), { voucherMessage: 'This gift voucher has expired' });
    renderCart(<CartView variant="page" />, { pageStore });
    expect(screen.getByText('This gift voucher has expired')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Gift voucher code'), 'GIFT500');
    await userEvent.click(screen.getAllByRole('button', { name: 'Apply' })[0]!);
    expect(run).toHaveBeenCalledWith({ op: 'applyVoucher', code: 'GIFT500' });
  });

  it('popup: a dialog titled with the count that closes on Escape', async () => {
    const pageStore = withCart(aCart([anItem({ quantity: 2, amount: { total: 3000, currencyCode: 'INR' } })]));
    const onClose = jest.fn();
    renderCart(<CartPopupImpl onClose={onClose} />, { pageStore });
    expect(screen.getByRole('dialog', { name: 'Shopping cart (2)' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a loader while the cart loads', () => {
    const pageStore = withCart(null);
    renderCart(<CartView variant="popup" />, { pageStore });
    expect(screen.getByTestId('cart-loading')).toHaveAttribute('aria-busy', 'true');
  });

  it('joining gold adds the LOYALTY_CONFIG gold product (128269)', async () => {
    const pageStore = withCart(aCart());
    renderCart(<CartView variant="page" />, { pageStore });
    await userEvent.click(screen.getByRole('button', { name: /Join Gold membership/ }));
    expect(run).toHaveBeenCalledWith({ op: 'add', item: { productId: 128269, quantity: 1 } });
  });

  it('an item whose power comes later can take its power now (update item)', async () => {
    const pageStore = withCart(aCart([anItem({ id: 5, powerSubmission: 'later-on-checkout-or-call', lensType: 'SINGLE_VISION' })]));
    renderCart(<CartView variant="page" />, { pageStore });
    expect(screen.getByText('Power: you will share it after ordering')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enter power now' }));
    await userEvent.selectOptions(screen.getByLabelText('Right SPH'), '-1.25');
    await userEvent.selectOptions(screen.getByLabelText('Left SPH'), '-1.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save power' }));
    expect(run).toHaveBeenCalledWith({
      op: 'update',
      itemId: 5,
      change: { prescription: { powerType: 'SINGLE_VISION', right: { sph: '-1.25' }, left: { sph: '-1.00' }, userName: 'user' } },
    });
  });

  it('changes the lens package in an accessible dialog; the API answer carries the new totals', async () => {
    mockPackages.mockResolvedValue({
      result: { packages: [aPackage(3, 'Basic', 500), aPackage(4, 'Blu Cut', 1200, [{ id: 41, name: 'Anti-glare', price: 300 }])] },
    });
    const item = anItem({
      id: 5,
      lensType: 'SINGLE_VISION',
      frameType: 'full-rim',
      options: [{ type: 'PACKAGE', name: 'Basic', oid: 3, catalogPrices: inr(500) }],
    });
    const pageStore = withCart(aCart([item]));
    renderCart(<CartView variant="page" />, { pageStore });
    const opener = screen.getByRole('button', { name: 'Change lens package of Clearview Round Classic' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Change lens package' });
    expect(within(dialog).getByLabelText('Loading lens packages')).toBeInTheDocument();
    expect(mockPackages).toHaveBeenCalledWith(128001, 'SINGLE_VISION', 'full-rim', expect.any(AbortSignal));
    const current = await within(dialog).findByRole('radio', { name: /Basic · ₹500 \(current\)/ });
    expect(current).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save package' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Blu Cut · ₹1,200/ }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Coating'), 'Anti-glare · ₹300');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save package' }));
    expect(run).toHaveBeenCalledWith({ op: 'update', itemId: 5, change: { packageId: 4, coatingId: 41, powerType: 'SINGLE_VISION' } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    // Totals shown are the API's: the update's answer replaces them.
    act(() => {
      pageStore.store.dispatch(
        cartActions.succeeded({
          op: 'update',
          cart: aCart(
            [{ ...item, options: [{ type: 'PACKAGE', name: 'Blu Cut', oid: 4, catalogPrices: inr(1200) }], amount: { total: 3000, currencyCode: 'INR' } }],
            { netAmountCart: 3000 },
          ),
        }),
      );
    });
    expect(await screen.findByText('Lens: Blu Cut')).toBeInTheDocument();
    expect(screen.getByTestId('cart-net')).toHaveTextContent('₹3,000');
  });

  it('the package dialog closes on Escape, says when nothing fits, and shows a failure', async () => {
    const item = anItem({ id: 6, classification: 'sunglasses', options: [{ type: 'PACKAGE', name: 'Tint', oid: 9, catalogPrices: inr(900) }] });
    const pageStore = withCart(aCart([item]));
    renderCart(<CartView variant="page" />, { pageStore });
    mockPackages.mockResolvedValueOnce({ result: { packages: [] } });
    await userEvent.click(screen.getByRole('button', { name: /Change lens package of/ }));
    expect(await screen.findByText('No other lens package fits this frame.')).toBeInTheDocument();
    expect(mockPackages).toHaveBeenLastCalledWith(128001, 'SUNGLASSES', undefined, expect.any(AbortSignal));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The store's refusal shows its message; a failure with no answer shows the catalogue's.
    mockPackages.mockRejectedValueOnce(new ApiError(400, { message: 'SUNGLASSES is not offered for this product.' }, 'refused'));
    await userEvent.click(screen.getByRole('button', { name: /Change lens package of/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('SUNGLASSES is not offered for this product.');
    await userEvent.keyboard('{Escape}');
    mockPackages.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await userEvent.click(screen.getByRole('button', { name: /Change lens package of/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('System error occurred');
    expect(run).not.toHaveBeenCalled();
  });

  it('the popup offers no package change (it is a dialog itself); items without a package neither', () => {
    const pageStore = withCart(aCart([anItem({ id: 7, options: [{ type: 'PACKAGE', name: 'Basic', oid: 3, catalogPrices: inr(500) }] }), anItem({ id: 8 })]));
    renderCart(<CartPopupImpl onClose={jest.fn()} />, { pageStore });
    expect(screen.queryByRole('button', { name: /Change lens package/ })).not.toBeInTheDocument();
  });

  it('studio flow ON and a studio-flow cart: continue to select store is a real link to the studio flow, with the order', async () => {
    mockStudio.enabled = true;
    try {
      const later = anItem({ powerSubmission: 'later-on-checkout-or-call' });
      const pageStore = withCart(aCart([later], { reorderId: 4021 }));
      const onClose = jest.fn();
      const { unmount } = renderCart(<CartView variant="popup" onClose={onClose} />, { pageStore });
      const link = screen.getByRole('link', { name: 'Continue to select store' });
      expect(link).toHaveAttribute('href', '/test-your-vision?flow=studio&orderId=4021');
      expect(screen.queryByRole('button', { name: 'Proceed to checkout' })).not.toBeInTheDocument();
      await userEvent.click(link);
      expect(onClose).toHaveBeenCalled();
      unmount();

      renderCart(<CartView variant="page" />, { pageStore: withCart(aCart([later])) });
      expect(screen.getByRole('link', { name: 'Continue to select store' })).toHaveAttribute('href', '/test-your-vision?flow=studio');
    } finally {
      mockStudio.enabled = false;
    }
  });

  it('studio flow OFF (the default), or a cart that is not a studio-flow cart: the checkout button', () => {
    renderCart(<CartView variant="page" />, { pageStore: withCart(aCart([anItem({ powerSubmission: 'later-on-checkout-or-call' })])) });
    expect(screen.getByRole('button', { name: 'Proceed to checkout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue to select store' })).not.toBeInTheDocument();
  });
});
