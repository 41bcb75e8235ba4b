import { Suspense, use, useCallback, useEffect, useId, useRef, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { reachabilityMark, useRemoteSettings, useStoreUnreachableSince, type RemoteSettings } from '@eyewear/api-client';
import { ApiClientProvider, useHydrated, usePageStore, useRenderEnv } from '@eyewear/event-bus';
import { type RemoteId } from '@eyewear/federation';
import { useCountry, useMessages } from '@eyewear/i18n';
import { useLocation } from '@eyewear/router';
import { AreaFallback, StoreUnreachable } from '@eyewear/ui';
import { useApi } from './api-context';
import { AreaBoundary } from './area-boundary';
import { remoteBuild } from './builds';
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
  // The remote's calls name its build (x-eyewear-build), so the API counts its answers by it.
  return (
    <ApiClientProvider build={remoteBuild(remote)}>
      <Module {...props} />
    </ApiClientProvider>
  );
}

/** The attribute of a slot whose hydration waits (bootstrap's controls check leaves it out). */
export const DEFERRED_SLOT_ATTRIBUTE = 'data-hydrate-when';
const REACHING = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * A slot (another remote's piece inside a page). On a page the browser hydrates, it is not
 * hydrated with the page (issue 19: off-screen widgets hydrate on visibility): until it comes
 * into view or the shopper reaches for it (pointer, focus, touch), it keeps the server's HTML as
 * it is (read from the document while hydrating, so the page hydrates without the slot's remote),
 * and its remote's entry and chunk are no part of the page's first load. Then it renders live,
 * the server's HTML standing in while its code loads. Rendered on the server, or in the browser
 * after a route change, it is live at once.
 *
 * (Not a Suspense boundary left dehydrated: the first update of a context above it, such as
 * the router's, made React give up a boundary still waiting and render its fallback instead.)
 */
function SlotModule<P extends object>({ remote, expose, props }: { remote: RemoteId; expose: string; props: P }) {
  const env = useRenderEnv();
  const id = useId();
  const hydrating = !useHydrated() && !env.server;
  // The server's HTML of this slot, as the document holds it (hydrating only).
  const [served] = useState(() => (hydrating ? (globalThis.document?.getElementById(id)?.innerHTML ?? null) : null));
  const [live, setLive] = useState(served === null);
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (live) return undefined;
    const reach = () => setLive(true);
    if (!node || typeof IntersectionObserver === 'undefined') {
      reach();
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) reach();
    });
    observer.observe(node);
    for (const type of REACHING) node.addEventListener(type, reach, { passive: true });
    return () => {
      observer.disconnect();
      for (const type of REACHING) node.removeEventListener(type, reach);
    };
  }, [live]);
  const attributes = { ref, id, className: 'shell-slot', [DEFERRED_SLOT_ATTRIBUTE]: 'visible' };
  if (!live && served !== null) return <span {...attributes} dangerouslySetInnerHTML={{ __html: served }} />;
  return (
    <span {...attributes}>
      <Suspense fallback={served !== null ? <span className="shell-slot__served" dangerouslySetInnerHTML={{ __html: served }} /> : null}>
        <RemoteModule remote={remote} expose={expose} props={props} />
      </Suspense>
    </span>
  );
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
  const pageStore = usePageStore();
  // Retrying forgets the remote's build: its area is gone for good, so are its sagas (its
  // components start them again as they mount, from the build loaded now).
  const retry = useCallback(() => {
    loader.forgetRemote(remote);
    pageStore.stopArea(remote);
    setAttempt((n) => n + 1);
  }, [loader, pageStore, remote]);
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
      ) : variant === 'slot' ? (
        <SlotModule remote={remote} expose={expose} props={props} />
      ) : (
        <Suspense fallback={null}>
          <RemoteModule remote={remote} expose={expose} props={props} />
        </Suspense>
      )}
    </AreaBoundary>
  );
}
