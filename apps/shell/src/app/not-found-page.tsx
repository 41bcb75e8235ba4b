import { Link } from '@eyewear/router';
import { useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from './messages';
import { SearchForm } from './search-form';

/** The shell's only page of its own: a way back home and a search box. */
export function NotFoundPage() {
  const m = useMessages(messages);
  useDocumentTitle(m.notFoundTitle, m.siteName);
  return (
    <section className="shell-not-found" data-testid="shell-NotFoundPage">
      <PageHeading subtitle={m.notFoundMessage}>{m.notFoundTitle}</PageHeading>
      <SearchForm />
      <p>
        <Link to="/">{m.notFoundHome}</Link>
      </p>
    </section>
  );
}
