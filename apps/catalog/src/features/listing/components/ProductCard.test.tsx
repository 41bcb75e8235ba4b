import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListingProduct } from '@eyewear/api-client';
import { fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, GUEST, renderFragment } from '@eyewear/event-bus/testing';
import { product } from '../../../testing/fixtures';
import { ProductCard } from './ProductCard';

const INR = (price: number) => [
  { name: 'Market Price', price: 2000, currencyCode: 'INR' as const },
  { name: 'Eyewear Price', price, currencyCode: 'INR' as const },
];

/** A model in three colours: the listing's product is the black one. */
const model = (): ListingProduct => ({
  ...product(11),
  frameColour: 'Matte Black',
  tags: [],
  colours: [
    { id: 11, colour: 'Matte Black', hex: '#222222', url: '/eyeglasses/p-11.html', productImageUrl: '/img/11.svg', inStock: true, prices: INR(1500), tags: [] },
    { id: 12, colour: 'Tortoise', hex: '#8b5a2b', url: '/eyeglasses/p-12.html', productImageUrl: '/img/12.svg', inStock: false, prices: INR(1700), tags: [] },
    {
      id: 13,
      colour: 'Gold',
      hex: '#d4af37',
      url: '/eyeglasses/p-13.html',
      productImageUrl: '/img/13.svg',
      inStock: true,
      prices: INR(1600),
      tags: ['only-one-left', 'first-frame-free'],
    },
  ],
});

const render = (p: ListingProduct, session = GUEST, props: { eager?: boolean; priority?: boolean } = {}) => {
  const view = renderFragment(<ProductCard product={p} {...props} />, { api: fakeApi({}).client, session });
  return { ...view, card: screen.getByRole('article', { name: 'Kestrel Model 11' }) };
};

describe('ProductCard', () => {
  it("shows one card per model, its colours as swatch buttons named by colour, the product's own pressed", () => {
    const { card } = render(model());
    const swatches = within(card).getByRole('list', { name: 'Colours of Kestrel Model 11' });
    const buttons = within(swatches).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Matte Black', 'Tortoise', 'Gold']);
    expect(within(card).getByRole('button', { name: 'Matte Black' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByRole('button', { name: 'Tortoise' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/eyeglasses/p-11.html');
    expect(within(card).getByText('₹1,500')).toBeInTheDocument();
  });

  it("a page's first card asks for its image before the page's other images; the rest wait until they near the screen, at low priority", () => {
    const first = render(model(), GUEST, { eager: true, priority: true });
    expect(first.card.querySelector('img')).toHaveAttribute('fetchpriority', 'high');
    // The page's main image: its first paint waits for the element (apps/shell/src/document/starter.ts).
    expect(first.card.querySelector('img')).toHaveAttribute('id', 'main-image');
    expect(first.card.querySelector('img')).toHaveAttribute('loading', 'eager');
    first.unmount();
    const later = render(model());
    expect(later.card.querySelector('img')).toHaveAttribute('fetchpriority', 'low');
    expect(later.card.querySelector('img')).not.toHaveAttribute('id');
    expect(later.card.querySelector('img')).toHaveAttribute('loading', 'lazy');
  });

  it('a swatch picks the colour the card shows: image, link, price, stock and the heart', () => {
    const { card } = render(model());
    fireEvent.click(within(card).getByRole('button', { name: 'Tortoise' }));
    expect(within(card).getByRole('button', { name: 'Tortoise' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByRole('button', { name: 'Matte Black' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/eyeglasses/p-12.html');
    expect(card.querySelector('img')).toHaveAttribute('src', '/img/12.svg');
    expect(within(card).getByText('₹1,700')).toBeInTheDocument();
    expect(within(card).getByText('Out of stock')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add Kestrel Model 11 (Tortoise) to wishlist' })).toBeInTheDocument();
  });

  it('swatches are reached with Tab and picked with Enter or Space', async () => {
    const user = userEvent.setup();
    const { card } = render(model());
    within(card).getByRole('button', { name: 'Matte Black' }).focus();
    await user.tab();
    const tortoise = within(card).getByRole('button', { name: 'Tortoise' });
    expect(tortoise).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(tortoise).toHaveAttribute('aria-pressed', 'true');
    await user.tab();
    await user.keyboard(' ');
    expect(within(card).getByRole('button', { name: 'Gold' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/eyeglasses/p-13.html');
  });

  it("shows the stock and offer tags of the shown colour; 'first frame free' only to new customers", () => {
    const { card } = render(model());
    expect(within(card).queryByText('Only one left!')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Gold' }));
    expect(within(card).getByText('Only one left!')).toBeInTheDocument();
    expect(within(card).getByText('New-customer price on the first frame')).toBeInTheDocument();
  });

  it('a customer who has ordered is not offered the first frame free', () => {
    const p = { ...product(11), tags: ['first-frame-free', 'only-one-left'] };
    const { card } = render(p, { ...CUSTOMER, hasPlacedOrder: true });
    expect(within(card).getByText('Only one left!')).toBeInTheDocument();
    expect(within(card).queryByText('New-customer price on the first frame')).toBeNull();
  });

  it('an out-of-stock product says so and not "only one left"; a single-colour model has no swatches', () => {
    const { card } = render({ ...product(11), inStock: false, tags: ['only-one-left'] });
    expect(within(card).getByText('Out of stock')).toBeInTheDocument();
    expect(within(card).queryByText('Only one left!')).toBeNull();
    expect(within(card).queryByRole('list')).toBeNull();
  });
});
