import { test } from '@playwright/test';
import { MAIN_PAGES, WIDTHS } from '../support/main-pages';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(new URL('../../docs/screens/', import.meta.url));

for (const { name: width, viewport } of WIDTHS) {
  test.describe(width, () => {
    test.use({ viewport });
    for (const [file, url, ready] of MAIN_PAGES) {
      test(`${file} at ${viewport.width} px`, async ({ page }) => {
        await page.goto(url);
        await ready(page);
        await page.waitForLoadState('networkidle');
        // Fonts and images in place, the caret and animations still.
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: `${OUT}${file}-${width}.png`, animations: 'disabled', caret: 'hide' });
      });
    }
  });
}
