import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useInjectSaga, useInjectSlice, useLatestEvent } from '@eyewear/event-bus';
import { useCountry } from '@eyewear/i18n';
import { useNavigate } from '@eyewear/router';
import { accountApiFor, type AccountApi } from './api';
import { authSaga, authSlice, selectAuth, type AuthState } from './auth';

export function useAccountApi(): AccountApi {
  const country = useCountry();
  return useMemo(() => accountApiFor(country), [country]);
}

/** Full-page navigation; a seam for tests (jsdom cannot navigate). */
export const fullPage = { assign: (url: string) => window.location.assign(url) };

const removeCookie = (name: string) => {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
};

/** The login/logout saga of this remote, running while a component of it is mounted. */
export function useAuth(): { auth: AuthState; dispatch: ReturnType<typeof useDispatch> } {
  useInjectSlice(authSlice);
  const api = useAccountApi();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const saga = useMemo(
    () =>
      function* accountAuth() {
        yield* authSaga({
          api,
          removeCookie,
          storage: window.sessionStorage,
          navigate: (to) => navigateRef.current(to),
          assign: (url) => fullPage.assign(url),
        });
      },
    [api],
  );
  useInjectSaga('account/auth', saga);
  return { auth: useSelector(selectAuth), dispatch: useDispatch() };
}

/** The session as the shell last published it (undefined until the first /me answer). */
export function useSession() {
  return useLatestEvent('session/changed');
}

export type Remote<T> = { status: 'loading'; data?: T } | { status: 'success'; data: T } | { status: 'failed'; error: unknown; data?: T };

/** One data set's load -> success | fail cycle (DESIGN.md "State"), with a reload. */
export function useRemote<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): Remote<T> & { reload(): void } {
  const [state, dispatch] = useReducer((_: Remote<T>, next: Remote<T>) => next, { status: 'loading' } as Remote<T>);
  const [tick, bump] = useReducer((n: number) => n + 1, 0);
  const latest = useRef(state);
  latest.current = state;
  useEffect(() => {
    const controller = new AbortController();
    dispatch({ status: 'loading', data: (latest.current as { data?: T }).data });
    load(controller.signal).then(
      (data) => !controller.signal.aborted && dispatch({ status: 'success', data }),
      (error: unknown) => !controller.signal.aborted && dispatch({ status: 'failed', error }),
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);
  const reload = useCallback(() => bump(), []);
  return { ...state, reload };
}
