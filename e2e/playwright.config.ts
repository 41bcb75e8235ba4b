import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/chromium';

export const E2E_PORT = Number(process.env.E2E_PORT || 4310);

/**
 * One configuration that starts the whole site: the edge server over the production builds
 * deployed into .deploy-e2e (see prepare.mjs), driven in Debian's Chromium.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `node ../tools/serve/edge.mjs --root ../.deploy-e2e --port ${E2E_PORT} --api http://127.0.0.1:9`,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
