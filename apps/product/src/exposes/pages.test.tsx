import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemotePageProps } from '@eyewear/federation';
import { messages } from '../app/messages';
import { pageMessages } from '../app/page-messages';
import { renderProduct } from '../testing/render';
import { aProduct, emptyReviews, fakeApi } from '../testing/fake-api';
import CompareLooksPage from './CompareLooksPage';
import EditPowerPage from './EditPowerPage';
import FrameSizePage from './FrameSizePage';
import ProductPage from './ProductPage';

// The first render of a suite compiles the lazy page chunks; a loaded CI machine needs time.
jest.setTimeout(20_000);

const m = messages.defaults;
const pm = pageMessages.defaults;
const route = (params: Record<string, string> = {}): RemotePageProps => ({ params, props: {} });

function productApi(product = aProduct()) {
  return fakeApi({
    [`GET /v2/products/product/${product.id}`]: [200, { result: product }],
    [`GET /v2/products/product/${product.id}/review`]: [200, emptyReviews],
    [`GET /v2/products/product/${product.id}/buyoptions/group`]: [
      200,
      {
        result: {
          groupId: 'g',
          options: [
            { productId: product.id, label: 'Honey', url: product.url, selected: true },
            { productId: 128002, label: 'Black', url: '/x', selected: false },
          ],
        },
      },
    ],
    'POST /v2/products/three-sixty/status': [200, { result: { sku_id: product.sku, enabled: true } }],
  });
}

