import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectPageErrors } from '../support/site';

// Issue 20 (appointments): the HTO page in the site's style at phone and desktop widths, home
// try-on leads, and no raw codes or ISO dates in the home, store and studio flows.

const ISO_DATE = /\d{4}-\d{2}-\d{2}/;
/** A visit window as India writes it: '9:00 am - 12:00 pm'. */
const WINDOW = /^\d{1,2}:00\s?[ap]m - \d{1,2}:00\s?[ap]m$/i;
/** A store time as India writes it: '10:30 am'. */
const TIME = /^\d{1,2}:\d{2}\s?[ap]m$/i;

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Form fields inside `root` that no label names. */
const unlabelled = (root: Locator) =>
  root.evaluate((el) =>
    [...el.querySelectorAll('input, select, textarea')]
      .filter((field) => (field as HTMLInputElement).labels?.length === 0 && !field.getAttribute('aria-label'))
      .map((field) => field.outerHTML),
  );

/**
 * Late in the store's evening today has no times left: then the journey picks the next day.
 * Waits until `shown` (a time or a window of `scope`) is visible on the day chosen.
 */
async function aDayWithTimes(scope: Locator, day: Locator, shown: Locator) {
  const noneLeft = scope.getByRole('status').filter({ hasText: 'No times left on this day. Please pick another date.' });
  await expect(shown.or(noneLeft).first()).toBeVisible();
  if (await noneLeft.isVisible()) await day.selectOption({ index: 1 });
  await expect(shown).toBeVisible();
}

async function slotsFor(page: Page, pincode: string) {
  await page.goto('/HTO');
  const root = page.getByTestId('appointments-HtoPage');
  await root.getByLabel('Pincode', { exact: true }).fill(pincode);
  await root.getByRole('button', { name: 'Check' }).click();
  await expect(root.getByText(`Good news: we visit New Delhi (${pincode}).`)).toBeVisible();
  await expect(root.getByRole('heading', { name: 'Choose a day and time' })).toBeVisible();
  return root;
}

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: '9700039001' },
  { name: 'desktop', viewport: { width: 1366, height: 900 }, phone: '9700013661' },
];

