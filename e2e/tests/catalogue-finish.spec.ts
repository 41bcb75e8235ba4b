import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors } from '../support/site';

/**
 * Catalogue finish (issue 20, "Screens that look finished"): one card per model with colour
 * swatches, stock and offer tags; a loading listing keeps its last results; one wishlist
 * behaviour for guests, whose panel agrees with the header badge. At phone and desktop widths.
 */

interface Colour {
  id: number;
  colour: string;
  url: string;
}
interface Product {
  id: number;
  brandName: string;
  modelName: string;
  productUrl: string;
  inStock: boolean;
  tags?: string[];
  colours?: Colour[];
}

const grid = (page: Page, name: string) => page.getByRole('list', { name, exact: true });
const cards = (page: Page, name: string) => grid(page, name).getByRole('article');
const cardOf = (page: Page, p: Product) =>
  grid(page, 'Eyeglasses')
    .getByRole('article', { name: `${p.brandName} ${p.modelName}`, exact: true })
    .first();

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a listing shows one card per model; its swatches (buttons named by colour) pick the colour shown', async ({ page, request }) => {
      const errors = collectPageErrors(page);
      const answer = await (await request.get('/api/v2/categories/3100')).json();
      const products: Product[] = answer.result.product_list;
      // The API lists each model once: no product is another's colour.
      const shown = new Set(products.map((p) => p.id));
      for (const p of products) for (const c of p.colours ?? []) if (c.id !== p.id) expect(shown.has(c.id)).toBe(false);

      await page.goto('/catalog/3100');
      await expect(cards(page, 'Eyeglasses')).toHaveCount(products.length);
      const model = products.find((p) => (p.colours?.length ?? 0) > 1)!;
      const card = cardOf(page, model);
      const swatches = card.getByRole('list', { name: `Colours of ${model.brandName} ${model.modelName}` });
      await expect(swatches.getByRole('button')).toHaveCount(model.colours!.length);
      const own = model.colours!.find((c) => c.id === model.id)!;
      const other = model.colours!.find((c) => c.id !== model.id)!;
      await expect(swatches.getByRole('button', { name: own.colour, exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(card.getByRole('link').first()).toHaveAttribute('href', model.productUrl);

      // By keyboard: focus the other colour's swatch and press Enter (once the page runs: a
      // server-rendered page's buttons are disabled until it has hydrated).
      const otherSwatch = swatches.getByRole('button', { name: other.colour, exact: true });
      await expect(otherSwatch).toBeEnabled();
      await otherSwatch.focus();
      await page.keyboard.press('Enter');
      await expect(otherSwatch).toHaveAttribute('aria-pressed', 'true');
      await expect(swatches.getByRole('button', { name: own.colour, exact: true })).toHaveAttribute('aria-pressed', 'false');
      await expect(card.getByRole('link').first()).toHaveAttribute('href', other.url);
      await expect(card.getByRole('button', { name: new RegExp(`\\(${other.colour}\\) to wishlist$`) })).toBeVisible();
      expect(errors).toEqual([]);
    });

    test('cards show the stock and offer tags of what they show', async ({ page, request }) => {
      const answer = await (await request.get('/api/v2/categories/3100?page-size=100')).json();
      const products: Product[] = answer.result.product_list;
      await page.goto('/catalog/3100');
      await expect(cards(page, 'Eyeglasses').first()).toBeVisible();
      for (const p of products.slice(0, 15)) {
        const card = cardOf(page, p);
        if (!p.inStock) await expect(card.getByText('Out of stock', { exact: true })).toBeVisible();
        else if (p.tags?.includes('only-one-left')) await expect(card.getByText('Only one left!', { exact: true })).toBeVisible();
        // A new shopper (a guest) is offered the first frame free where the product has it.
        if (p.tags?.includes('first-frame-free')) await expect(card.getByText('New-customer price on the first frame', { exact: true })).toBeVisible();
        else await expect(card.getByText('New-customer price on the first frame', { exact: true })).toHaveCount(0);
      }
    });

    test('while a sort loads, the last results stay on screen (busy), never an empty grid', async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.goto('/catalog/3100');
      await expect(cards(page, 'Eyeglasses')).toHaveCount(15);
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.endsWith('/v2/categories/3100') && url.searchParams.get('sort') === 'price',
        async (route) => {
          await gate;
          await route.continue();
        },
      );
      const listing = page.getByTestId('catalog-ListingPage');
      await listing.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
      await expect(grid(page, 'Eyeglasses')).toHaveAttribute('aria-busy', 'true');
      await expect(cards(page, 'Eyeglasses')).toHaveCount(15);
      await expect(listing.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
      release();
      await expect(grid(page, 'Eyeglasses')).toHaveAttribute('aria-busy', 'false');
      await expect(cards(page, 'Eyeglasses')).toHaveCount(15);
      expect(errors).toEqual([]);
    });

    test('a guest shortlists as a customer would: the card heart, the panel and the product page agree with the badge', async ({ page, request }) => {
      const errors = collectPageErrors(page);
      const answer = await (await request.get('/api/v2/categories/3100')).json();
      const first: Product = answer.result.product_list[0];
      await page.goto('/catalog/3100');
      const card = cardOf(page, first);
      await card.getByRole('button', { name: /to wishlist$/ }).click();
      await expect(card.getByRole('button', { name: /from wishlist$/ })).toHaveAttribute('aria-pressed', 'true');
      // No login is asked for.
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const badge = page.getByRole('banner').getByRole('link', { name: /^Shortlist/ });
      await expect(badge).toContainText('1');

      await badge.click();
      const panel = page.getByRole('dialog', { name: 'My wishlist (1)' });
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('listitem')).toHaveCount(1);
      await expect(panel.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await panel.getByRole('link', { name: `${first.brandName} ${first.modelName}` }).click();

      const product = page.getByTestId('product-ProductPage');
      await expect(product.getByRole('button', { name: '♥ Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
      await product.getByRole('button', { name: '♥ Remove from wishlist' }).click();
      await expect(product.getByRole('button', { name: '♡ Add to wishlist' })).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByRole('banner').getByRole('link', { name: /^Shortlist/ })).toContainText('0');
      expect(errors).toEqual([]);
    });
  });
}
