import { lazy, Suspense, useState } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { SkeletonGrid, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';
import { SafeHtml } from '../features/cms/SafeHtml';
import { useCmsPage } from '../features/cms/use-cms-page';
import '../shared/catalog.css';

// Only one CMS page has a form: its code loads with it.
const LeadForm = lazy(() => import('../features/cms/LeadForm').then((mod) => ({ default: mod.LeadForm })));

/** CMS pages (customer feedback, set, reviews, gallery, support, mobile app, lead gen, SEO `cms:` pages). */
export default function CmsPage({ props }: RemotePageProps) {
  const m = useMessages(messages);
  const name = props['page'] ?? '';
  const [attempt, setAttempt] = useState(0);
  const state = useCmsPage(name, attempt);
  const title = state.status === 'success' ? state.page.title : m.cmsPageTitle;
  useDocumentTitle(title, m.siteName);
  return (
    <article className="remote-page catalog-cms" data-testid="catalog-CmsPage">
      <h1>{title}</h1>
      {state.status === 'loading' ? <SkeletonGrid rows={2} label={m.pageLoading} /> : null}
      {state.status === 'failure' ? (
        <div className="catalog-state" role="alert">
          <p>{state.notFound ? m.listingNotFoundDetail : m.contentLoadFailed}</p>
          {state.notFound ? (
            <Link to="/">{m.goHome}</Link>
          ) : (
            <button type="button" className="ui-button" onClick={() => setAttempt((n) => n + 1)}>
              {m.retry}
            </button>
          )}
        </div>
      ) : null}
      {state.status === 'success' ? <SafeHtml html={state.page.html} className="catalog-cms__body" /> : null}
      {state.status === 'success' && name === 'lead-gen' ? (
        <Suspense fallback={null}>
          <LeadForm />
        </Suspense>
      ) : null}
    </article>
  );
}
