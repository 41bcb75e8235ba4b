/**
 * The test kit every remote uses (issue 18, item 1): what the shell gives a remote (the page
 * store with the shell's session and exchange sagas, a router, the country, the API client,
 * the slots), sessions, and one way to render a page or a fragment. Every action is recorded.
 * The fake API is `fakeApi` of `@eyewear/api-client/testing`.
 */
import { render } from '@testing-library/react';
import { type ComponentType, type ReactElement, type ReactNode } from 'react';
import { take } from 'redux-saga/effects';
import type { ApiClient } from '@eyewear/api-client';
import { fakeApi } from '@eyewear/api-client/testing';
import { type SlotName, type SlotProps } from '@eyewear/federation';
import { I18nProvider, type CountryCode } from '@eyewear/i18n';
import { MemoryRouter, Route, Routes, useLocation } from '@eyewear/router';
import { GUEST_SESSION, sessionChanged, type SessionPayload } from './events';
import { ApiClientProvider } from './query';
import { PageStoreProvider } from './react';
import { exchangeSession, sessionFromAuth } from './saga';
import { SlotProvider } from './slots';
import { createPageStore, type PageStore } from './store';

export const GUEST: SessionPayload = GUEST_SESSION;
export const CUSTOMER: SessionPayload = { ...GUEST_SESSION, login: true, customerId: 42, firstName: 'Asha', hasPlacedOrder: true };

export interface RecordedAction {
  type: string;
  payload?: unknown;
}

/**
 * A page store as the shell makes it: the shell's session and exchange sagas run (so a login
 * becomes `session/changed`), `session` is published when given, and every action is recorded.
 */
export function createTestPageStore({ session = GUEST as SessionPayload | null } = {}) {
  const pageStore = createPageStore();
  const actions: RecordedAction[] = [];
  pageStore.runSaga('test/recorder', function* record() {
    while (true) actions.push((yield take('*')) as RecordedAction);
  });
  pageStore.runSaga('shell/session-from-auth', sessionFromAuth);
  pageStore.runSaga('shell/exchange', exchangeSession);
  if (session) pageStore.store.dispatch(sessionChanged(session));
  /** The recorded actions of one type, oldest first. */
  const actionsOf = (type: string) => actions.filter((action) => action.type === type);
  return { pageStore, store: pageStore.store, actions, actionsOf };
}

export type SlotFakes = { [N in SlotName]?: ComponentType<SlotProps[N]> };

export interface RenderOptions {
  /** The URL the router starts at. */
  url?: string;
  /** The route pattern the page is mounted at (its `:params`); every path by default. */
  path?: string;
  country?: CountryCode;
  /** The session the shell published; `null` for none yet (the shell still checking). */
  session?: SessionPayload | null;
  /** The API client, usually `fakeApi(...).client`; without it, a fake that answers nothing (404). */
  api?: ApiClient;
  /** A page store of the test's own (from `createTestPageStore`). */
  pageStore?: ReturnType<typeof createTestPageStore>;
  /** Stand-ins for other remotes' slots; a slot without one renders nothing. */
  slots?: SlotFakes;
}

function Where() {
  const location = useLocation();
  return <output data-testid="location" hidden>{`${location.pathname}${location.search}`}</output>;
}

function withShell(ui: ReactElement, options: RenderOptions, routed: boolean) {
  const test = options.pageStore ?? createTestPageStore({ session: options.session === undefined ? GUEST : options.session });
  const slots = options.slots ?? {};
  const renderSlot = <N extends SlotName>(name: N, props: SlotProps[N]) => {
    const Fake = slots[name] as ComponentType<SlotProps[N]> | undefined;
    return Fake ? <Fake {...props} /> : null;
  };
  // The shell around the page is RTL's wrapper, so `rerender(<Page other props />)` keeps the
  // router, the store and the client, as a prop change in the shell would.
  const initialEntries = [options.url ?? '/'];
  // A test never reaches a network: without a fake of its own, every call answers 404.
  const api = options.api ?? fakeApi().client;
  function Shell({ children }: { children: ReactNode }) {
    const tree = (
      <PageStoreProvider pageStore={test.pageStore}>
        <MemoryRouter initialEntries={initialEntries}>
          <I18nProvider country={options.country ?? 'in'}>
            <SlotProvider render={renderSlot}>
              {routed ? (
                <Routes>
                  <Route path={options.path ?? '*'} element={children} />
                </Routes>
              ) : (
                children
              )}
              <Where />
            </SlotProvider>
          </I18nProvider>
        </MemoryRouter>
      </PageStoreProvider>
    );
    return <ApiClientProvider client={api}>{tree}</ApiClientProvider>;
  }
  const view = render(ui, { wrapper: Shell });
  return { ...view, ...test, pageStore: test.pageStore as PageStore };
}

/** Renders a page (an exposed page or a feature's view) at `url`, inside what the shell gives it. */
export function renderPage(ui: ReactElement, options: RenderOptions = {}) {
  return withShell(ui, options, true);
}

/** Renders a fragment (a popup, a panel, a slot's module): the same surroundings, no route of its own. */
export function renderFragment(ui: ReactElement, options: RenderOptions = {}) {
  return withShell(ui, options, false);
}
