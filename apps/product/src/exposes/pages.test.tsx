import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import type { RemotePageProps } from '@eyewear/federation';
import { messages } from '../app/messages';
import { pageMessages } from '../app/page-messages';
import { compareMessages } from '../features/compare/messages';
import { editPowerMessages } from '../features/edit-power/messages';
import { frameSizeMessages } from '../features/frame-size/messages';
import { aProduct, emptyReviews } from '../testing/fixtures';
import CompareLooksPage from './CompareLooksPage';
import EditPowerPage from './EditPowerPage';
import FrameSizePage from './FrameSizePage';
import ProductPage from './ProductPage';

// The first render of a suite compiles the lazy page chunks; a loaded CI machine needs time.
jest.setTimeout(20_000);

const m = messages.defaults;
const pm = pageMessages.defaults;
const looksT = compareMessages.defaults;
const powerTextT = editPowerMessages.defaults;
const sizingT = frameSizeMessages.defaults;
const route = (params: Record<string, string> = {}): RemotePageProps => ({ params, props: {} });

function productPageApi(product = aProduct()) {
  return fakeApi({
    'product.get': { result: product },
    'reviews.list': emptyReviews,
    'product.buyOptionsGroup': {
      result: {
        groupId: 'g',
        options: [
          { productId: product.id, label: 'Honey', url: product.url, selected: true },
          { productId: 128002, label: 'Black', url: '/x', selected: false },
        ],
      },
    },
    'product.threeSixtyStatus': { result: { sku_id: product.sku, enabled: true } },
  });
}

