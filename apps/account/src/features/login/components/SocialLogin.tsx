import { formatMessage, useCountry, useMessages } from '@eyewear/i18n';
import { pageAfterLogin, socialStartUrl } from '../api';
import { loginMessages } from '../messages';

const PROVIDERS = [
  { id: 'google', name: 'Google' },
  { id: 'facebook', name: 'Facebook' },
] as const;

/**
 * Social sign-in: each button navigates to the API's start route, which sends the browser to
 * the identity provider (OpenID Connect, docs/adr/020; in local mode the simulated provider's
 * consent page). The browser comes back to `returnTo` logged in, or to the page that asks for
 * proof before the identity is linked to an existing account.
 */
export function SocialLogin({ returnTo }: { returnTo?: string }) {
  const m = useMessages(loginMessages);
  const country = useCountry();
  const back = returnTo ?? (typeof window === 'undefined' ? '/' : pageAfterLogin(window.location.pathname, window.location.search));
  return (
    <div className="acc-social">
      <p className="acc-note">{m.orContinue}</p>
      {PROVIDERS.map((p) => (
        <a key={p.id} className="ui-button acc-social__button" href={socialStartUrl(p.id, back, country)}>
          {formatMessage(m.social, { provider: p.name })}
        </a>
      ))}
    </div>
  );
}
