import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import { pageMessages } from '../../../app/page-messages';
import { lensMessages } from '../messages';
import ProductView from '../../product/components/ProductView';
import { aProduct, emptyReviews } from '../../../testing/fixtures';

// The first render of a suite compiles the lazy page chunks; a loaded CI machine needs time.
jest.setTimeout(20_000);

const pm = pageMessages.defaults;
const lensT = lensMessages.defaults;
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
    'product.get': { result: lens },
    'reviews.list': emptyReviews,
    'product.powers': { result: { productId: 128392, powerType: 'CONTACT_LENS', sph: ['-6.00', '-1.50', '-1.00'], boxes: [1, 2, 4] } },
    'product.subscriptions': {
      result: { subscriptions: [{ id: 3, name: '3 months', months: 3, boxes: 3, discountPercent: 5, price: 3987, currencyCode: 'INR' }] },
    },
    'product.solutions': { result: { solutions: [] } },
    'prescriptions.saved': { result: { prescriptions: [{ right: { sph: '-1.00' }, left: { sph: '-1.50' } }] } } as never,
    'product.validatePowers': { result: [{ eye: 'both', ...validation }] } as never,
    'cart.add': { result: { itemsQty: 2, items: [] } } as never,
  });
}

describe('contact lens form', () => {
  it('refuses what the server check refuses, without adding to the cart', async () => {
    const fake = api({ isSuccess: false, message: 'Please check your powers: the two eyes differ by more than 4.00.' });
    const user = userEvent.setup();
    renderPage(<ProductView id={128392} />, { api: fake.client });
    const right = await screen.findByRole('group', { name: lensT.rightEye }, { timeout: 5000 });
    await user.selectOptions(within(right).getByLabelText(lensT.sph), '-1.00');
    await user.selectOptions(within(screen.getByRole('group', { name: lensT.leftEye })).getByLabelText(lensT.sph), '-6.00');
    await user.click(screen.getByRole('button', { name: pm.addToCart }));
    expect(await screen.findByText('Please check your powers: the two eyes differ by more than 4.00.')).toBeInTheDocument();
    expect(fake.callsTo('product.validatePowers')[0]?.body).toEqual({
      powerType: 'CONTACT_LENS',
      right: { sph: '-1.00', boxes: 1 },
      left: { sph: '-6.00', boxes: 1 },
      isBothEye: false,
    });
    expect(fake.callsTo('cart.add')).toHaveLength(0);
    // A guest is not offered a saved power.
    expect(fake.callsTo('prescriptions.saved')).toHaveLength(0);
  });

  it('adds valid powers with the boxes of both eyes and the chosen subscription, and asks for the cart popup', async () => {
    const fake = api({ isSuccess: true });
    const user = userEvent.setup();
    const { actionsOf } = renderPage(<ProductView id={128392} />, { api: fake.client });
    const right = await screen.findByRole('group', { name: lensT.rightEye }, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: lensT.sameBothEyes }));
    await user.selectOptions(within(right).getByLabelText(lensT.sph), '-1.50');
    await user.click(await screen.findByRole('radio', { name: /3 months/ }));
    await user.click(screen.getByRole('button', { name: pm.addToCart }));
    await waitFor(() => expect(fake.callsTo('cart.add')).toHaveLength(1));
    expect(fake.callsTo('cart.add')[0]?.body).toMatchObject({
      productId: 128392,
      powerType: 'CONTACT_LENS',
      isBothEye: true,
      subscriptionId: 3,
      // The plan's boxes are counted by the API (the rule the plan's price is shown with).
      quantity: 1,
      prescription: { right: { sph: '-1.50', boxes: 1 }, left: { sph: '-1.50', boxes: 1 } },
    });
    // Same power or not, both eyes have boxes: the plans are for both eyes.
    expect(fake.callsTo('product.subscriptions').map((c) => c.query)).toEqual([{ isBothEye: 'true' }]);
    await waitFor(() => expect(actionsOf('cart/popupRequested')).toHaveLength(1));
    expect(actionsOf('cart/changed')).toEqual([{ type: 'cart/changed', payload: { count: 2, cart: { itemsQty: 2, items: [] } } }]);
  });

  it('shows the plans for one eye when only one eye has boxes, at the price the API gives', async () => {
    const fake = api({ isSuccess: true });
    const user = userEvent.setup();
    renderPage(<ProductView id={128392} />, { api: fake.client });
    expect(await screen.findByRole('radio', { name: '3 months: 3 boxes, ₹3,987 (save 5%)' }, { timeout: 5000 })).toBeInTheDocument();
    await user.selectOptions(within(screen.getByRole('group', { name: lensT.leftEye })).getByLabelText(lensT.boxes), '0');
    await waitFor(() => expect(fake.callsTo('product.subscriptions').map((c) => c.query)).toEqual([{ isBothEye: 'true' }, { isBothEye: 'false' }]));
  });

  it("offers a logged-in shopper's saved power", async () => {
    const fake = api({ isSuccess: true });
    const user = userEvent.setup();
    renderPage(<ProductView id={128392} />, { api: fake.client, session: CUSTOMER });
    await user.click(await screen.findByRole('button', { name: lensT.savedPower }, { timeout: 5000 }));
    expect(within(screen.getByRole('group', { name: lensT.rightEye })).getByLabelText(lensT.sph)).toHaveValue('-1.00');
    expect(within(screen.getByRole('group', { name: lensT.leftEye })).getByLabelText(lensT.sph)).toHaveValue('-1.50');
    expect(fake.callsTo('prescriptions.saved')[0]?.query).toEqual({ powerType: 'CONTACT_LENS' });
  });
});
