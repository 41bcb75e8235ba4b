import { Outlet, useLocation } from '@eyewear/router';
import { Suspense, useSyncExternalStore } from 'react';
import { isChromeHidden } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { ProgressBar, SkeletonGrid } from '@eyewear/ui';
import { Banners } from './banners/banners';
import { FederationDebugPanel } from './debug-panel';
import { Footer } from './footer';
import { Header } from './header';
import { FragmentHost } from './header/fragment-host';
import { SlimBar } from './header/slim-bar';
import { useAreaLoader } from './loader-context';
import { PageMeta } from './meta/page-meta';
import { messages } from './messages';
import { ToastHost } from './toast-host';
import { UtmIntake } from './utm-intake';

function NavigationProgress() {
  const m = useMessages(messages);
  const { pending: loads } = useAreaLoader();
  const pending = useSyncExternalStore(loads.subscribe, loads.count, () => 0);
  return <ProgressBar active={pending > 0} label={m.navigationProgress} />;
}

/**
 * Header, banners, page, footer; on the checkout-like paths of the spec, header and footer give
 * way to the slim bar (logo, way out, sign in). The fragments (login, cart, shortlist, account
 * menu) can open on every page: a checkout's "Sign in" asks for the login popup too.
 */
export function ShellLayout() {
  const m = useMessages(messages);
  const { pathname } = useLocation();
  const chrome = !isChromeHidden(pathname);
  return (
    <FragmentHost>
      <a className="shell-skip-link" href="#main">
        {m.skipToContent}
      </a>
      <NavigationProgress />
      <PageMeta />
      <UtmIntake />
      {chrome ? <Header /> : <SlimBar />}
      <Banners />
      <main id="main" className="shell-main" tabIndex={-1}>
        <Suspense fallback={<SkeletonGrid label={m.pageLoading} />}>
          <Outlet />
        </Suspense>
      </main>
      {chrome ? <Footer /> : null}
      <ToastHost />
      <FederationDebugPanel />
    </FragmentHost>
  );
}

/** Pages outside the shell's chrome (the quiz landing). */
export function BareLayout() {
  const m = useMessages(messages);
  return (
    <main id="main" className="shell-main shell-main--bare">
      <NavigationProgress />
      <Suspense fallback={<SkeletonGrid label={m.pageLoading} />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