describe('product page', () => {
  it('shows the product: brand, model, price with the market price struck, size, variants, specifications', async () => {
    const api = productPageApi();
    renderPage(<ProductPage {...route({ id: '128001' })} />, { api: api.client });
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
    expect(api.callsTo('product.get')[0]?.params).toEqual({ id: '128001' });
    expect(api.callsTo('product.threeSixtyStatus')[0]?.body).toEqual({ sku_id: 'eye-ms-128001' });
  });

  it("shows the catalogue's wishlist toggle (the wishlistToggle slot) with the product's id and name, and announces nothing itself", async () => {
    const api = productPageApi();
    const { actionsOf } = renderPage(<ProductPage {...route({ id: '128001' })} />, {
      api: api.client,
      slots: {
        wishlistToggle: ({ productId, name }) => (
          <button type="button" aria-pressed={false}>
            {`♡ wishlist ${productId} ${name}`}
          </button>
        ),
      },
    });
    expect(await screen.findByRole('button', { name: '♡ wishlist 128001 Metro Specs Rowan' }, { timeout: 5000 })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.name.startsWith('catalogue.'))).toEqual([]);
    expect(actionsOf('wishlist/changed')).toEqual([]);
  });

  it('renders nothing for the wishlist without the shell (no slot provided)', async () => {
    renderPage(<ProductPage {...route({ id: '128001' })} />, { api: productPageApi().client });
    await screen.findByRole('heading', { level: 1, name: 'Rowan' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /wishlist/i })).not.toBeInTheDocument();
  });

  it('shows only one left and the first-buy price', async () => {
    const api = productPageApi(
      aProduct({
        qty: 1,
        prices: [
          { name: 'Market Price', price: 4699, currencyCode: 'INR' },
          { name: 'Eyewear Price', price: 3899, currencyCode: 'INR' },
          { id: 1000, name: 'First Frame Price', price: 0, currencyCode: 'INR' },
        ],
      }),
    );
    renderPage(<ProductPage {...route({ id: '128001' })} />, { api: api.client });
    expect(await screen.findByText(pm.onlyOneLeft, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('First frame at ₹0 for new customers')).toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent('₹3,899');
  });

  it('does not offer the first-buy price to a customer who has placed an order (the cart would not give it)', async () => {
    const prices = [
      { name: 'Market Price', price: 4699, currencyCode: 'INR' as const },
      { name: 'Eyewear Price', price: 3899, currencyCode: 'INR' as const },
      { id: 1000, name: 'First Frame Price', price: 1949.5, currencyCode: 'INR' as const },
    ];
    renderPage(<ProductPage {...route({ id: '128001' })} />, { api: productPageApi(aProduct({ prices })).client, session: CUSTOMER });
    expect(await screen.findByTestId('product-price', {}, { timeout: 5000 })).toHaveTextContent('₹3,899');
    expect(screen.queryByText(/for new customers/)).not.toBeInTheDocument();
  });

  it('reads the id of /catalog/product/view/id/{id}', async () => {
    const api = productPageApi();
    renderPage(<ProductPage {...route({ '*': 'id/128001' })} />, { api: api.client });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rowan' })).toBeInTheDocument();
    expect(api.callsTo('product.get')[0]?.params).toEqual({ id: '128001' });
  });

  it('shows the out-of-stock form instead of buying, and checks the email', async () => {
    const api = productPageApi(aProduct({ qty: 0 }));
    const user = userEvent.setup();
    renderPage(<ProductPage {...route({ id: '128001' })} />, { api: api.client });
    expect(await screen.findByText(pm.outOfStock)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select Lenses' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(pm.oosEmail), 'not-an-email');
    await user.click(screen.getByRole('button', { name: pm.oosSubmit }));
    expect(screen.getByRole('alert')).toHaveTextContent(pm.emailInvalid);
    expect(api.callsTo('product.oosSubscription')).toHaveLength(0);
  });

  it('says when the product does not exist, with a retry', async () => {
    const api = fakeApi({ 'product.get': fail(404, { message: 'Product not found' }) });
    renderPage(<ProductPage {...route({ id: '5' })} />, { api: api.client });
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: pm.retry })).toBeInTheDocument();
  });

  it('an id that is not a number is not found', () => {
    const api = fakeApi();
    renderPage(<ProductPage {...route({ id: 'abc' })} />, { api: api.client });
    expect(screen.getByRole('heading', { level: 1, name: m.productNotFound })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('checks a pincode: refuses a malformed one, shows the dates, reset clears them', async () => {
    const api = fakeApi({
      'product.get': { result: aProduct() },
      'reviews.list': emptyReviews,
      'product.shippingEstimate': (request) => ({
        result:
          request.query['isExpress'] === 'true'
            ? {
                pincode: '560001',
                serviceable: true,
                isExpress: true,
                estimatedDate: '2026-11-24',
                expressOptions: [{ id: 'express', label: 'Express delivery', cutOffTime: '16:00', fee: 99 }],
              }
            : { pincode: '560001', serviceable: true, isExpress: false, estimatedDate: '2026-11-27', expressOptions: [] },
      }),
    });
    const user = userEvent.setup();
    renderPage(<ProductPage {...route({ id: '128001' })} />, { api: api.client });
    const pincode = await screen.findByLabelText(pm.pincode);
    await user.type(pincode, '0123');
    await user.click(screen.getByRole('button', { name: pm.check }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid pincode');
    await user.clear(pincode);
    await user.type(pincode, '560001');
    await user.click(screen.getByRole('button', { name: pm.check }));
    expect(await screen.findByText('Delivery by Fri, 27 Nov')).toBeInTheDocument();
    expect(screen.getByText('Express delivery by Tue, 24 Nov (order before 16:00, ₹99)')).toBeInTheDocument();
    expect(api.callsTo('product.shippingEstimate')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: pm.reset }));
    expect(screen.queryByText('Delivery by Fri, 27 Nov')).not.toBeInTheDocument();
    expect(pincode).toHaveValue('');
  });
});

describe('other product pages', () => {
  it('compare looks shows the empty state without products', async () => {
    renderPage(<CompareLooksPage {...route()} />, { api: fakeApi().client });
    expect(screen.getByTestId('product-CompareLooksPage')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: m.compareLooksPageTitle })).toBeInTheDocument();
    expect(await screen.findByText(looksT.compareEmpty)).toBeInTheDocument();
  });

  it('compare looks shows the products of ?ids side by side', async () => {
    const api = fakeApi({
      'product.get': ({ params }) => ({ result: params['id'] === '128002' ? aProduct({ id: 128002, modelName: 'Ivy' }) : aProduct() }),
    });
    renderPage(<CompareLooksPage {...route()} />, { url: '/compare-looks?ids=128001,128002', api: api.client });
    expect(await screen.findByRole('heading', { name: 'Metro Specs Ivy' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Metro Specs Rowan' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(api.callsTo('product.get').map((c) => c.params['id'])).toEqual(['128001', '128002']);
  });

  it('frame size asks for a face photo', async () => {
    renderPage(<FrameSizePage {...route()} />, { api: fakeApi().client });
    expect(screen.getByRole('heading', { level: 1, name: m.frameSizePageTitle })).toBeInTheDocument();
    expect(await screen.findByLabelText(sizingT.photo)).toHaveAttribute('accept', 'image/*');
    expect(document.title).toBe(`${m.frameSizePageTitle} | ${m.siteName}`);
  });

  it('edit power says when no cart item takes a power', async () => {
    const api = fakeApi({ 'cart.get': { result: { items: [] } } as never });
    renderPage(<EditPowerPage {...route()} />, { api: api.client });
    expect(screen.getByTestId('product-EditPowerPage')).toBeInTheDocument();
    expect(await screen.findByText(powerTextT.editPowerNone)).toBeInTheDocument();
  });
});

afterEach(async () => {
  await act(async () => undefined);
});
