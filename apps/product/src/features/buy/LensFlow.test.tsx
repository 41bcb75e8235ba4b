import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageMessages } from '../../app/page-messages';
import ProductPage from '../../exposes/ProductPage';
import { aProduct, emptyReviews, fakeApi } from '../../testing/fake-api';
import { renderProduct } from '../../testing/render';

// The first render of a suite compiles the lazy page chunks; a loaded CI machine needs time.
jest.setTimeout(20_000);

const pm = pageMessages.defaults;
const price = (p: number) => [{ name: 'Eyewear Price', price: p, currencyCode: 'INR' }];
const lensPackage = (id: number, name: string, p: number) => ({
  id,
  powerType: 'SINGLE_VISION',
  name,
  description: `${name} lenses`,
  index: 1.56,
  features: [],
  prices: price(p),
  expressAvailable: true,
  frameTypes: ['full-rim'],
  coatings: [{ id: id * 10, packageId: id, name: 'Hydrophobic', prices: price(300) }],
});

function api() {
  return fakeApi({
    'GET /v2/products/product/128001': [200, { result: aProduct() }],
    'GET /v2/products/product/128001/review': [200, emptyReviews],
    'GET /v2/products/product/128001/packages': (url) => [
      200,
      {
        result: {
          packages: url.searchParams.get('allPackages')
            ? [lensPackage(501, 'Anti-Glare Basic', 600), lensPackage(502, 'Blu Screen', 1500)]
            : [lensPackage(501, 'Anti-Glare Basic', 600)],
        },
      },
    ],
    'GET /v2/products/product/128001/packages/group': (url) => {
      const coating = url.searchParams.get('coatingId') ? 300 : 0;
      const pkg = url.searchParams.get('packageId') === '502' ? 1500 : 600;
      return [200, { result: { packageId: 501, package: lensPackage(501, 'x', pkg), total: 3899 + pkg + coating, currencyCode: 'INR' } }];
    },
    'GET /v2/products/product/128001/powers': [
      200,
      { result: { productId: 128001, powerType: 'SINGLE_VISION', sph: ['-1.25', '-1.00', '0.00'], cyl: ['-0.50', '0.00'], axis: ['0', '90', '180'] } },
    ],
    'POST /v2/carts/items': [200, { result: { itemsQty: 1 } }],
  });
}

describe('lens flow', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('chooses single vision, a package and a coating with a live total, checks the powers, and adds after 100 ms', async () => {
    const { calls } = api();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { pageStore } = renderProduct(<ProductPage params={{ id: '128001' }} props={{}} />);
    await user.click(await screen.findByRole('button', { name: 'Select Lenses' }, { timeout: 5000 }));
    const flow = await screen.findByRole('dialog', { name: pm.lensTitle });
    expect(within(flow).getByRole('radio', { name: /Single vision/ })).toBeChecked();
    await user.click(within(flow).getByRole('button', { name: pm.next }));

    expect(await within(flow).findByRole('radio', { name: /Anti-Glare Basic/ })).toBeChecked();
    expect(await within(flow).findByText('Total ₹4,499')).toBeInTheDocument();
    await user.click(within(flow).getByRole('checkbox', { name: pm.allPackages }));
    expect(await within(flow).findByRole('radio', { name: /Blu Screen/ })).toBeInTheDocument();
    await user.click(within(flow).getByRole('radio', { name: /Hydrophobic/ }));
    expect(await within(flow).findByText('Total ₹4,799')).toBeInTheDocument();
    await user.click(within(flow).getByRole('button', { name: pm.next }));

    const right = await within(flow).findByRole('group', { name: pm.rightEye });
    const left = within(flow).getByRole('group', { name: pm.leftEye });
    await user.selectOptions(within(right).getByLabelText(pm.cyl), '-0.50');
    await user.click(within(flow).getByRole('button', { name: pm.addToCart }));
    expect(within(right).getByText(pm.sphRequired)).toBeInTheDocument();
    expect(within(right).getByText(pm.axisRequired)).toBeInTheDocument();
    expect(within(left).getByText(pm.sphRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.endsWith('/carts/items'))).toBe(false);

    await user.selectOptions(within(right).getByLabelText(pm.sph), '-1.25');
    await user.type(within(right).getByLabelText(pm.axis), '90');
    await user.selectOptions(within(left).getByLabelText(pm.sph), '-1.00');
    await user.click(within(flow).getByRole('button', { name: pm.addToCart }));
    // The package submission waits 100 ms before the cart call.
    await act(async () => jest.advanceTimersByTime(50));
    expect(calls.some((c) => c.url.pathname.endsWith('/carts/items'))).toBe(false);
    await act(async () => jest.advanceTimersByTime(60));
    await act(async () => undefined);
    const added = calls.find((c) => c.url.pathname.endsWith('/carts/items'));
    expect(added?.body).toEqual({
      productId: 128001,
      quantity: 1,
      frameSizeId: 24071,
      packageId: 501,
      coatingId: 5010,
      powerType: 'SINGLE_VISION',
      prescription: { powerType: 'SINGLE_VISION', right: { sph: '-1.25', cyl: '-0.50', axis: '90' }, left: { sph: '-1.00' } },
    });
    expect((pageStore.store.getState() as { events: Record<string, unknown> }).events['cart/changed']).toEqual({ count: 1 });
    expect(screen.queryByRole('dialog', { name: pm.lensTitle })).not.toBeInTheDocument();
  });

  it('adds with power later: Call Me/Email Me for Power', async () => {
    const { calls } = api();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderProduct(<ProductPage params={{ id: '128001' }} props={{}} />);
    await user.click(await screen.findByRole('button', { name: 'Select Lenses' }, { timeout: 5000 }));
    const flow = await screen.findByRole('dialog', { name: pm.lensTitle });
    await user.click(within(flow).getByRole('button', { name: pm.next }));
    await within(flow).findByRole('radio', { name: /Anti-Glare Basic/ });
    await user.click(within(flow).getByRole('button', { name: pm.next }));
    await user.click(await within(flow).findByRole('radio', { name: pm.powerLater }));
    await user.click(within(flow).getByRole('button', { name: pm.addToCart }));
    await act(async () => jest.advanceTimersByTime(100));
    await act(async () => undefined);
    expect(calls.find((c) => c.url.pathname.endsWith('/carts/items'))?.body).toMatchObject({ packageId: 501, powerType: 'SINGLE_VISION', powerLater: true });
  });
});
