import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { MAIN_PAGES, WIDTHS } from '../support/main-pages';

/**
 * Accessibility (issue 20): axe finds no serious or critical WCAG 2.1 A/AA violation on the
 * main pages, at a phone's width and a desktop's.
 */
for (const { name: width, viewport } of WIDTHS) {
  test.describe(`axe at ${width} width`, () => {
    test.use({ viewport });
    for (const [name, url, ready] of MAIN_PAGES) {
      test(`${name} (${url}) has no serious or critical violation`, async ({ page }) => {
        await page.goto(url);
        await ready(page);
        // Let late content (carousels, images, the session) settle before the scan.
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id}: ${violation.nodes
                .map((node) => node.target.join(' '))
                .slice(0, 4)
                .join(' | ')}`,
          );
        expect(serious).toEqual([]);
      });
    }
  });
}
