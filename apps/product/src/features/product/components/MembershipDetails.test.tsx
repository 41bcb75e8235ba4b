import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, GUEST, renderPage } from '@eyewear/event-bus/testing';
import { aProduct, emptyReviews } from '../../../testing/fixtures';
import { membershipEnd } from './MembershipDetails';
import ProductView from './ProductView';

// The first render of a suite compiles the lazy page chunks; a loaded CI machine needs time.
jest.setTimeout(20_000);

const gold = aProduct({
  id: 128269,
  sku: 'service-gold-128269',
  type: 'membership',
  classification: 'loyalty_services',
  modelName: 'Gold Membership',
  brandName: 'Clearview',
  url: '/gold-membership.html',
  prices: [
    { name: 'Market Price', price: 1000, currencyCode: 'INR' },
    { name: 'Eyewear Price', price: 600, currencyCode: 'INR' },
  ],
  frameColour: undefined,
  frameType: undefined,
  frameSizeId: undefined,
  powerRequired: 'POWER_NOT_REQUIRED',
  reviews: { rating: 0, count: 0 },
  ctaText: 'Buy Now',
  threeSixtyView: false,
  tierMembershipDuration: 365,
  loyalty: { discountPercent: 20, brandsAllowed: ['Clearview', 'Vantage'], classificationsAllowed: ['eyeframe'] },
});

function api() {
  return fakeApi({ 'product.get': { result: gold }, 'reviews.list': emptyReviews, 'cart.add': { result: { itemsQty: 1, items: [] } } as never });
}

describe("the gold membership's page (issue 42: the menu's Gold opened a frame listing)", () => {
  it('says what Gold gives, for how long and until when, and joins by adding the membership; nothing of a frame', async () => {
    const fake = api();
    renderPage(<ProductView id={128269} />, { api: fake.client, session: GUEST, url: '/gold-membership.html' });
    const section = await screen.findByRole('region', { name: 'What Gold gives you' }, { timeout: 5000 });
    expect(within(section).getByText('20% off eyeglass frames from Clearview and Vantage')).toBeInTheDocument();
    expect(within(section).getByText('Membership for 365 days')).toBeInTheDocument();
    const end = membershipEnd(365);
    expect(end).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(within(section).getByText(/^Joined today, it runs until /)).toBeInTheDocument();
    // A membership is not delivered, reviewed, tried on or given lenses.
    expect(screen.queryByRole('button', { name: /Select Lenses|Try it on/ })).toBeNull();
    expect(screen.queryByLabelText(/pincode/i)).toBeNull();
    expect(screen.queryByRole('heading', { name: /review/i })).toBeNull();
    expect(fake.callsTo('reviews.list')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Join Gold: add to cart' }));
    await waitFor(() => expect(fake.callsTo('cart.add').map((c) => c.body)).toEqual([{ productId: 128269, quantity: 1 }]));
    // The shell's 'gold added' banner reads gold_add=1 (shopping §2 Header).
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/gold-membership.html?gold_add=1'));
  });

  it('tells a member they are one, without a button to join again', async () => {
    renderPage(<ProductView id={128269} />, { api: api().client, session: { ...CUSTOMER, isLoyalty: true }, url: '/gold-membership.html' });
    expect(await screen.findByText('You are a Gold member: your savings apply to every order.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Gold: add to cart' })).toBeNull();
  });

  it('ends a membership joined today after its days (shopping §9)', () => {
    expect(membershipEnd(365, new Date(2026, 10, 29))).toBe('2027-11-29');
    expect(membershipEnd(30, new Date(2026, 0, 15))).toBe('2026-02-14');
  });
});
