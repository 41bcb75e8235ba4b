import { act, render } from '@testing-library/react';
import { createPageStore } from '@eyewear/event-bus';
import { App } from '../app/app';
import { createAreaLoader } from '../app/federation';
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
/** The API as the shell sees it: answers the routing lookup from a table of URLs. */
export function fakeApi(routes: Record<string, string> = {}) {
  return {
    call: jest.fn(async (_route: unknown, input?: { query?: { url?: string } }) => ({ result: { path: routes[input?.query?.url ?? ''] ?? 'na:' } })),
  };
}

export async function renderShell(url: string, api = fakeApi()) {
  window.history.pushState({}, '', url);
  const pageStore = createPageStore({ [shellSlice.reducerPath]: shellSlice.reducer });
  const report = jest.fn();
  const loader = createAreaLoader(report);
  let utils!: ReturnType<typeof render>;
  await act(async () => {
    utils = render(<App pageStore={pageStore} country="in" loader={loader} api={api as never} />);
  });
  return { ...utils, report, pageStore };
}
