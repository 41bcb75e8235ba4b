import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/chromium';

export const E2E_PORT = Number(process.env.E2E_PORT || 4310);
export const E2E_API_PORT = Number(process.env.E2E_API_PORT || 4320);
/** The simulated OpenID Connect provider (tools/idp, docs/adr/020) on its own origin. */
export const E2E_IDP_PORT = Number(process.env.E2E_IDP_PORT || 4330);
const SOCIAL_CALLBACK = `http://127.0.0.1:${E2E_PORT}/api/v2/customers/social/callback`;
/** The API's admin listener (127.0.0.1 only; outbox and simulated courier), never behind the edge. */
export const E2E_ADMIN_PORT = Number(process.env.E2E_ADMIN_PORT || 4321);
/**
 * The shared page cache (Varnish, issue 39) in front of the edge: the page-cache journeys ask
 * through it; the others ask the edge itself (baseURL).
 */
export const E2E_CACHE_PORT = Number(process.env.E2E_CACHE_PORT || 4340);

/**
 * One configuration that starts the whole site: the API on a fresh database and the edge
 * server over the production builds deployed into .deploy-e2e (see prepare.mjs), driven in
 * Debian's Chromium.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  // One retry in CI, where a loaded 2-core machine can push a remote past its load deadline;
  // Playwright reports such a test as flaky, so it stays visible.
  retries: process.env.CI ? 1 : 0,
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
  webServer: [
    {
      command: 'node ../tools/idp/main.mjs',
      env: { IDP_PORT: String(E2E_IDP_PORT), IDP_REDIRECT_URIS: SOCIAL_CALLBACK },
      url: `http://127.0.0.1:${E2E_IDP_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // A fresh database per run (prepare.mjs empties the folder).
      command: 'node ../dist/apps/api/main.js',
      env: {
        PORT: String(E2E_API_PORT),
        ADMIN_PORT: String(E2E_ADMIN_PORT),
        STORE_MODE: 'local',
        DATA_DIR: '../.data/e2e-api',
        LOG_LEVEL: 'warn',
        IDP_PORT: String(E2E_IDP_PORT),
        OIDC_REDIRECT_URI: SOCIAL_CALLBACK,
      },
      url: `http://127.0.0.1:${E2E_API_PORT}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: `node ../dist/apps/edge/main.js --root ../.deploy-e2e --port ${E2E_PORT} --api http://127.0.0.1:${E2E_API_PORT}`,
      // Every browser of the suite comes from 127.0.0.1: no per-address limit on new sessions.
      // The edge purges the shared cache in front of it (below) by key, as in production.
      env: { EDGE_MINTS_PER_ADDRESS_MINUTE: '1000000', CDN_PURGE: 'varnish', CDN_PURGE_URLS: `http://127.0.0.1:${E2E_CACHE_PORT}` },
      // Liveness: the edge itself is up (its /healthz also needs the API, docs/adr/022).
      url: `http://127.0.0.1:${E2E_PORT}/livez`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Varnish with the generated VCL in front of the edge (support/varnish.mjs); ready when it
      // passes the edge's liveness through (varnishd compiles its VCL first).
      command: 'node support/varnish.mjs',
      env: { E2E_CACHE_PORT: String(E2E_CACHE_PORT), E2E_PORT: String(E2E_PORT) },
      url: `http://127.0.0.1:${E2E_CACHE_PORT}/livez`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
