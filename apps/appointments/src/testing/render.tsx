import { type ReactElement } from 'react';
import { createApiClient } from '@eyewear/api-client';
import { createPageStore, PageStoreProvider } from '@eyewear/event-bus';
import { renderWithProviders } from '@eyewear/ui/testing';
import { ApiClientContext } from '../app/api';

type Answer = { status?: number; body: unknown };
/** Answers by "METHOD /path" (query ignored); unknown calls answer 404. Records every request. */
export function fakeApi(answers: Record<string, Answer | ((url: URL, init: RequestInit) => Answer)>) {
  const requests: { method: string; url: URL; body: unknown }[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://test');
    const method = init.method ?? 'GET';
    requests.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const key = `${method} ${url.pathname.replace(/^\/api/, '')}`;
    const found = answers[key];
    const answer = typeof found === 'function' ? found(url, init) : (found ?? { status: 404, body: { message: `no fake for ${key}` } });
    const status = answer.status ?? 200;
    // The client reads only ok, status and text(); jsdom has no Response.
    return { ok: status >= 200 && status < 300, status, text: async () => JSON.stringify(answer.body) };
  });
  const client = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch, cookies: () => 'clientV1_in_active=1' });
  return { client, requests };
}

/** Renders with the router, the country, a page store and the given API client. */
export function renderFlow(ui: ReactElement, { client, url = '/' }: { client: ReturnType<typeof fakeApi>['client']; url?: string }) {
  const pageStore = createPageStore();
  return renderWithProviders(
    <PageStoreProvider pageStore={pageStore}>
      <ApiClientContext.Provider value={client}>{ui}</ApiClientContext.Provider>
    </PageStoreProvider>,
    { url },
  );
}
