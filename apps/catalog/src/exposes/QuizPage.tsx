import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function QuizPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  useDocumentTitle(m.quizPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="catalog-QuizPage">
      <PageHeading>{m.quizPageTitle}</PageHeading>
    </article>
  );
}
