import { Suspense, use, useCallback, useEffect, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { reachabilityMark, useRemoteSettings, useStoreUnreachableSince, type RemoteSettings } from '@eyewear/api-client';
import { type RemoteId } from '@eyewear/federation';
import { useCountry, useMessages } from '@eyewear/i18n';
import { useLocation } from '@eyewear/router';
import { AreaFallback, StoreUnreachable } from '@eyewear/ui';
import { useApi } from './api-context';
import { AreaBoundary } from './area-boundary';
import { messages } from './messages';
import { useAreaLoader } from './loader-context';

interface RemoteAreaProps<P extends object> {
  remote: RemoteId;
  expose: string;
  props: P;
  /**
   * Pages get the full fallback and the skeleton; header fragments a compact one; a slot
   * (another remote's piece inside a page, e.g. the wishlist heart) none: the page works without it.
   */
  variant?: 'page' | 'fragment' | 'slot';
  /** Shown beside a fragment's compact fallback (e.g. a close button, a link to the full page). */
  fallbackExtra?: ReactNode;
}

function RemoteModule<P extends object>({ remote, expose, props }: { remote: RemoteId; expose: string; props: P }) {
  const loader = useAreaLoader();
  const Module = use(loader.loadModule<ComponentType<P>>(remote, expose));
  return <Module {...props} />;
}

/**
 * shopping §8 "Render error boundary": a crashed area shows the configurable alert message
 * (setting ERROR_BOUNDARY_MESSAGE), or none when it is configured empty; until the settings
 * are known, or when they hold none, the built-in message.
 */
export function crashMessage(settings: RemoteSettings | null, builtIn: string): string {
  const configured = settings?.ERROR_BOUNDARY_MESSAGE;
  return typeof configured === 'string' ? configured : builtIn;
}

/** A crashed area's fallback: the settings (its message) are read only when an area crashes. */
function CrashFallback({ builtInMessage, ...props }: Omit<ComponentProps<typeof AreaFallback>, 'message'> & { builtInMessage: string }) {
  const settings = useRemoteSettings(useCountry(), useApi());
  return <AreaFallback {...props} message={crashMessage(settings, builtInMessage)} />;
}

/**
 * One area of the page that a remote fills: loads the exposed module and contains any
 * failure to this area with a fallback that retries. While a page loads, the layout shows
 * a skeleton on first load; on a route change the old page stays until the new one is
 * ready, since the router navigates in a transition.
 */
export function RemoteArea<P extends object>({ remote, expose, props, variant = 'page', fallbackExtra }: RemoteAreaProps<P>) {
  const m = useMessages(messages);
  const loader = useAreaLoader();
  const [attempt, setAttempt] = useState(0);
  // When the shopper leaves an area whose module failed to load, forget the failure, so
  // coming back tries again. (Forgetting while rendering would retry in a loop.)
  useEffect(() => () => loader.forgetIfFailed(remote, expose), [loader, remote, expose]);
  const retry = useCallback(() => {
    loader.forgetRemote(remote);
    setAttempt((n) => n + 1);
  }, [loader, remote]);
  // A module that missed its deadline and arrives later replaces the fallback by itself.
  const arrived = useCallback(() => setAttempt((n) => n + 1), []);

  // The store (API) unreachable: a page area shows one shared state instead of its own
  // error or spinner (docs/adr/022). Only failures since the area opened this location
  // count, so a new navigation tries again; Try again remounts the area, which loads its
  // data again.
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const [opened, setOpened] = useState(() => ({ here, since: reachabilityMark() }));
  if (opened.here !== here) setOpened({ here, since: reachabilityMark() });
  const unreachable = useStoreUnreachableSince(opened.since) && variant === 'page';
  const retryStore = useCallback(() => {
    setOpened({ here, since: reachabilityMark() });
    setAttempt((n) => n + 1);
  }, [here]);
  if (unreachable) {
    return (
      <StoreUnreachable
        focusOnMount
        title={m.storeUnreachableTitle}
        message={m.storeUnreachableMessage}
        retryLabel={m.retry}
        onRetry={retryStore}
        testId={`store-unreachable-${remote}`}
      />
    );
  }

  return (
    <AreaBoundary
      key={attempt}
      remote={remote}
      expose={expose}
      report={loader.report}
      onRetry={retry}
      onArrival={arrived}
      release={() => loader.releaseOf(remote, expose)}
      // A canary that crashed while rendering was given up for this page: load (stable) again.
      onCanaryCrash={retry}
      fallback={({ kind, retry: onRetry }) =>
        variant === 'slot' ? null : (
          <>
            {kind === 'render' ? (
              <CrashFallback
                compact={variant === 'fragment'}
                focusOnMount={variant === 'page'}
                title={m.areaCrashedTitle}
                builtInMessage={m.areaCrashedMessage}
                retryLabel={m.retry}
                onRetry={onRetry}
                testId={`shell-fallback-${remote}`}
              />
            ) : (
              <AreaFallback
                compact={variant === 'fragment'}
                focusOnMount={variant === 'page'}
                title={kind === 'load' ? m.areaFailedTitle : m.areaSlowTitle}
                message={kind === 'load' ? m.areaFailedMessage : m.areaSlowMessage}
                retryLabel={m.retry}
                onRetry={onRetry}
                testId={`shell-fallback-${remote}`}
              />
            )}
            {variant === 'fragment' ? fallbackExtra : null}
          </>
        )
      }
    >
      {variant === 'page' ? (
        // Pages suspend to the layout's boundary, which is already on screen: a route change
        // then keeps the old page until the new one is ready.
        <RemoteModule remote={remote} expose={expose} props={props} />
      ) : (
        <Suspense fallback={null}>
          <RemoteModule remote={remote} expose={expose} props={props} />
        </Suspense>
      )}
    </AreaBoundary>
  );
}
