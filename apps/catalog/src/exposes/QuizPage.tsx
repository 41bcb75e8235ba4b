import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { SkeletonGrid, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';
import { SafeHtml } from '../features/cms/SafeHtml';
import { useCmsPage } from '../features/cms/use-cms-page';
import '../shared/catalog.css';

/** `/quiz_front_page`, outside the shell: server-supplied HTML, sanitized. */
export default function QuizPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  const state = useCmsPage('quiz_front_page');
  const title = state.status === 'success' ? state.page.title : m.quizPageTitle;
  useDocumentTitle(title, m.siteName);
  return (
    <article className="remote-page catalog-cms" data-testid="catalog-QuizPage">
      <h1>{title}</h1>
      {state.status === 'loading' ? <SkeletonGrid rows={2} label={m.pageLoading} /> : null}
      {state.status === 'failure' ? <p role="alert">{m.contentLoadFailed}</p> : null}
      {state.status === 'success' ? <SafeHtml html={state.page.html} className="catalog-cms__body" /> : null}
    </article>
  );
}
