import { Suspense } from 'react';
import { lazyComponent } from '@eyewear/event-bus';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { PageHeading, SkeletonGrid, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

// The page's body is a lazy chunk, outside the remote's first download. It starts loading when
// this module runs (the page is about to render), not once React has rendered the page.
const View = lazyComponent('product/FrameSizeView', () => import('../features/frame-size/components/FrameSizeView'));
View.preload();

export default function FrameSizePage(_route: RemotePageProps) {
  const m = useMessages(messages);
  useDocumentTitle(m.frameSizePageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="product-FrameSizePage">
      <PageHeading>{m.frameSizePageTitle}</PageHeading>
      <Suspense fallback={<SkeletonGrid rows={1} label={m.loading} />}>
        <View />
      </Suspense>
    </article>
  );
}
