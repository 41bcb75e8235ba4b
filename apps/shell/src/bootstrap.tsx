import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createPageStore } from '@eyewear/event-bus';
import { countryFromLocation } from '@eyewear/i18n';
import { App } from './app/app';
import { createAreaLoader } from './app/federation';
import { shellSlice } from './app/shell-slice';
import { createReporter } from './app/telemetry';
import './styles.css';

const pageStore = createPageStore({ [shellSlice.reducerPath]: shellSlice.reducer });
const loader = createAreaLoader(createReporter(pageStore));
const country = countryFromLocation(window.location.hostname, window.location.pathname);

// Read remotes.json while React renders the first frame; areas wait for it.
loader.ensureFederation().catch(() => undefined);

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App pageStore={pageStore} country={country} loader={loader} />
    </StrictMode>,
  );
}
