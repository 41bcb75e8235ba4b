import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { takeEvery } from 'redux-saga/effects';
import { Link, useLocation } from '@eyewear/router';
import { cartPopupRequested, loginRequested, usePageStore } from '@eyewear/event-bus';
import { FRAGMENTS, type FragmentName, type RemoteFragmentProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { useAreaLoader } from '../loader-context';
import { messages } from '../messages';
import { RemoteArea } from '../remote-area';

interface Open {
  name: FragmentName;
  options: Readonly<Record<string, string>>;
  opener: HTMLElement | null;
}

interface FragmentControls {
  open(name: FragmentName, options?: Record<string, string>, opener?: HTMLElement | null): void;
  /** Starts loading a fragment's module (hover or focus of its opener), without the progress bar. */
  preload(name: FragmentName): void;
  current: FragmentName | null;
}

const FragmentContext = createContext<FragmentControls | null>(null);

export function useFragments(): FragmentControls {
  const controls = useContext(FragmentContext);
  if (!controls) throw new Error('useFragments: no FragmentHost above');
  return controls;
}

/**
 * Mounts the header's fragments on intent (ADR 005): a click on an opener, `cart/popupRequested`,
 * `auth/loginRequested`, or `type=login` in the URL. Nothing loads on first paint. A fragment
 * whose remote fails shows a compact fallback with a retry and a way out, never a crash.
 */
export function FragmentHost({ children }: { children: ReactNode }) {
  const m = useMessages(messages);
  const loader = useAreaLoader();
  const pageStore = usePageStore();
  const { search } = useLocation();
  const [current, setCurrent] = useState<Open | null>(null);
  const currentRef = useRef(current);
  currentRef.current = current;

  const open = useCallback(
    (name: FragmentName, options: Record<string, string> = {}, opener: HTMLElement | null = null) => {
      // A preload on hover that failed is asked again: the click deserves a fresh try.
      const { remote, expose } = FRAGMENTS[name];
      loader.forgetModuleIfFailed(remote, expose);
      setCurrent({ name, options, opener: opener ?? (document.activeElement as HTMLElement | null) });
    },
    [loader],
  );

  const close = useCallback(() => {
    const opener = currentRef.current?.opener;
    setCurrent(null);
    if (opener && document.contains(opener)) opener.focus();
  }, []);

  const preload = useCallback(
    (name: FragmentName) => {
      const { remote, expose } = FRAGMENTS[name];
      loader.loadModule(remote, expose, { background: true }).catch(() => undefined);
    },
    [loader],
  );

  // Other apps ask for the cart popup and the login popup through the bus.
  useEffect(
    () =>
      pageStore.runSaga('shell/fragments', function* () {
        yield takeEvery(cartPopupRequested.type, (action: ReturnType<typeof cartPopupRequested>) => {
          open('cartPopup', action.payload.addFailed ? { addFailed: 'true' } : {});
        });
        yield takeEvery(loginRequested.type, (action: ReturnType<typeof loginRequested>) => {
          open('loginPopup', { tab: action.payload.tab, ...(action.payload.redirectTo ? { redirectTo: action.payload.redirectTo } : {}) });
        });
      }),
    [pageStore, open],
  );

  // spec "Header": the login popup opens by itself when the URL has type=login.
  useEffect(() => {
    if (new URLSearchParams(search).get('type') === 'login') open('loginPopup', { tab: 'signin' }, null);
  }, [search, open]);

  useEffect(() => {
    if (!current) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [current, close]);

  const controls = useMemo(() => ({ open, preload, current: current?.name ?? null }), [open, preload, current]);
  const fragment = current ? FRAGMENTS[current.name] : null;

  return (
    <FragmentContext.Provider value={controls}>
      {children}
      {current && fragment ? (
        <div className={`shell-fragment shell-fragment--${current.name}`} data-testid={`shell-fragment-${current.name}`}>
          <RemoteArea<RemoteFragmentProps>
            key={current.name}
            variant="fragment"
            remote={fragment.remote}
            expose={fragment.expose}
            props={{ onClose: close, options: current.options }}
            fallbackExtra={
              <span className="shell-fragment__fallback">
                <span>{m.fragmentFailed}</span>
                {current.name === 'cartPopup' ? (
                  <Link to="/cart" onClick={close}>
                    {m.goToCart}
                  </Link>
                ) : null}
                <button type="button" className="ui-button ui-button--link" onClick={close}>
                  {m.fragmentClose}
                </button>
              </span>
            }
          />
        </div>
      ) : null}
    </FragmentContext.Provider>
  );
}
