import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { call } from 'redux-saga/effects';
import { createApiClient } from '@eyewear/api-client';
import { createPageStore } from '@eyewear/event-bus';
import { countryFromLocation, countryPathPrefix } from '@eyewear/i18n';
import { App } from './app/app';
import { createAreaLoader, onRecoverableError } from './app/federation';
import { preloadOnIntent } from './app/intent-preload';
import { sessionSaga } from './app/session/session-saga';
import { shellSlice } from './app/shell-slice';
import { createReporter } from './app/telemetry';
import './styles.css';

const country = countryFromLocation(window.location.hostname, window.location.pathname);
const api = createApiClient({ country });
const pageStore = createPageStore({ [shellSlice.reducerPath]: shellSlice.reducer });
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
  createRoot(container, { onRecoverableError }).render(
    <StrictMode>
      <App pageStore={pageStore} country={country} loader={loader} api={api} basename={countryPathPrefix(window.location.pathname)} />
    </StrictMode>,
  );
}
