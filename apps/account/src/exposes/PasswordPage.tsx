import { lazy } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { useSearchParams } from '@eyewear/router';
import { messages } from '../app/messages';
import { PageShell } from '../app/page-shell';

const PasswordBody = lazy(() => import('../features/password/components/PasswordBody'));
const SocialLink = lazy(() => import('../features/login/components/SocialLink').then((module) => ({ default: module.SocialLink })));

/**
 * /customer/account/resetpassword (with ?token= from the e-mail; without one, the change-password
 * form), /customer/account/forgotpassword,
 * and /customer/account/sociallink, where a social sign-in lands when it needs proof or failed
 * (docs/adr/020).
 */
export default function PasswordPage({ props }: RemotePageProps) {
  const m = useMessages(messages);
  const [search] = useSearchParams();
  if (props['mode'] === 'social-link') {
    return (
      <PageShell testId="account-SocialLinkPage" title={m.socialLinkTitle}>
        <SocialLink error={search.get('error')} returnTo={search.get('returnTo')} />
      </PageShell>
    );
  }
  const reset = props['mode'] === 'reset';
  const token = search.get('token') ?? '';
  return (
    <PageShell testId="account-PasswordPage" title={reset ? (token ? m.resetTitle : m.changePasswordTitle) : m.forgotTitle}>
      <PasswordBody mode={reset ? 'reset' : 'forgot'} token={token} />
    </PageShell>
  );
}