for (const { name, viewport, phone } of VIEWPORTS) {
  test.describe(`appointments finish at ${name} width`, () => {
    test.use({ viewport });

    test('the HTO page: labelled fields, days and windows in words, one home try-on lead, a booking without codes', async ({ page }) => {
      const errors = collectPageErrors(page);
      const root = await slotsFor(page, '110016');
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      // Days and windows as the country writes them, never ISO dates or window ids.
      const day = root.getByRole('group').first();
      await expect(day).not.toHaveText(ISO_DATE);
      const slot = root.getByRole('button', { name: WINDOW, disabled: false }).first();
      await expect(slot).toBeVisible();
      await slot.click();

      await root.getByLabel('Full name').fill('Meera Iyer');
      const lead = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/v2/carts/htoLeads'));
      await root.getByLabel('Mobile number', { exact: true }).fill(phone);
      await root.getByLabel('Address').focus();
      const sent = await lead;
      expect(sent.postDataJSON()).toEqual({ phone, name: 'Meera Iyer', pincode: '110016' });
      expect((await sent.response())?.ok()).toBe(true);
      expect(await unlabelled(root)).toEqual([]);

      const leads: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/v2/carts/htoLeads')) leads.push(r.url());
      });
      await root.getByLabel('Address').fill('12 Park Lane, Hauz Khas, New Delhi');
      await root.getByRole('button', { name: 'Book home visit' }).click();
      const booked = root.getByRole('region', { name: 'Your home visit is booked' });
      await expect(booked).toBeVisible();
      await expect(booked).not.toHaveText(ISO_DATE);
      await expect(booked).toContainText('Status: Confirmed');
      await expect(booked).not.toContainText('OPEN');
      expect(leads).toEqual([]); // one lead per number
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    });

    test('a failed home try-on lead does not stop the booking', async ({ page }) => {
      let asked = 0;
      await page.route('**/v2/carts/htoLeads', (route) => {
        asked += 1;
        return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Leads are down' }) });
      });
      const root = await slotsFor(page, '110016');
      await root.getByRole('button', { name: WINDOW, disabled: false }).first().click();
      await root.getByLabel('Full name').fill('Ravi Kumar');
      await root.getByLabel('Mobile number', { exact: true }).fill(phone.replace(/^97/, '96'));
      await root.getByLabel('Address').fill('4 Ring Road, New Delhi');
      await root.getByRole('button', { name: 'Book home visit' }).click();
      await expect(root.getByRole('heading', { name: 'Your home visit is booked' })).toBeVisible();
      await expect(root.getByText('Leads are down')).toHaveCount(0);
      expect(asked).toBe(1);
    });

    test('the store visit shows days, windows, times and opening hours in words', async ({ page }) => {
      await page.goto('/test-your-vision');
      const root = page.getByTestId('appointments-TestYourVisionPage');
      await root.getByLabel('Pincode or area').fill('110016');
      await root.getByRole('button', { name: 'Find stores' }).click();
      const first = root.getByRole('list', { name: 'Find a store near you' }).getByRole('listitem').first();
      await expect(first).toContainText(/Open \d{1,2}:00\s?[ap]m - \d{1,2}:00\s?[ap]m/i);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await first.getByRole('button', { name: /^Select / }).click();

      const date = root.getByLabel('Date');
      await expect(date).toBeVisible();
      for (const text of await date.locator('option').allTextContents()) expect(text).not.toMatch(ISO_DATE);
      await expect(root.getByRole('heading', { name: /^Available times on / })).not.toHaveText(ISO_DATE);
      const window = root.getByRole('group').first();
      await aDayWithTimes(root, date, window);
      expect(await window.locator('legend').textContent()).toMatch(WINDOW);
      for (const time of await window.getByRole('button').allTextContents()) expect(time).toMatch(TIME);
      expect(await unlabelled(root)).toEqual([]);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
    });

    test("the cart's studio flow shows its days and times in words", async ({ page }) => {
      await page.goto('/test-your-vision?flow=studio');
      const root = page.getByTestId('appointments-TestYourVisionPage');
      await root.getByRole('button', { name: /^Select Clearview Studio, Bandra West/ }).click();
      const dialog = page.getByRole('dialog', { name: /Choose a time at Clearview Studio, Bandra West/ });
      const day = dialog.getByLabel('Date');
      await expect(day).toBeVisible();
      for (const text of await day.locator('option').allTextContents()) expect(text).not.toMatch(ISO_DATE);
      const time = dialog.getByRole('button', { name: TIME }).first();
      await aDayWithTimes(dialog, day, time);
      await time.click();
      await dialog.getByLabel('Full name').fill('Karan Shah');
      await dialog.getByLabel('Mobile number').fill('9123456780');
      await dialog.getByRole('button', { name: 'Book eye test' }).click();
      const thanks = root.getByRole('region', { name: 'Thank you! Your studio visit is booked' });
      await expect(thanks).toBeVisible();
      await expect(thanks).not.toHaveText(ISO_DATE);
      await expect(thanks).toContainText(/ at \d{1,2}:\d{2}\s?[ap]m\./i);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
    });
  });
}

test.describe('appointments at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the HTO page and test your vision do not scroll sideways', async ({ page }) => {
    const root = await slotsFor(page, '110016');
    await root.getByRole('button', { name: WINDOW, disabled: false }).first().click();
    await expect(root.getByLabel('Address')).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    await page.goto('/test-your-vision');
    const visit = page.getByTestId('appointments-TestYourVisionPage');
    await visit.getByLabel('Pincode or area').fill('110016');
    await visit.getByRole('button', { name: 'Find stores' }).click();
    await visit
      .getByRole('list', { name: 'Find a store near you' })
      .getByRole('button', { name: /^Select / })
      .first()
      .click();
    await expect(visit.getByLabel('Date')).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });
});
