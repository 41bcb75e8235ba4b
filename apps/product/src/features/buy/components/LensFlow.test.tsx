import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '@eyewear/api-client/testing';
import { renderPage } from '@eyewear/event-bus/testing';
import { pageMessages } from '../../../app/page-messages';
import { lensMessages } from '../messages';
import ProductView from '../../product/components/ProductView';
import { aProduct, emptyReviews } from '../../../testing/fixtures';

// The first render of a suite compiles the lazy page chunks; a loaded CI machine needs time.
jest.setTimeout(20_000);

const pm = pageMessages.defaults;
const lensT = lensMessages.defaults;
const price = (p: number) => [{ name: 'Eyewear Price', price: p, currencyCode: 'INR' as const }];
const lensPackage = (id: number, name: string, p: number) => ({
  id,
  powerType: 'SINGLE_VISION' as const,
  name,
  description: `${name} lenses`,
  index: 1.56,
  features: [] as string[],
  prices: price(p),
  expressAvailable: true,
  frameTypes: ['full-rim' as const],
  coatings: [{ id: id * 10, packageId: id, name: 'Hydrophobic', prices: price(300) }],
});

function api() {
  return fakeApi({
    'product.get': { result: aProduct() },
    'reviews.list': emptyReviews,
    'product.packages': ({ query }) => ({
      result: {
        packages: query['allPackages']
          ? [lensPackage(501, 'Anti-Glare Basic', 600), lensPackage(502, 'Blu Screen', 1500)]
          : [lensPackage(501, 'Anti-Glare Basic', 600)],
      },
    }),
    'product.packageGroup': ({ query }) => {
      const coating = query['coatingId'] ? 300 : 0;
      const pkg = query['packageId'] === '502' ? 1500 : 600;
      return { result: { packageId: 501, package: lensPackage(501, 'x', pkg), total: 3899 + pkg + coating, currencyCode: 'INR' } } as never;
    },
    'product.powers': ({ query }) => ({
      result: {
        productId: 128001,
        powerType: query['power_type'] === 'PROGRESSIVE' ? ('PROGRESSIVE' as const) : ('SINGLE_VISION' as const),
        sph: ['-1.25', '-1.00', '0.00'],
        cyl: ['-0.50', '0.00'],
        axis: ['0', '90', '180'],
        // Bifocal and progressive lenses have an addition (the lab's +0.75 to +3.50).
        ...(query['power_type'] === 'PROGRESSIVE' ? { ap: ['+0.75', '+1.00', '+2.00', '+3.50'] } : {}),
      },
    }),
    'cart.add': { result: { itemsQty: 1, items: [] } } as never,
  });
}

