import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { SkeletonGrid, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';
import { useCmsPage } from '../features/cms/api';
import { SafeHtml } from '../features/cms/components/SafeHtml';
import '../app/catalog.css';

/** `/quiz_front_page`, outside the shell: server-supplied HTML, sanitized. */
export default function QuizPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  const state = useCmsPage('quiz_front_page');
  const title = state.page?.title ?? m.quizPageTitle;
  useDocumentTitle(title, m.siteName);
  return (
    <article className="remote-page catalog-cms" data-testid="catalog-QuizPage">
      <h1>{title}</h1>
      {state.status === 'loading' ? <SkeletonGrid rows={2} label={m.pageLoading} /> : null}
      {state.status === 'failed' ? <p role="alert">{m.contentLoadFailed}</p> : null}
      {state.page ? <SafeHtml html={state.page.html} className="catalog-cms__body" /> : null}
    </article>
  );
}
