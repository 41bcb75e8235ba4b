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

// Only one CMS page has a form: its code loads with it.
const LeadForm = lazyComponent('catalog/LeadForm', () => import('../features/cms/components/LeadForm').then((mod) => ({ default: mod.LeadForm })));

/** CMS pages (customer feedback, set, reviews, gallery, support, mobile app, lead gen, SEO `cms:` pages). */
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
    </article>
  );
}