describe('lens flow', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('chooses single vision, a package and a coating with a live total, checks the powers, and adds after 100 ms', async () => {
    const fake = api();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { actionsOf } = renderPage(<ProductView id={128001} />, { api: fake.client });
    await user.click(await screen.findByRole('button', { name: 'Select Lenses' }, { timeout: 5000 }));
    const flow = await screen.findByRole('dialog', { name: lensT.lensTitle });
    expect(within(flow).getByRole('radio', { name: /Single vision/ })).toBeChecked();
    await user.click(within(flow).getByRole('button', { name: lensT.next }));

    expect(await within(flow).findByRole('radio', { name: /Anti-Glare Basic/ })).toBeChecked();
    expect(await within(flow).findByText('Total ₹4,499')).toBeInTheDocument();
    await user.click(within(flow).getByRole('checkbox', { name: lensT.allPackages }));
    expect(await within(flow).findByRole('radio', { name: /Blu Screen/ })).toBeInTheDocument();
    await user.click(within(flow).getByRole('radio', { name: /Hydrophobic/ }));
    expect(await within(flow).findByText('Total ₹4,799')).toBeInTheDocument();
    await user.click(within(flow).getByRole('button', { name: lensT.next }));

    const right = await within(flow).findByRole('group', { name: lensT.rightEye });
    const left = within(flow).getByRole('group', { name: lensT.leftEye });
    await user.selectOptions(within(right).getByLabelText(lensT.cyl), '-0.50');
    await user.click(within(flow).getByRole('button', { name: pm.addToCart }));
    expect(within(right).getByText(lensT.sphRequired)).toBeInTheDocument();
    expect(within(right).getByText(lensT.axisRequired)).toBeInTheDocument();
    expect(within(left).getByText(lensT.sphRequired)).toBeInTheDocument();
    expect(fake.callsTo('cart.add')).toHaveLength(0);

    await user.selectOptions(within(right).getByLabelText(lensT.sph), '-1.25');
    await user.type(within(right).getByLabelText(lensT.axis), '90');
    await user.selectOptions(within(left).getByLabelText(lensT.sph), '-1.00');
    await user.click(within(flow).getByRole('button', { name: pm.addToCart }));
    // The package submission waits 100 ms before the cart call.
    await act(async () => jest.advanceTimersByTime(50));
    expect(fake.callsTo('cart.add')).toHaveLength(0);
    await act(async () => jest.advanceTimersByTime(60));
    await act(async () => undefined);
    expect(fake.callsTo('cart.add')[0]?.body).toEqual({
      productId: 128001,
      quantity: 1,
      frameSizeId: 24071,
      packageId: 501,
      coatingId: 5010,
      powerType: 'SINGLE_VISION',
      prescription: { powerType: 'SINGLE_VISION', right: { sph: '-1.25', cyl: '-0.50', axis: '90' }, left: { sph: '-1.00' } },
    });
    // The page's one cart gets the new cart (issue 37), and the cart popup opens.
    expect(actionsOf('cart/popupRequested')).toHaveLength(1);
    expect(actionsOf('cart/changed')).toEqual([{ type: 'cart/changed', payload: { count: 1, cart: { itemsQty: 1, items: [] } } }]);
    expect(screen.queryByRole('dialog', { name: lensT.lensTitle })).not.toBeInTheDocument();
  });

  it("progressive lenses ask for the ADD power of each eye before adding, and the packages are asked with the shopper's audience type", async () => {
    document.cookie = 'audienceType=international; path=/';
    const fake = api();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderPage(<ProductView id={128001} />, { api: fake.client });
    await user.click(await screen.findByRole('button', { name: 'Select Lenses' }, { timeout: 5000 }));
    const flow = await screen.findByRole('dialog', { name: lensT.lensTitle });
    await user.click(within(flow).getByRole('radio', { name: /Progressive/ }));
    await user.click(within(flow).getByRole('button', { name: lensT.next }));
    await within(flow).findByRole('radio', { name: /Anti-Glare Basic/ });
    expect(fake.callsTo('product.packages')[0]?.query).toMatchObject({ power_type: 'PROGRESSIVE', audienceType: 'international' });
    await user.click(within(flow).getByRole('button', { name: lensT.next }));
    const right = await within(flow).findByRole('group', { name: lensT.rightEye });
    const left = within(flow).getByRole('group', { name: lensT.leftEye });
    await user.selectOptions(within(right).getByLabelText(lensT.sph), '-1.25');
    await user.selectOptions(within(left).getByLabelText(lensT.sph), '-1.00');
    await user.click(within(flow).getByRole('button', { name: pm.addToCart }));
    expect(within(right).getByText(lensT.apRequired)).toBeInTheDocument();
    expect(within(left).getByText(lensT.apRequired)).toBeInTheDocument();
    expect(fake.callsTo('cart.add')).toHaveLength(0);
    await user.selectOptions(within(right).getByLabelText(lensT.ap), '+2.00');
    await user.selectOptions(within(left).getByLabelText(lensT.ap), '+1.00');
    await user.click(within(flow).getByRole('button', { name: pm.addToCart }));
    await act(async () => jest.advanceTimersByTime(110));
    await act(async () => undefined);
    expect(fake.callsTo('cart.add')[0]?.body).toMatchObject({
      powerType: 'PROGRESSIVE',
      prescription: { powerType: 'PROGRESSIVE', right: { sph: '-1.25', ap: '+2.00' }, left: { sph: '-1.00', ap: '+1.00' } },
    });
    document.cookie = 'audienceType=; max-age=0; path=/';
  });

  it('adds with power later: Call Me/Email Me for Power', async () => {
    const fake = api();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderPage(<ProductView id={128001} />, { api: fake.client });
    await user.click(await screen.findByRole('button', { name: 'Select Lenses' }, { timeout: 5000 }));
    const flow = await screen.findByRole('dialog', { name: lensT.lensTitle });
    await user.click(within(flow).getByRole('button', { name: lensT.next }));
    await within(flow).findByRole('radio', { name: /Anti-Glare Basic/ });
    await user.click(within(flow).getByRole('button', { name: lensT.next }));
    await user.click(await within(flow).findByRole('radio', { name: lensT.powerLater }));
    await user.click(within(flow).getByRole('button', { name: pm.addToCart }));
    await act(async () => jest.advanceTimersByTime(100));
    await act(async () => undefined);
    expect(fake.callsTo('cart.add')[0]?.body).toMatchObject({ packageId: 501, powerType: 'SINGLE_VISION', powerLater: true });
  });

  it('keeps the choices when going back a step, and opens again after an add', async () => {
    const fake = api();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderPage(<ProductView id={128001} />, { api: fake.client });
    await user.click(await screen.findByRole('button', { name: 'Select Lenses' }, { timeout: 5000 }));
    let flow = await screen.findByRole('dialog', { name: lensT.lensTitle });
    expect(within(flow).getByText('Step 1 of 3')).toBeInTheDocument();
    await user.click(within(flow).getByRole('radio', { name: /Progressive/ }));
    await user.click(within(flow).getByRole('button', { name: lensT.next }));
    await user.click(await within(flow).findByRole('checkbox', { name: lensT.allPackages }));
    await user.click(await within(flow).findByRole('radio', { name: /Blu Screen/ }));
    await user.click(within(flow).getByRole('button', { name: lensT.next }));
    expect(within(flow).getByText('Step 3 of 3')).toBeInTheDocument();
    await user.click(within(flow).getByRole('button', { name: lensT.back }));
    expect(await within(flow).findByRole('radio', { name: /Blu Screen/ })).toBeChecked();
    expect(within(flow).getByRole('checkbox', { name: lensT.allPackages })).toBeChecked();
    await user.click(within(flow).getByRole('button', { name: lensT.back }));
    expect(within(flow).getByRole('radio', { name: /Progressive/ })).toBeChecked();
    await user.click(within(flow).getByRole('radio', { name: /Frame only/ }));
    await user.click(within(flow).getByRole('button', { name: pm.addToCart }));
    await act(async () => undefined);
    expect(fake.callsTo('cart.add')[0]?.body).toEqual({ productId: 128001, quantity: 1, frameSizeId: 24071 });
    expect(screen.queryByRole('dialog', { name: lensT.lensTitle })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select Lenses' }));
    flow = await screen.findByRole('dialog', { name: lensT.lensTitle });
    expect(within(flow).getByRole('radio', { name: /Single vision/ })).toBeChecked();
  });
});
