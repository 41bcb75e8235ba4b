import { useMemo } from 'react';
import { accountRoutes, buildUrl, type ApiClient, type LoginResult, type RegisterCustomer } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';

/** What a sign-in form hands up once the API logged the shopper in (the auth flow takes over). */
export type OnLogin = (result: LoginResult) => void;

/** The login calls of the popup and the social link page, over the page's client. */
function loginApi(client: ApiClient) {
  const a = accountRoutes;
  return {
    register: (body: RegisterCustomer) => client.call(a.register, { body }),
    /** `captcha`: asked for past the account's free failures from a browser that never signed in to it (docs/adr/042). */
    authenticate: (email: string, password: string, captcha?: string) =>
      client.call(a.authenticate, { body: { email, password, ...(captcha ? { captcha } : {}) } }),
    accountInfo: (query: { email?: string; telephone?: string; phoneCode?: string }) => client.call(a.accountInfo, { query }),
    sendOtp: (telephone: string, phoneCode: string, captcha?: string) =>
      client.call(a.sendOtp, { body: { telephone, phoneCode, ...(captcha ? { captcha } : {}) } }),
    /** `newAccount`: the shopper chose a new account with a number that sits unconfirmed on another (issue 40). */
    mobileLogin: (telephone: string, phoneCode: string, code: string, newAccount = false) =>
      client.call(a.mobileAuthenticate, { body: { telephone, phoneCode, code, ...(newAccount ? { newAccount } : {}) } }),
    forgotPassword: (emailAddress: string) => client.call(a.forgotPassword, { body: { emailAddress } }),
    /** Social sign-in waiting for proof (docs/adr/020): a code to its e-mail, the proof. */
    socialLinkCode: () => client.call(a.socialLinkCode),
    socialLinkConfirm: (body: { password: string; captcha?: string } | { code: string }) => client.call(a.socialLinkConfirm, { body }),
  };
}

export function useLoginApi() {
  const client = useApiClient();
  return useMemo(() => loginApi(client), [client]);
}

/**
 * Where a social button goes: a browser navigation to the API's start route, which redirects
 * to the identity provider (docs/adr/020). It comes back to `returnTo`, logged in, or to the
 * "link your account" page.
 */
export function socialStartUrl(provider: 'google' | 'facebook' | 'apple', returnTo: string, country: string) {
  return buildUrl('/api', accountRoutes.socialStart.path.replace(':accountType', provider), { returnTo, country });
}

/**
 * The page to come back to after a sign-in that leaves the site: this one, without the
 * `type=login` that opens the login popup by itself (the shopper is signed in by then).
 */
export function pageAfterLogin(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  if (params.get('type') === 'login') params.delete('type');
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}`;
}
