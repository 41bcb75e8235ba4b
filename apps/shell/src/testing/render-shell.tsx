import { act, render } from '@testing-library/react';
import { forgetSettings } from '@eyewear/api-client';
import { createPageStore, exchangeSession } from '@eyewear/event-bus';
import { App } from '../app/app';
import { createAreaLoader } from '../app/federation';
import { resetFooter } from '../app/footer/footer';
import { resetNavigation } from '../app/header/use-navigation';
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

export function answerRemotesJson(body: unknown = REMOTES_JSON, status = 200) {
  global.fetch = jest.fn(async () => ({ ok: status < 400, status, json: async () => body })) as unknown as typeof fetch;
}

/**
 * Renders the whole shell at a URL with a fresh area loader, so one test's loaded modules
 * never leak into the next. The federation runtime is the test's mock (TOOLCHAIN.md trap 8);
 * composition for real is covered by the Playwright journeys.
 */
export const NAVIGATION = {
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

export const FOOTER = {
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

type Answer = (input?: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown }) => unknown;

/**
 * The API as the shell sees it: answers the routing lookup from a table of URLs, and the
 * shell's own calls with fixtures (override any call by its route name).
 */
export function fakeApi(routes: Record<string, string> = {}, answers: Record<string, Answer> = {}) {
  const defaults: Record<string, Answer> = {
    'utility.routing': (input) => ({ result: { path: routes[input?.query?.url ?? ''] ?? 'na:' } }),
    'content.navigation': () => ({ result: NAVIGATION }),
    'content.mobileNavigation': () => ({ result: NAVIGATION }),
    'content.footer': () => ({ result: FOOTER }),
    'marketing.location': () => ({ result: { audienceType: 'domestic', country: 'in', city: 'Bengaluru' } }),
    'catalogue.trending': () => ({ result: { desktop: [{ name: 'Round eyeglasses', url: '/search?q=round%20eyeglasses' }], mobile: [] } }),
    'reviews.siteRating': () => ({ result: { average_score: 4.4, total_reviews: 1164 } }),
    'content.settings': () => ({ result: { ERROR_BOUNDARY_MESSAGE: 'We could not show this part of the page. The rest of the store still works.' } }),
  };
  const table = { ...defaults, ...answers };
  return {
    call: jest.fn(async (route: { name: string }, input?: Parameters<Answer>[0]) => {
      const answer = table[route.name];
      if (!answer) throw new Error(`fakeApi: no answer for ${route.name}`);
      return answer(input);
    }),
  };
}

export async function renderShell(url: string, api = fakeApi()) {
  window.history.pushState({}, '', url);
  resetNavigation();
  resetFooter();
  // Each render is a new page: the remote settings are fetched again.
  forgetSettings();
  const pageStore = createPageStore({ [shellSlice.reducerPath]: shellSlice.reducer });
  // The exchange part of the shell's session saga (bootstrap runs all of it).
  pageStore.runSaga('shell/exchange', exchangeSession);
  const report = jest.fn();
  const loader = createAreaLoader(report);
  let utils!: ReturnType<typeof render>;
  await act(async () => {
    utils = render(<App pageStore={pageStore} country="in" loader={loader} api={api as never} />);
  });
  return { ...utils, report, pageStore };
}
