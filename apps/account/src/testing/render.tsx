import { render } from '@testing-library/react';
import { type ReactElement } from 'react';
import { take } from 'redux-saga/effects';
import { createPageStore, PageStoreProvider, sessionChanged, sessionFromAuth, type SessionPayload } from '@eyewear/event-bus';
import { I18nProvider } from '@eyewear/i18n';
import { MemoryRouter, Route, Routes, useLocation } from '@eyewear/router';

export const GUEST: SessionPayload = {
  ready: true,
  login: false,
  customerId: null,
  firstName: null,
  hasPlacedOrder: false,
  isLoyalty: false,
  cartCount: 0,
  wishlistCount: 0,
};
export const CUSTOMER: SessionPayload = { ...GUEST, login: true, customerId: 42, firstName: 'Asha' };

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

/**
 * Renders inside what the shell gives a remote: the page store (with the session as the shell
 * published it), a router at `url`, the country. Every action is recorded for assertions.
 */
export function renderInShell(ui: ReactElement, { url = '/', session = GUEST as SessionPayload | null } = {}) {
  const pageStore = createPageStore();
  const actions: { type: string; payload?: unknown }[] = [];
  pageStore.runSaga('test/recorder', function* () {
    while (true) actions.push((yield take('*')) as { type: string; payload?: unknown });
  });
  // The shell's part: it publishes the session after a login or logout.
  pageStore.runSaga('test/shell-session', sessionFromAuth);
  if (session) pageStore.store.dispatch(sessionChanged(session));
  const view = render(
    <PageStoreProvider pageStore={pageStore}>
      <MemoryRouter initialEntries={[url]}>
        <I18nProvider country="in">
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <Where />
        </I18nProvider>
      </MemoryRouter>
    </PageStoreProvider>,
  );
  return { ...view, pageStore, actions };
}

type Answer = { status?: number; body?: unknown } | undefined;
/** A handler may answer later (a Promise): a test can hold a request open. */
type Handler = (init: { method: string; body: unknown; url: URL }) => Answer | Promise<Answer>;

/**
 * A fake API behind the page's client: `routes` maps `METHOD /path` to an answer; anything
 * else answers 404. Returns the calls made.
 */
export function fakeApi(routes: Record<string, Handler | { status?: number; body?: unknown }>) {
  document.cookie = 'clientV1_in_active=1';
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = jest.fn(async (input: string, init: { method?: string; body?: unknown } = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    const answer = typeof route === 'function' ? await route({ method, body, url }) : route;
    const status = answer?.status ?? (answer ? 200 : 404);
    const payload = answer?.body ?? (answer ? {} : { message: `no route ${method} ${path}` });
    return { ok: status < 400, status, text: async () => JSON.stringify(payload) };
  });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  return calls;
}
