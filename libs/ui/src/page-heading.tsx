import { useEffect, type ReactNode } from 'react';
import { useServerHead } from '@eyewear/i18n';
import './ui.css';

/** Sets the document title while the calling page is shown. */
export function useDocumentTitle(title: string, siteName?: string) {
  // On the server the title goes into the rendered document's <head> (issue 19).
  const serverHead = useServerHead();
  if (serverHead) serverHead.title = siteName ? `${title} | ${siteName}` : title;
  useEffect(() => {
    const previous = document.title;
    document.title = siteName ? `${title} | ${siteName}` : title;
    return () => {
      document.title = previous;
    };
  }, [title, siteName]);
}

export function PageHeading({ children, subtitle }: { children: ReactNode; subtitle?: ReactNode }) {
  return (
    <header className="ui-page-heading">
      <h1>{children}</h1>
      {subtitle ? <p className="ui-page-heading__subtitle">{subtitle}</p> : null}
    </header>
  );
}
