import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run screens`: the site's main pages at a phone's width and a desktop's, saved as PNG files
 * in docs/screens/ (issue 20), so a reviewer can look at the store without running it. The same
 * site as the journeys (production builds behind the edge, a fresh database, Debian's Chromium).
 */
export default defineConfig({ ...base, testDir: './screens', retries: 0, workers: 1 });
