import { act, render } from '@testing-library/react';
import { forgetSettings, type FooterData, type Navigation } from '@eyewear/api-client';
import { fakeApi, type FakeApi, type FakeHandler, type FakeHandlers } from '@eyewear/api-client/testing';
import { createPageStore, exchangeSession } from '@eyewear/event-bus';
import { App } from '../app/app';
import { createAreaLoader } from '../app/federation';
import { resetFooter } from '../app/footer/footer';
import { resetNavigation } from '../app/header/use-navigation';
import { resetTrending } from '../app/search/typeahead';
import { shellSlice } from '../app/shell-slice';

/** A remotes.json naming every remote, as the edge server serves it. */
export const REMOTES_JSON = {
  schemaVersion: 1,
  remotes: Object.fromEntries(
    ['catalog', 'product', 'cart-checkout', 'account', 'appointments'].map((remote) => [
      remote,
      { stable: { version: '1.0.0', entry: `/remotes/${remote}/1.0.0/mf-manifest.json` } },
    ]),
  ),
};

/**
 * What the area loader reads remotes.json with: this body (and status) instead of the network.
 * It is handed to `createAreaLoader`, as the test kit hands its fake to the API client, so no
 * test patches the global `fetch`.
 */
export function remotesJson(body: unknown = REMOTES_JSON, status = 200): typeof fetch {
  // The loader reads only ok, status and json(); jsdom has no Response.
  return (async () => ({ ok: status < 400, status, json: async () => body })) as unknown as typeof fetch;
}

export const NAVIGATION: Navigation = {
  menu: [
    {
      id: 'eyeglasses',
      label: 'Eyeglasses',
      url: '/eyeglasses.html',
      layout: 'three-col-layout',
      imageUrl: '/api/v2/images/product/128001/front.svg',
      children: [{ id: 'shape', label: 'Shop by shape', children: [{ id: 'cat-3101', label: 'Round', url: '/eyeglasses/round.html' }] }],
    },
    {
      id: 'sunglasses',
      label: 'Sunglasses',
      url: '/sunglasses.html',
      layout: 'two-col-layout',
      children: [{ id: 'g', label: 'More', children: [{ id: 'cat-3201', label: 'Aviator', url: '/sunglasses/aviator.html' }] }],
    },
    {
      id: 'premium',
      label: 'Premium',
      url: '/premium-eyeglasses',
      layout: 'grid',
      children: [{ id: 'cat-3301', label: 'Titanium', url: '/premium-eyeglasses/titanium.html', imageUrl: '/api/v2/images/product/128300/front.svg' }],
    },
    { id: 'eye-test', label: 'Home Eye Test', url: '/HTO' },
  ],
  topBarLinks: [
    { label: 'Compare looks', url: '/compare-looks', kind: 'internal' },
    { label: 'Franchise enquiry', url: 'https://franchise.eyewear.in/', kind: 'external' },
    { label: '1800-202-4444', url: 'tel:18002024444', kind: 'phone' },
  ],
};

export const FOOTER: FooterData = {
  sections: [
    {
      title: 'Services',
      links: [
        { label: 'Home eye test', url: '/HTO' },
        { label: 'Enter my power', url: '#enter-my-power', action: 'enter-my-power' },
        { label: 'Site Map', url: '/sitemap.html' },
      ],
    },
  ],
  bottomRow: [{ label: 'Privacy policy', url: '/privacy-policy.html' }],
  social: [
    { name: 'Instagram', url: 'https://www.instagram.com/eyewear', newTab: true },
    { name: 'X', url: 'https://x.com/eyewear', newTab: false },
  ],
  appStores: [{ name: 'Get it on Google Play', url: '/mobile-app' }],
};

/** The routing lookup answered from a table of URLs (`na:` for a URL it does not know). */
export function routing(routes: Record<string, string>): FakeHandler<'utility.routing'> {
  return ({ query }) => ({ result: { path: routes[query['url'] ?? ''] ?? 'na:' } });
}

/** The answers of the shell's own calls: the fixtures above. */
export const SHELL_ANSWERS: FakeHandlers = {
  'content.navigation': { result: NAVIGATION },
  'content.mobileNavigation': { result: NAVIGATION },
  'content.footer': { result: FOOTER },
  'marketing.location': { result: { audienceType: 'domestic', country: 'in', city: 'Bengaluru' } },
  'catalogue.trending': { result: { desktop: [{ name: 'Round eyeglasses', url: '/search?q=round%20eyeglasses' }], mobile: [] } },
  'reviews.siteRating': { result: { average_score: 4.4, total_reviews: 1164 } },
  'content.settings': { result: { ERROR_BOUNDARY_MESSAGE: 'We could not show this part of the page. The rest of the store still works.' } },
};

/**
 * The API as the shell sees it: the test kit's fake (`fakeApi` of `@eyewear/api-client/testing`,
 * the remotes' own), answering the routing lookup from a table of URLs and the shell's calls
 * with the fixtures; `answers` add or override handlers by route name.
 */
export function shellApi(routes: Record<string, string> = {}, answers: FakeHandlers = {}): FakeApi {
  return fakeApi({ 'utility.routing': routing(routes), ...SHELL_ANSWERS, ...answers });
}

/**
 * Renders the whole shell at a URL with a fresh area loader, so one test's loaded modules
 * never leak into the next; `remotes` answers its read of remotes.json. The federation runtime
 * is the test's mock (TOOLCHAIN.md trap 8); composition for real is covered by the Playwright
 * journeys.
 */
export async function renderShell(url: string, api: FakeApi = shellApi(), remotes: typeof fetch = remotesJson()) {
  window.history.pushState({}, '', url);
  resetNavigation();
  resetFooter();
  resetTrending();
  // Each render is a new page: the remote settings are fetched again.
  forgetSettings();
  const pageStore = createPageStore({ [shellSlice.reducerPath]: shellSlice.reducer });
  // The exchange part of the shell's session saga (bootstrap runs all of it).
  pageStore.runSaga('shell/exchange', exchangeSession);
  const report = jest.fn();
  const loader = createAreaLoader(report, { fetch: remotes });
  let utils!: ReturnType<typeof render>;
  await act(async () => {
    utils = render(<App pageStore={pageStore} country="in" loader={loader} api={api.client} />);
  });
  return { ...utils, report, pageStore };
}
