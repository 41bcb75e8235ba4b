import { lazy } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { useSearchParams } from '@eyewear/router';
import { messages } from '../app/messages';
import { PageShell } from '../app/page-shell';

const PasswordBody = lazy(() => import('../pages/PasswordBody'));

/** /customer/account/resetpassword (with ?token= from the e-mail) and /customer/account/forgotpassword. */
export default function PasswordPage({ props }: RemotePageProps) {
  const m = useMessages(messages);
  const [search] = useSearchParams();
  const reset = props['mode'] === 'reset';
  return (
    <PageShell testId="account-PasswordPage" title={reset ? m.resetTitle : m.forgotTitle}>
      <PasswordBody mode={reset ? 'reset' : 'forgot'} token={search.get('token') ?? ''} />
    </PageShell>
  );
}
