import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createApiClient } from '@eyewear/api-client';
import type { RenderEnv } from '@eyewear/event-bus';
import { adoptInlineManifest, HYDRATING_ATTRIBUTE, isRemoteId, matchRoute, SLOTS, yieldToMain, type RemoteId } from '@eyewear/federation';
import { countryFromLocation, countryPathPrefix } from '@eyewear/i18n';
import { SHELL_BUILD } from './app/builds';
import { replayEarlyTap } from './app/early-taps';
import { readServerState } from './app/server-state';
import type * as StartPage from './start-page';
import './styles.css';

const country = countryFromLocation(window.location.hostname, window.location.pathname);
// The shell's own calls name its build (x-eyewear-build); each remote's area names its own (remote-area.tsx).
const api = createApiClient({ country, build: SHELL_BUILD });
// A page the edge rendered (issue 19) carries its store, its loads' answers and the builds it
// was rendered with: the browser starts from them, so hydration renders what the HTML shows.
const ssr = readServerState(document);
if (ssr) adoptInlineManifest(ssr.manifest);

/*
 * The shell starts in steps, each a task of its own (`yieldToMain` between them), instead of one
 * long task a phone's main thread is blocked for (issue 19: total blocking time): this chunk's
 * own modules; the store's and loader's modules (start-page.ts, in this chunk: `webpackMode:
 * "eager"` adds no request); the store; the history entry's mark the router would set; the
 * loader and the loads; the session saga; React's renderer (start-dom.ts); the app
 * (start-render.ts); hydration (itself in slices).
 */
async function start() {
  await yieldToMain();
  const {
    call,
    createAreaLoader,
    createPageStore,
    createReporter,
    preloadLazyComponents,
    preloadInView,
    preloadOnIntent,
    QueryCache,
    routedPage,
    sessionSaga,
    shellSlice,
    startPageReads,
  } = await import(/* webpackMode: "eager" */ './start-page');
  await yieldToMain();
  const pageStore = createPageStore({ [shellSlice.reducerPath]: shellSlice.reducer }, ssr?.state);
  await yieldToMain();
  // The router marks the history entry the visit starts on (`replaceState`, 5-20 ms of a
  // phone's main thread): done in a step of its own, not inside hydration's first render.
  if (window.history.state?.idx == null) window.history.replaceState({ ...window.history.state, idx: 0 }, '');
  await yieldToMain();
  const env: RenderEnv = { server: false, userAgent: navigator.userAgent, mobile: ssr?.mobile ?? false, queries: new QueryCache(ssr?.queries) };
  const report = createReporter(pageStore, api);
  const loader = createAreaLoader(report, { onLoaded: report.loaded });

  // Read remotes.json while React renders the first frame; areas wait for it.
  loader.ensureFederation().catch(() => undefined);
  // A link the shopper points at, focuses or touches starts loading its page's remote.
  preloadOnIntent(loader, {
    basename: countryPathPrefix(window.location.pathname),
    // A routed page's first reads (a product's), beside its code.
    onRouted: (path) => {
      const page = routedPage(path);
      if (page) startPageReads(env.queries, api, page);
    },
    // A product's own URL (the routing lookup's): the lookup, the page's remote and reads, on intent.
    onUnrouted: (path) =>
      void import(/* webpackMode: "eager" */ './start-render')
        .then(({ preloadLookedUp }) => preloadLookedUp(api, path, env, (remote, expose) => loader.loadModule(remote, expose, { background: true })))
        .catch(() => undefined),
  });
  // A card in view (its product page) loads that page's code at idle once the page runs (ADR 053).
  preloadInView(loader, { ready: () => !document.getElementById('root')?.hasAttribute(HYDRATING_ATTRIBUTE) });
  window.addEventListener('error', (event) =>
    report.pageError(String(event.message || event.error), `${event.filename ?? ''}\n${event.error instanceof Error ? (event.error.stack ?? '') : ''}`),
  );
  const container = document.getElementById('root');
  const hydrating = container && ssr && container.hasChildNodes() ? loadServerModules(loader, ssr, preloadLazyComponents) : undefined;

  await yieldToMain();
  // The session (and with it the header's name, cart and wishlist counts) is read at once, also
  // on a server-rendered page: hydration reads the server's state (PageStoreProvider's
  // serverState), so the session arriving first cannot make it differ from the HTML.
  pageStore.runSaga('shell/session', function* () {
    yield call(sessionSaga, { api, cookies: () => document.cookie, country });
  });
  if (!container) return;
  await yieldToMain();
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ './start-dom');
  await yieldToMain();
  const { App, DEFERRED_SLOT_ATTRIBUTE, onRecoverableError } = await import(/* webpackMode: "eager" */ './start-render');
  const app = (
    <StrictMode>
      <App
        pageStore={pageStore}
        country={country}
        loader={loader}
        api={api}
        basename={countryPathPrefix(window.location.pathname)}
        env={env}
        serverState={ssr?.state}
      />
    </StrictMode>
  );
  if (!hydrating) {
    createRoot(container, { onRecoverableError }).render(app);
    return;
  }
  const fellBack = await hydrating;
  if (fellBack) {
    // A build the server rendered with that the browser could not load (a canary that failed
    // here and gave way to stable, or any load that failed or came too late): its HTML is not
    // this code's, so the page renders afresh instead of hydrating into a mismatch (the failure
    // is reported by the loader).
    container.replaceChildren();
    container.removeAttribute('disabled');
    container.removeAttribute(HYDRATING_ATTRIBUTE);
    // A tap kept on the server's HTML is let go with it (its button is gone).
    replayEarlyTap();
    createRoot(container, { onRecoverableError }).render(app);
    return;
  }
  // In a transition: React hydrates in slices of a few milliseconds and lets the browser paint
  // and take input in between, instead of one long task per pass (a phone's main thread would
  // be blocked for hundreds of milliseconds). A press on a part not yet hydrated hydrates that
  // part first.
  startTransition(() => {
    hydrateRoot(
      container,
      // The page's one child, as on the server: a sibling beside it would change every `useId`
      // below (React derives them from the tree's shape), so the ids of the HTML (a label's
      // `for`, a combobox's `aria-controls`) would not be React's.
      <Hydrated
        onHydrated={() => {
          // React commits the root first and hydrates each Suspense boundary (the page, its lazy
          // parts) in passes of its own at idle priority: the controls are enabled once every
          // control the server sent is React's, so an input is never made on HTML that is not
          // yet the page's (a change there would be lost).
          whenControlsHydrated(container, DEFERRED_SLOT_ATTRIBUTE, () => {
            container.removeAttribute('disabled');
            container.removeAttribute(HYDRATING_ATTRIBUTE);
            // A button tapped while the page was not React's yet is tapped now (docs/adr/051).
            replayEarlyTap();
          });
        }}
      >
        {app}
      </Hydrated>,
      { onRecoverableError },
    );
  });
}