describe('product page', () => {
  it('shows the product: brand, model, price with the market price struck, size, variants, specifications', async () => {
    productApi();
    renderProduct(<ProductPage {...route({ id: '128001' })} />);
    const page = screen.getByTestId('product-ProductPage');
    expect(within(page).getByRole('heading', { level: 1, name: m.productPageTitle })).toBeInTheDocument();
    expect(await within(page).findByRole('heading', { level: 1, name: 'Rowan' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('by Metro Specs')).toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent('₹3,899');
    expect(screen.getByLabelText('Market price ₹4,699')).toHaveTextContent('₹4,699');
    expect(screen.getByText('Save ₹800')).toBeInTheDocument();
    expect(screen.getByText('Frame size: Extra Wide')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Black' })).toHaveAttribute('href', '/product/128002');
    expect(await screen.findByText(pm.threeSixty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select Lenses' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: pm.details })).toBeInTheDocument();
    expect(await screen.findByText(pm.noReviews)).toBeInTheDocument();
    expect(document.title).toBe('Metro Specs Rowan | Eyewear');
  });

  it('toggles the product in the wishlist and announces the new list', async () => {
    const wishlist = (ids: number[]) => [200, { result: { numberOfProducts: ids.length, productIds: ids, productList: [] } }] as [number, unknown];
    fakeApi({
      'GET /v2/products/product/128001': [200, { result: aProduct() }],
      'GET /v2/products/product/128001/review': [200, emptyReviews],
      'GET /v2/wishlist': wishlist([5]),
      'POST /v2/wishlist': wishlist([5, 128001]),
    });
    const user = userEvent.setup();
    const { pageStore } = renderProduct(<ProductPage {...route({ id: '128001' })} />);
    const toggle = await screen.findByRole('button', { name: `♡ ${pm.wishlistAdd}` }, { timeout: 5000 });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByRole('button', { name: `♥ ${pm.wishlistRemove}` })).toHaveAttribute('aria-pressed', 'true');
    expect((pageStore.store.getState() as { events: Record<string, unknown> }).events['wishlist/changed']).toEqual({ count: 2, productIds: [5, 128001] });
  });

  it('shows only one left and the first-buy price', async () => {
    productApi(
      aProduct({
        qty: 1,
        prices: [
          { name: 'Market Price', price: 4699, currencyCode: 'INR' },
          { name: 'Eyewear Price', price: 3899, currencyCode: 'INR' },
          { id: 1000, name: 'First Frame Price', price: 0, currencyCode: 'INR' },
        ],
      }),
    );
    renderProduct(<ProductPage {...route({ id: '128001' })} />);
    expect(await screen.findByText(pm.onlyOneLeft, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('First frame at ₹0 for new customers')).toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent('₹3,899');
  });

  it('reads the id of /catalog/product/view/id/{id}', async () => {
    productApi();
    renderProduct(<ProductPage {...route({ '*': 'id/128001' })} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rowan' })).toBeInTheDocument();
  });

  it('shows the out-of-stock form instead of buying, and checks the email', async () => {
    const api = productApi(aProduct({ qty: 0 }));
    const user = userEvent.setup();
    renderProduct(<ProductPage {...route({ id: '128001' })} />);
    expect(await screen.findByText(pm.outOfStock)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select Lenses' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(pm.oosEmail), 'not-an-email');
    await user.click(screen.getByRole('button', { name: pm.oosSubmit }));
    expect(screen.getByRole('alert')).toHaveTextContent(pm.emailInvalid);
    expect(api.calls.some((c) => c.url.pathname.endsWith('/oos-subscription'))).toBe(false);
  });

  it('says when the product does not exist, with a retry', async () => {
    fakeApi({ 'GET /v2/products/product/5': [404, { message: 'Product not found' }] });
    renderProduct(<ProductPage {...route({ id: '5' })} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: pm.retry })).toBeInTheDocument();
  });

  it('an id that is not a number is not found', () => {
    renderProduct(<ProductPage {...route({ id: 'abc' })} />);
    expect(screen.getByRole('heading', { level: 1, name: m.productNotFound })).toBeInTheDocument();
  });

  it('checks a pincode: refuses a malformed one, shows the dates, reset clears them', async () => {
    const api = fakeApi({
      'GET /v2/products/product/128001': [200, { result: aProduct() }],
      'GET /v2/products/product/128001/review': [200, emptyReviews],
      'GET /v2/products/product/128001/shipping/estimate': (url) => [
        200,
        {
          result:
            url.searchParams.get('isExpress') === 'true'
              ? {
                  pincode: '560001',
                  serviceable: true,
                  isExpress: true,
                  estimatedDate: '2026-11-24',
                  expressOptions: [{ id: 'express', label: 'Express delivery', cutOffTime: '16:00', fee: 99 }],
                }
              : { pincode: '560001', serviceable: true, isExpress: false, estimatedDate: '2026-11-27', expressOptions: [] },
        },
      ],
    });
    const user = userEvent.setup();
    renderProduct(<ProductPage {...route({ id: '128001' })} />);
    const pincode = await screen.findByLabelText(pm.pincode);
    await user.type(pincode, '0123');
    await user.click(screen.getByRole('button', { name: pm.check }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid pincode');
    await user.clear(pincode);
    await user.type(pincode, '560001');
    await user.click(screen.getByRole('button', { name: pm.check }));
    expect(await screen.findByText('Delivery by Fri, 27 Nov')).toBeInTheDocument();
    expect(screen.getByText('Express delivery by Tue, 24 Nov (order before 16:00, ₹99)')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.pathname.endsWith('/shipping/estimate'))).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: pm.reset }));
    expect(screen.queryByText('Delivery by Fri, 27 Nov')).not.toBeInTheDocument();
    expect(pincode).toHaveValue('');
  });
});

describe('other product pages', () => {
  it('compare looks shows the empty state without products', async () => {
    renderProduct(<CompareLooksPage {...route()} />);
    expect(screen.getByTestId('product-CompareLooksPage')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: m.compareLooksPageTitle })).toBeInTheDocument();
    expect(await screen.findByText(pm.compareEmpty)).toBeInTheDocument();
  });

  it('compare looks shows the products of ?ids side by side', async () => {
    fakeApi({
      'GET /v2/products/product/128001': [200, { result: aProduct() }],
      'GET /v2/products/product/128002': [200, { result: aProduct({ id: 128002, modelName: 'Ivy' }) }],
    });
    renderProduct(<CompareLooksPage {...route()} />, { url: '/compare-looks?ids=128001,128002' });
    expect(await screen.findByRole('heading', { name: 'Metro Specs Ivy' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('frame size asks for a face photo', async () => {
    renderProduct(<FrameSizePage {...route()} />);
    expect(screen.getByRole('heading', { level: 1, name: m.frameSizePageTitle })).toBeInTheDocument();
    expect(await screen.findByLabelText(pm.photo)).toHaveAttribute('accept', 'image/*');
    expect(document.title).toBe(`${m.frameSizePageTitle} | ${m.siteName}`);
  });

  it('edit power says when no cart item takes a power', async () => {
    fakeApi({ 'GET /v2/carts': [200, { result: { items: [] } }] });
    renderProduct(<EditPowerPage {...route()} />);
    expect(screen.getByTestId('product-EditPowerPage')).toBeInTheDocument();
    expect(await screen.findByText(pm.editPowerNone)).toBeInTheDocument();
  });
});

afterEach(async () => {
  await act(async () => undefined);
});
