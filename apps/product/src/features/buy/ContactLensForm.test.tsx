import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageMessages } from '../../app/page-messages';
import ProductPage from '../../exposes/ProductPage';
import { aProduct, emptyReviews, fakeApi } from '../../testing/fake-api';
import { renderProduct } from '../../testing/render';

// The first render of a suite compiles the lazy page chunks; a loaded CI machine needs time.
jest.setTimeout(20_000);

const pm = pageMessages.defaults;
const lens = aProduct({
  id: 128392,
  sku: 'contact-aq-128392',
  type: 'contact_lens',
  classification: 'contact_lens',
  modelName: 'Daily Comfort 30 Pack',
  frameSizeId: undefined,
  jit: false,
  threeSixtyView: false,
});

function api(validation: { isSuccess: boolean; message?: string }) {
  return fakeApi({
    'GET /v2/products/product/128392': [200, { result: lens }],
    'GET /v2/products/product/128392/review': [200, emptyReviews],
    'GET /v2/products/product/128392/powers': [
      200,
      { result: { productId: 128392, powerType: 'CONTACT_LENS', sph: ['-6.00', '-1.50', '-1.00'], boxes: [1, 2, 4] } },
    ],
    'GET /v2/products/product/128392/subscriptions': [
      200,
      { result: { subscriptions: [{ id: 3, name: '3 months', months: 3, boxes: 3, discountPercent: 5, price: 3987, currencyCode: 'INR' }] } },
    ],
    'GET /v2/products/solutions': [200, { result: { solutions: [] } }],
    'POST /v2/products/product/128392/powers/validate': [200, { result: [{ eye: 'both', ...validation }] }],
    'POST /v2/carts/items': [200, { result: { itemsQty: 2 } }],
  });
}

describe('contact lens form', () => {
  it('refuses what the server check refuses, without adding to the cart', async () => {
    const { calls } = api({ isSuccess: false, message: 'Please check your powers: the two eyes differ by more than 4.00.' });
    const user = userEvent.setup();
    renderProduct(<ProductPage params={{ id: '128392' }} props={{}} />);
    const right = await screen.findByRole('group', { name: pm.rightEye }, { timeout: 5000 });
    await user.selectOptions(within(right).getByLabelText(pm.sph), '-1.00');
    await user.selectOptions(within(screen.getByRole('group', { name: pm.leftEye })).getByLabelText(pm.sph), '-6.00');
    await user.click(screen.getByRole('button', { name: pm.addToCart }));
    expect(await screen.findByText('Please check your powers: the two eyes differ by more than 4.00.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname.endsWith('/powers/validate'))?.body).toEqual({
      powerType: 'CONTACT_LENS',
      right: { sph: '-1.00', boxes: 1 },
      left: { sph: '-6.00', boxes: 1 },
      isBothEye: false,
    });
    expect(calls.some((c) => c.url.pathname.endsWith('/carts/items'))).toBe(false);
  });

  it('adds valid powers with the boxes of both eyes and the chosen subscription', async () => {
    const { calls } = api({ isSuccess: true });
    const user = userEvent.setup();
    renderProduct(<ProductPage params={{ id: '128392' }} props={{}} />);
    const right = await screen.findByRole('group', { name: pm.rightEye }, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: pm.sameBothEyes }));
    await user.selectOptions(within(right).getByLabelText(pm.sph), '-1.50');
    await user.click(await screen.findByRole('radio', { name: /3 months/ }));
    await user.click(screen.getByRole('button', { name: pm.addToCart }));
    await screen.findByRole('button', { name: pm.addToCart });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const added = calls.find((c) => c.url.pathname.endsWith('/carts/items'));
    expect(added?.body).toMatchObject({
      productId: 128392,
      powerType: 'CONTACT_LENS',
      isBothEye: true,
      subscriptionId: 3,
      quantity: 3,
      prescription: { right: { sph: '-1.50', boxes: 1 }, left: { sph: '-1.50', boxes: 1 } },
    });
  });
});