/**
 * Loads the modules the server rendered the page with (the page's own, which the document
 * preloads, and the pieces of other remotes in it) and its lazy parts, so the page hydrates with
 * the shell in one pass. What
 * fails to load here shows its fallback once hydrated. Resolves whether a build the server
 * rendered with could not be used here.
 */
async function loadServerModules(
  loader: ReturnType<typeof StartPage.createAreaLoader>,
  ssr: NonNullable<ReturnType<typeof readServerState>>,
  preloadLazyComponents: typeof StartPage.preloadLazyComponents,
): Promise<boolean> {
  const route = matchRoute(window.location.pathname.slice(countryPathPrefix(window.location.pathname).length) || '/');
  // A slot's piece is left out: it hydrates when it comes into view (remote-area.tsx SlotModule).
  const slot = (remote: string, expose: string) => Object.values(SLOTS).some((s) => s.remote === remote && s.expose === expose);
  const wanted = [
    ...(route ? [[route.remote, route.expose] as const] : []),
    ...ssr.modules.filter(([remote, expose]) => isRemoteId(remote) && !slot(remote, expose)),
  ];
  // Whether each module loaded (a load that failed, or missed its deadline and arrives late,
  // renders later with whichever build came: not the HTML's to hydrate).
  const loaded = await Promise.all(
    wanted.map(([remote, expose]) =>
      loader.loadModule(remote as RemoteId, expose).then(
        () => true,
        () => false,
      ),
    ),
  );
  await preloadLazyComponents(ssr.lazies);
  return wanted.some(([remote, expose], index) => {
    if (ssr.chosen[remote] === undefined) return false;
    if (!loaded[index]) return true;
    const release = loader.releaseOf(remote as RemoteId, expose);
    return release !== undefined && release.version !== ssr.chosen[remote];
  });
}

/** How long the page's controls wait for their hydration at most (then they work regardless). */
const CONTROLS_WAIT_MS = 5000;

/**
 * Calls `then` once every button, field and list box in `container` belongs to React (React
 * marks the DOM nodes it hydrated with its own properties; a node it has not reached yet has
 * none), checked each frame, and at most CONTROLS_WAIT_MS after hydration began.
 */
function whenControlsHydrated(container: HTMLElement, deferredSlot: string, then: () => void) {
  const started = performance.now();
  const ours = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactProps$'));
  // The controls not React's yet: found once, then only those are looked at again (a page
  // has hundreds of controls; React reaches most of them in its first pass). A control a
  // boundary replaced while hydrating is out of the document and no longer waited for.
  // A slot that hydrates when it comes into view is not waited for (its server HTML stays as sent).
  let waiting = [...container.querySelectorAll('button, input, select, textarea')].filter((node) => !node.closest(`[${deferredSlot}]`));
  const check = () => {
    waiting = waiting.filter((node) => node.isConnected && !ours(node));
    if (waiting.length === 0 || performance.now() - started > CONTROLS_WAIT_MS) then();
    else requestAnimationFrame(check);
  };
  check();
}

/** Renders its child; tells once the hydrated page has committed (its effects run after the page's). */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

void start();
