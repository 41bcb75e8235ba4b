import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { useSearchParams } from '@eyewear/router';
import { PageHeading, Skeleton, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

const StoreVisitFlow = lazy(() => import('../features/store-visit/components/StoreVisitFlow'));
const StudioFlow = lazy(() => import('../features/studio/components/StudioFlow'));

/**
 * /test-your-vision: book an eye test at a store near you. With ?flow=studio (the cart's
 * 'continue to select store') it is the studio flow, for the order in ?orderId= when given.
 */
export default function TestYourVisionPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  const [search] = useSearchParams();
  const studio = search.get('flow') === 'studio';
  const orderId = Number(search.get('orderId'));
  const title = studio ? m.studioTitle : m.testYourVisionPageTitle;
  useDocumentTitle(title, m.siteName);
  return (
    <article className="remote-page" data-testid="appointments-TestYourVisionPage">
      <PageHeading>{title}</PageHeading>
      <Suspense fallback={<Skeleton />}>
        {studio ? <StudioFlow orderId={Number.isInteger(orderId) && orderId > 0 ? orderId : undefined} /> : <StoreVisitFlow />}
      </Suspense>
    </article>
  );
}
