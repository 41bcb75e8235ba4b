import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors } from '../support/site';

const DENIED = 'Error! Location access has earlier been denied, kindly enable it from the browser setting to access the auto detect location.';

async function bookHomeVisit(page: Page, phone: string): Promise<string> {
  await page.goto('/HTO');
  const root = page.getByTestId('appointments-HtoPage');
  await root.getByLabel('Pincode', { exact: true }).fill('110016');
  await root.getByRole('button', { name: 'Check' }).click();
  await expect(root.getByText('Good news: we visit New Delhi (110016).')).toBeVisible();
  await root
    .getByRole('button', { name: /^12:00\s?pm - 3:00\s?pm$/i })
    .first()
    .click();
  await root.getByLabel('Full name').fill('Meera Iyer');
  await root.getByLabel('Mobile number', { exact: true }).fill(phone);
  await root.getByLabel('Address').fill('12 Park Lane, Hauz Khas, New Delhi');
  await root.getByRole('button', { name: 'Book home visit' }).click();
  await expect(root.getByRole('heading', { name: 'Your home visit is booked' })).toBeVisible();
  await expect(root.getByText(/Your optometrist: /)).toBeVisible();
  const summary = await root.getByText(/Booking HEC-/).textContent();
  return /Booking (HEC-[A-Z0-9]+)/.exec(summary ?? '')![1]!;
}

test.describe('appointments', () => {
  test('a shopper finds a store near a pincode, books a slot, reschedules, then cancels', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/test-your-vision');
    const root = page.getByTestId('appointments-TestYourVisionPage');
    await root.getByLabel('Pincode or area').fill('110016');
    await root.getByRole('button', { name: 'Find stores' }).click();
    const first = root.getByRole('list', { name: 'Find a store near you' }).getByRole('listitem').first();
    await expect(first).toContainText('Lajpat Nagar');
    await expect(first).toContainText('km away');
    await first.getByRole('button', { name: /^Select / }).click();

    const date = root.getByLabel('Date');
    await expect(date).toBeVisible();
    const dates = await date.locator('option').allTextContents();
    await date.selectOption(dates[1]!);
    await expect(root.getByRole('heading', { name: `Available times on ${dates[1]}` })).toBeVisible();
    // The first free time of the day (a retry of this test finds its earlier booking taken).
    const firstTime = root.locator('button[aria-pressed="false"]').first();
    const time = (await firstTime.textContent())!;
    await firstTime.click();
    await root.getByLabel('Full name').fill('Asha Rao');
    await root.getByLabel('Mobile number', { exact: true }).fill('9876543210');
    await root.getByRole('button', { name: 'Book eye test' }).click();
    await expect(root.getByRole('heading', { name: 'Your eye test is booked' })).toBeVisible();
    await expect(root.getByText(new RegExp(`${dates[1]} at ${time}`))).toBeVisible();

    await root.getByRole('button', { name: 'Reschedule' }).click();
    await date.selectOption(dates[2]!);
    await expect(root.getByRole('heading', { name: `Available times on ${dates[2]}` })).toBeVisible();
    const later = root.locator('button[aria-pressed="false"]').last();
    const newTime = (await later.textContent())!;
    await later.click();
    await root.getByRole('button', { name: 'Confirm new time' }).click();
    await expect(root.getByRole('heading', { name: 'Your eye test has been rescheduled' })).toBeVisible();
    await expect(root.getByText(new RegExp(`${dates[2]} at ${newTime}`))).toBeVisible();

    await root.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(root.getByRole('heading', { name: 'Your appointment has been cancelled.' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("an unknown pincode shows 'No Result Found..'", async ({ page }) => {
    await page.goto('/test-your-vision');
    const root = page.getByTestId('appointments-TestYourVisionPage');
    await root.getByLabel('Pincode or area').fill('999999');
    await root.getByRole('button', { name: 'Find stores' }).click();
    await expect(root.getByRole('alert')).toHaveText('No Result Found..');
  });

  test('a shopper books a home try-on, cancels it with a reason, and the SOS page then redirects', async ({ page }) => {
    const errors = collectPageErrors(page);
    const appointmentId = await bookHomeVisit(page, '9812345678');

    await page.goto(`/HTO/sos?appointmentId=${appointmentId}`);
    await expect(page.getByText(new RegExp(`Your visit ${appointmentId} is on its way`))).toBeVisible();

    await page.goto('/HTO');
    await page.getByLabel('Mobile number used to book').fill('9812345678');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('heading', { name: 'Your home visit is booked' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel visit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Why are you cancelling?' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Reason').selectOption('I booked by mistake');
    await dialog.getByRole('button', { name: 'Cancel my visit' }).click();
    await expect(page.getByText('Your home visit has been cancelled.')).toBeVisible();

    await page.goto(`/HTO/sos?appointmentId=${appointmentId}`);
    await expect(page).toHaveURL(/\/HTO\/sos\?error=true$/);
    await expect(page.getByRole('alert')).toContainText('We could not find an open home visit');
    expect(errors).toEqual([]);
  });

  test("the cart's studio flow: a shopper picks a studio and a time in a dialog and is thanked", async ({ page }) => {
    await page.goto('/test-your-vision?flow=studio');
    const root = page.getByTestId('appointments-TestYourVisionPage');
    await expect(root.getByRole('heading', { level: 1, name: 'Book your studio visit' })).toBeVisible();
    await root.getByRole('button', { name: /^Select Clearview Studio, Bandra West/ }).click();
    const dialog = page.getByRole('dialog', { name: /Choose a time at Clearview Studio, Bandra West/ });
    const day = dialog.getByLabel('Date');
    await expect(day).toBeVisible();
    const second = (await day.locator('option').allTextContents())[1]!;
    await day.selectOption(second);
    await expect(dialog.getByRole('heading', { name: `Available times on ${second}` })).toBeVisible();
    await dialog.locator('button[aria-pressed="false"]').first().click();
    await dialog.getByLabel('Full name').fill('Karan Shah');
    await dialog.getByLabel('Mobile number').fill('9123456789');
    await dialog.getByRole('button', { name: 'Book eye test' }).click();
    await expect(root.getByRole('heading', { name: 'Thank you! Your studio visit is booked' })).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test.describe('geolocation denied', () => {
    test.use({ permissions: [] });
    test("shows the spec's message", async ({ page, context }) => {
      await context.clearPermissions();
      await page.goto('/HTO');
      await page.getByRole('button', { name: 'Use my current location' }).click();
      await expect(page.getByRole('alert')).toHaveText(DENIED);
    });
  });

  test.describe('geolocation granted', () => {
    test.use({ permissions: ['geolocation'], geolocation: { latitude: 28.55, longitude: 77.2 } });
    test('finds that home visits reach the shopper', async ({ page }) => {
      await page.goto('/HTO');
      await page.getByRole('button', { name: 'Use my current location' }).click();
      await expect(page.getByText('Good news: we visit New Delhi (110016).')).toBeVisible();
      await expect(page.getByRole('button', { name: /^9:00\s?am - 12:00\s?pm$/i }).first()).toBeVisible();
    });
  });
});
