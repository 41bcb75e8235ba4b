import { Suspense } from 'react';
import { lazyComponent } from '@eyewear/event-bus';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages, useServerHead } from '@eyewear/i18n';
import { PageHeading, Skeleton, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';
import { productIdOf } from '@eyewear/api-client';

// The page's body is a lazy chunk: the remote's first download stays within its byte budget. It
// starts loading as soon as this module runs (the page is about to render), not once React has
// rendered the page and found it missing: a route change to a product waited for that render.
const ProductView = lazyComponent('product/ProductView', () => import('../features/product/components/ProductView'));
ProductView.preload();

export default function ProductPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const id = productIdOf(params);
  useDocumentTitle(id ? m.productPageTitle : m.productNotFound, m.siteName);
  // An id that is not one answers 404 (issue 19).
  const serverHead = useServerHead();
  if (serverHead && !id) serverHead.status = 404;
  return (
    <article className="remote-page" data-testid="product-ProductPage">
      {id ? (
        <Suspense
          fallback={
            <>
              <PageHeading>{m.productPageTitle}</PageHeading>
              <p role="status" aria-label={m.loadingProduct}>
                <Skeleton height="18rem" />
              </p>
            </>
          }
        >
          <ProductView id={id} />
        </Suspense>
      ) : (
        <PageHeading>{m.productNotFound}</PageHeading>
      )}
    </article>
  );
}
