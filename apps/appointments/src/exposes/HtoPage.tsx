import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { PageHeading, Skeleton, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

const HtoFlow = lazy(() => import('../features/hto/components/HtoFlow'));

export default function HtoPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  useDocumentTitle(m.htoPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="appointments-HtoPage">
      <PageHeading>{m.htoPageTitle}</PageHeading>
      <Suspense fallback={<Skeleton />}>
        <HtoFlow />
      </Suspense>
    </article>
  );
}
