import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeApi, type FakeAnswer } from '@eyewear/api-client/testing';
import { exchangeExitRequested, exchangeStartRequested } from '@eyewear/event-bus';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import { useParams } from '@eyewear/router';
import { pageMessages } from '../../../app/page-messages';
import { aProduct, emptyReviews } from '../../../testing/fixtures';
import ProductView from './ProductView';

// The first render of a suite compiles the lazy page chunks; a loaded CI machine needs time.
jest.setTimeout(20_000);

const pm = pageMessages.defaults;

/** The product page's body at its route (the exposed page reads the id the same way). */
function Routed() {
  return <ProductView id={Number(useParams()['id'])} />;
}

const review = (id: number) => ({
  id,
  productId: 128001,
  author: 'Asha',
  rating: 4,
  title: `Review ${id}`,
  body: 'Good',
  createdAt: '2025-01-01T00:00:00.000Z',
});
const reviewPage = (page: number, ids: number[], total: number) => ({
  result: { review: { reviews: ids.map(review), page, total, count: 10, averageRating: 4 } },
});

describe('product page loads', () => {
  it("gives the product's own URL as the canonical and alternate-language links, opened by its id", async () => {
    const api = fakeApi({ 'product.get': { result: aProduct({ url: '/eyeglasses/rowan-honey-128001.html' }) }, 'reviews.list': emptyReviews });
    renderPage(<Routed />, { url: '/product/128001', path: '/product/:id', api: api.client });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rowan' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://www.eyewear.in/eyeglasses/rowan-honey-128001.html'),
    );
    expect(document.head.querySelector('link[rel="alternate"][hreflang="en-AE"]')?.getAttribute('href')).toBe(
      'https://www.eyewear.ae/eyeglasses/rowan-honey-128001.html',
    );
  });

  it('clears the old product while another loads, and shows the error when it fails', async () => {
    let answer: (value: FakeAnswer) => void = () => undefined;
    const api = fakeApi({
      'product.get': ({ params }) => (params['id'] === '128001' ? { result: aProduct() } : new Promise<FakeAnswer>((resolve) => (answer = resolve))),
      'reviews.list': emptyReviews,
      'product.buyOptionsGroup': {
        result: {
          groupId: 'g',
          options: [
            { productId: 128002, label: 'Black', url: '/x', selected: false },
            { productId: 128001, label: 'Honey', url: '/y', selected: true },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderPage(<Routed />, { url: '/product/128001', path: '/product/:id', api: api.client });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rowan' }, { timeout: 5000 })).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Black' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/product/128002');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Rowan' })).not.toBeInTheDocument());
    expect(document.title).toBe('Eyewear | Eyewear');
    answer(fail(404, { message: 'Product not found' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(api.callsTo('product.get').map((c) => c.params['id'])).toEqual(['128001', '128002']);
  });

  it('asks the estimate twice, express and details, again for the same pincode, and shows a failure', async () => {
    const api = fakeApi({
      'product.get': { result: aProduct() },
      'reviews.list': emptyReviews,
      'product.shippingEstimate': { result: { pincode: '560001', serviceable: false, isExpress: false, expressOptions: [] } },
    });
    const user = userEvent.setup();
    renderPage(<ProductView id={128001} />, { api: api.client });
    await user.type(await screen.findByLabelText(pm.pincode, {}, { timeout: 5000 }), '560001');
    await user.click(screen.getByRole('button', { name: pm.check }));
    expect(await screen.findByText(pm.notServiceable)).toBeInTheDocument();
    expect(api.callsTo('product.shippingEstimate').map((c) => c.query)).toEqual([{ pinCode: '560001', isExpress: 'true' }, { pinCode: '560001' }]);
    api.answer({ 'product.shippingEstimate': fail(422, { message: 'Invalid pincode' }) });
    await user.click(screen.getByRole('button', { name: pm.check }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid pincode');
    expect(api.callsTo('product.shippingEstimate')).toHaveLength(4);
    expect(screen.queryByText(pm.notServiceable)).not.toBeInTheDocument();
  });
});

describe('reviews', () => {
  it('appends review pages and puts a posted review first', async () => {
    const api = fakeApi({
      'product.get': { result: aProduct() },
      'reviews.list': ({ query }) => (query['page'] === '0' ? reviewPage(0, [1], 2) : reviewPage(1, [2], 2)),
      'reviews.create': ({ body }) => ({ result: { ...review(3), title: body.title } }),
    });
    const user = userEvent.setup();
    renderPage(<ProductView id={128001} />, { api: api.client, session: CUSTOMER });
    const reviews = await screen.findByRole('region', { name: pm.reviewsTitle }, { timeout: 5000 });
    expect(await within(reviews).findByRole('heading', { name: 'Review 1' })).toBeInTheDocument();
    expect(within(reviews).getByText('4.0 out of 5, 2 reviews')).toBeInTheDocument();
    await user.click(within(reviews).getByRole('button', { name: pm.moreReviews }));
    expect(await within(reviews).findByRole('heading', { name: 'Review 2' })).toBeInTheDocument();
    expect(within(reviews).queryByRole('button', { name: pm.moreReviews })).not.toBeInTheDocument();
    expect(api.callsTo('reviews.list').map((c) => c.query)).toEqual([
      { page: '0', count: '10' },
      { page: '1', count: '10' },
    ]);

    await user.click(within(reviews).getByRole('button', { name: pm.writeReview }));
    const form = within(reviews).getByRole('form', { name: pm.writeReview });
    await user.type(within(form).getByLabelText(pm.reviewTitle), 'Light and sturdy');
    await user.type(within(form).getByLabelText(pm.reviewBody), 'All day.');
    await user.click(within(form).getByRole('button', { name: pm.reviewSubmit }));
    expect(await within(reviews).findByText(pm.reviewPosted)).toBeInTheDocument();
    expect(
      within(reviews)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Light and sturdy', 'Review 1', 'Review 2']);
    expect(within(reviews).getByText('4.0 out of 5, 3 reviews')).toBeInTheDocument();
    expect(api.callsTo('reviews.create')[0]?.body).toEqual({ rating: 5, title: 'Light and sturdy', body: 'All day.' });
  });

  it('says when reviews fail, with a retry; a guest is asked to log in to write one', async () => {
    const api = fakeApi({ 'product.get': { result: aProduct() }, 'reviews.list': fail(500, { message: 'Reviews are resting' }) });
    const user = userEvent.setup();
    const { actionsOf } = renderPage(<ProductView id={128001} />, { api: api.client });
    const reviews = await screen.findByRole('region', { name: pm.reviewsTitle }, { timeout: 5000 });
    expect(await within(reviews).findByRole('alert')).toHaveTextContent('Reviews are resting');
    api.answer({ 'reviews.list': emptyReviews });
    await user.click(within(reviews).getByRole('button', { name: pm.retry }));
    expect(await within(reviews).findByText(pm.noReviews)).toBeInTheDocument();
    await user.click(within(reviews).getByRole('button', { name: pm.loginToReview }));
    expect(actionsOf('auth/loginRequested')).toEqual([{ type: 'auth/loginRequested', payload: { tab: 'signin' } }]);
  });
});

describe('frame tools', () => {
  it('opens the try-on, whose code loads on demand, with the frame on the face profile photo; Close ends it', async () => {
    const api = fakeApi({
      'product.get': { result: aProduct() },
      'reviews.list': emptyReviews,
      'faceProfiles.overlay': { result: { faceProfile: true, overlayed_image_url: '/media/try-on/128001.jpg' } },
    });
    const user = userEvent.setup();
    renderPage(<ProductView id={128001} />, { api: api.client, session: CUSTOMER });
    const open = await screen.findByRole('button', { name: pm.tryOn }, { timeout: 5000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: pm.tryOnTitle });
    expect(await within(dialog).findByRole('img', { name: /on your face profile photo/ })).toHaveAttribute('src', '/media/try-on/128001.jpg');
    expect(api.callsTo('faceProfiles.overlay').map((c) => c.query)).toEqual([expect.objectContaining({ product_id: '128001', view: 'json' })]);
    await user.click(within(dialog).getByRole('button', { name: pm.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('try-on without a face profile (issue 42: the overlay answered 404, an error in the console)', () => {
  it('says to add a face photo, with a link to the face profiles, and no error', async () => {
    const errors = jest.spyOn(console, 'error');
    const api = fakeApi({ 'product.get': { result: aProduct() }, 'reviews.list': emptyReviews, 'faceProfiles.overlay': { result: { faceProfile: false } } });
    const user = userEvent.setup();
    renderPage(<ProductView id={128001} />, { api: api.client, session: CUSTOMER });
    await user.click(await screen.findByRole('button', { name: pm.tryOn }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: pm.tryOnTitle });
    expect(await within(dialog).findByText(/Add a face photo to try frames on\./)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Create a face profile' })).toHaveAttribute('href', '/customer/ditto-profile/');
    expect(within(dialog).queryByRole('img')).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("says so too to an older API's 404, and a real failure as a failure", async () => {
    const api = fakeApi({
      'product.get': { result: aProduct() },
      'reviews.list': emptyReviews,
      'faceProfiles.overlay': fail(404, { message: 'Create a face profile to try frames on.' }),
    });
    const user = userEvent.setup();
    renderPage(<ProductView id={128001} />, { api: api.client, session: CUSTOMER });
    await user.click(await screen.findByRole('button', { name: pm.tryOn }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: pm.tryOnTitle });
    expect(await within(dialog).findByText(/Add a face photo to try frames on\./)).toBeInTheDocument();
  });
});

describe('in exchange mode (issue 42)', () => {
  it("says the exchange credit beside the price, from the tab's exchange, and stops when the exchange ends", async () => {
    const api = fakeApi({ 'product.get': { result: aProduct() }, 'reviews.list': emptyReviews });
    const { pageStore } = renderPage(<Routed />, { url: '/product/128001', path: '/product/:id', api: api.client, session: CUSTOMER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rowan' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('product-exchange-credit')).not.toBeInTheDocument();
    await act(async () => {
      pageStore.store.dispatch(exchangeStartRequested({ orderId: 1200001, itemId: 3, returnMode: 'pickup', credit: { amount: 1200, currencyCode: 'INR' } }));
    });
    expect(screen.getByTestId('product-exchange-credit')).toHaveTextContent(
      'Your exchange credit of ₹1,200 pays for this first: you pay only the difference at the cart.',
    );
    await act(async () => {
      pageStore.store.dispatch(exchangeExitRequested({}));
    });
    expect(screen.queryByTestId('product-exchange-credit')).not.toBeInTheDocument();
    // No call of its own for it: the product and its reviews only.
    expect(new Set(api.calls.map((c) => c.name))).not.toContain('returns.eligibility');
  });
});
