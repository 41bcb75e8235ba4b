/**
 * `@eyewear/event-bus/server-testing`. A page rendered as the edge renders it (issue 19), and hydrated as the browser hydrates it:
 * the same tree on both sides (the shell's providers around the page), a server render
 * environment, the head collector and a fresh page store on the server; in the browser a store
 * that starts from the server's state and the server's query answers. `renderPage` of the event
 * bus's test kit is jsdom's client render, so the server's side is composed here.
 *
 * A test that renders both sides in one process renders the server's in modules of its own
 * (`jest.isolateModulesAsync`, as the edge is another process): React's server renderer leaves
 * its last context values in the context objects it shares with the client renderer.
 */
import { Writable } from 'node:stream';
import { setImmediate as nodeSetImmediate } from 'node:timers';
import type { ReactElement } from 'react';
// The Node build whatever the test environment (jsdom's tests resolve the browser build).
import { renderToPipeableStream } from 'react-dom/server.node';
import type { ApiClient } from '@eyewear/api-client';
import { ApiClientProvider } from './query';
import { PageStoreProvider } from './react';
import { QueryCache, RenderEnvProvider, type RenderEnv } from './render-env';
import { SlotProvider } from './slots';
import { createPageStore, type PageStore } from './store';
import { I18nProvider, ServerHeadProvider, type CountryCode, type ServerHead } from '@eyewear/i18n';
import { MemoryRouter, Route, Routes } from '@eyewear/router';

// React's Node renderer schedules with setImmediate, which jsdom's environment does not expose.
globalThis.setImmediate ??= nodeSetImmediate;

export interface ShellOptions {
  /** The URL the page is at. */
  url: string;
  /** The route pattern the page is mounted at (its `:params`); every path by default. */
  path?: string;
  country?: CountryCode;
  api: ApiClient;
}

export const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
export const CRAWLER_AGENT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The page inside what the shell gives it; the head collector only on the server. */
export function shellTree(ui: ReactElement, options: ShellOptions, pageStore: PageStore, env: RenderEnv, head?: ServerHead): ReactElement {
  const tree = (
    <RenderEnvProvider env={env}>
      <PageStoreProvider pageStore={pageStore}>
        <I18nProvider country={options.country ?? 'in'}>
          <MemoryRouter initialEntries={[options.url]}>
            <ApiClientProvider client={options.api}>
              <SlotProvider render={() => null}>
                <Routes>
                  <Route path={options.path ?? '*'} element={ui} />
                </Routes>
              </SlotProvider>
            </ApiClientProvider>
          </MemoryRouter>
        </I18nProvider>
      </PageStoreProvider>
    </RenderEnvProvider>
  );
  return head ? <ServerHeadProvider head={head}>{tree}</ServerHeadProvider> : tree;
}

export interface ServerRendered {
  html: string;
  head: ServerHead;
  /** The store's state and the query answers, as the document carries them (JSON). */
  state: Record<string, unknown>;
  queries: Record<string, unknown>;
  mobile: boolean;
  userAgent: string;
  /** Errors React reported while rendering (a boundary the browser would render instead). */
  errors: unknown[];
}

/** Streams the page once every Suspense boundary is ready, as the edge does. */
export function renderOnServer(ui: ReactElement, options: ShellOptions & { userAgent?: string; mobile?: boolean }): Promise<ServerRendered> {
  const userAgent = options.userAgent ?? BROWSER_AGENT;
  const mobile = options.mobile ?? false;
  const pageStore = createPageStore();
  const env: RenderEnv = { server: true, userAgent, mobile, queries: new QueryCache() };
  const head: ServerHead = { alternates: [], jsonLd: [] };
  const errors: unknown[] = [];
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
        resolve({ html, head, state: json(pageStore.store.getState()), queries: json(env.queries.toJSON()), mobile, userAgent, errors });
        done();
      },
    });
    const stream = renderToPipeableStream(shellTree(ui, options, pageStore, env, head), {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        errors.push(error);
      },
    });
  });
}

/** The browser's store and render environment as the shell makes them from a server's document. */
export function browserSide(server: ServerRendered): { pageStore: PageStore; env: RenderEnv } {
  return {
    pageStore: createPageStore({}, server.state),
    env: { server: false, userAgent: server.userAgent, mobile: server.mobile, queries: new QueryCache(server.queries) },
  };
}
