import { Suspense } from 'react';
import { lazyComponent } from '@eyewear/event-bus';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { SkeletonGrid, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';
import { useCmsPage } from '../features/cms/api';
import { SafeHtml } from '../features/cms/components/SafeHtml';
import '../app/catalog.css';

// Only one CMS page has a form, and one the store list: their code loads with them.
const LeadForm = lazyComponent('catalog/LeadForm', () => import('../features/cms/components/LeadForm').then((mod) => ({ default: mod.LeadForm })));
const StoreLocator = lazyComponent('catalog/StoreLocator', () =>
  import('../features/cms/components/StoreLocator').then((mod) => ({ default: mod.StoreLocator })),
);

/** The CMS page whose body is followed by the API's stores (issue 42). */
const STORE_LOCATOR_PAGE = 'store-locator';

/** CMS pages (customer feedback, set, reviews, gallery, support, mobile app, lead gen, SEO `cms:` pages such as the store locator). */
export default function CmsPage({ props }: RemotePageProps) {
  const m = useMessages(messages);
  const name = props['page'] ?? '';
  const state = useCmsPage(name);
  const title = state.page?.title ?? m.cmsPageTitle;
  useDocumentTitle(title, m.siteName);
  return (
    <article className="remote-page catalog-cms" data-testid="catalog-CmsPage">
      <h1>{title}</h1>
      {state.status === 'loading' ? <SkeletonGrid rows={2} label={m.pageLoading} /> : null}
      {state.status === 'failed' ? (
        <div className="catalog-state" role="alert">
          <p>{state.notFound ? m.listingNotFoundDetail : m.contentLoadFailed}</p>
          {state.notFound ? (
            <Link to="/">{m.goHome}</Link>
          ) : (
            <button type="button" className="ui-button" onClick={state.reload}>
              {m.retry}
            </button>
          )}
        </div>
      ) : null}
      {state.page ? <SafeHtml html={state.page.html} className="catalog-cms__body" /> : null}
      {state.page && name === 'lead-gen' ? (
        <Suspense fallback={null}>
          <LeadForm />
        </Suspense>
      ) : null}
      {state.page && name === STORE_LOCATOR_PAGE ? (
        <Suspense fallback={<SkeletonGrid rows={2} label={m.pageLoading} />}>
          <StoreLocator />
        </Suspense>
      ) : null}
    </article>
  );
}
