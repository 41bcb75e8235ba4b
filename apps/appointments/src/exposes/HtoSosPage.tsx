import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { PageHeading, Skeleton, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

const SosView = lazy(() => import('../features/sos/components/SosView'));

export default function HtoSosPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  useDocumentTitle(m.htoSosPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="appointments-HtoSosPage">
      <PageHeading>{m.htoSosPageTitle}</PageHeading>
      <Suspense fallback={<Skeleton />}>
        <SosView />
      </Suspense>
    </article>
  );
}
