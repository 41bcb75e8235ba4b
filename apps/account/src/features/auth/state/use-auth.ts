import { useDispatch, useSelector } from 'react-redux';
import { useApiClient, useInjectSaga, useInjectSlice, type LoadStatus } from '@eyewear/event-bus';
import { useNavigate } from '@eyewear/router';
import { authSaga } from './auth-saga';
import { authSlice } from './auth-slice';

/** Full-page navigation; a seam for tests (jsdom cannot navigate). */
export const fullPage = { assign: (url: string) => window.location.assign(url) };

const removeCookie = (name: string) => {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
};

/** The login/logout flow of this remote, running while a component of it is mounted. */
export function useAuth(): { status: LoadStatus; dispatch: ReturnType<typeof useDispatch> } {
  const slice = useInjectSlice(authSlice);
  useInjectSaga('account/auth', authSaga, {
    api: useApiClient(),
    navigate: useNavigate(),
    removeCookie,
    storage: window.sessionStorage,
    assign: (url: string) => fullPage.assign(url),
  });
  return { status: useSelector(slice.selectors.selectAuthStatus), dispatch: useDispatch() };
}
