import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { call } from 'redux-saga/effects';
import { createApiClient } from '@eyewear/api-client';
import { createPageStore, QueryCache, type RenderEnv } from '@eyewear/event-bus';
import { adoptInlineManifest } from '@eyewear/federation';
import { countryFromLocation, countryPathPrefix } from '@eyewear/i18n';
import { App } from './app/app';
import { createAreaLoader, onRecoverableError } from './app/federation';
import { preloadOnIntent } from './app/intent-preload';
import { sessionSaga } from './app/session/session-saga';
import { readServerState } from './app/server-state';
import { shellSlice } from './app/shell-slice';
import { createReporter } from './app/telemetry';
import './styles.css';

const country = countryFromLocation(window.location.hostname, window.location.pathname);
const api = createApiClient({ country });
// A page the edge rendered (issue 19) carries its store, its loads' answers and the builds it
// was rendered with: the browser starts from them, so hydration renders what the HTML shows.
const ssr = readServerState(document);
if (ssr) adoptInlineManifest(ssr.manifest);
const pageStore = createPageStore({ [shellSlice.reducerPath]: shellSlice.reducer }, ssr?.state);
const env: RenderEnv = { server: false, userAgent: navigator.userAgent, mobile: ssr?.mobile ?? false, queries: new QueryCache(ssr?.queries) };
const report = createReporter(pageStore, api);
const loader = createAreaLoader(report, { onLoaded: report.loaded });

// Read remotes.json while React renders the first frame; areas wait for it.
loader.ensureFederation().catch(() => undefined);
// A link the shopper points at, focuses or touches starts loading its page's remote.
preloadOnIntent(loader, { basename: countryPathPrefix(window.location.pathname) });
pageStore.runSaga('shell/session', function* () {
  yield call(sessionSaga, { api, cookies: () => document.cookie, country });
});
window.addEventListener('error', (event) =>
  report.pageError(String(event.message || event.error), `${event.filename ?? ''}\n${event.error instanceof Error ? (event.error.stack ?? '') : ''}`),
);

const container = document.getElementById('root');
if (container) {
  const app = (
    <StrictMode>
      <App pageStore={pageStore} country={country} loader={loader} api={api} basename={countryPathPrefix(window.location.pathname)} env={env} />
    </StrictMode>
  );
  if (ssr && container.hasChildNodes()) hydrateRoot(container, app, { onRecoverableError });
  else createRoot(container, { onRecoverableError }).render(app);
}
