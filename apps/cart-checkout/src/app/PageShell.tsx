import type { ReactNode } from 'react';
import { useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { pageMessages } from './page-messages';

/** What every exposed page shows first: its test id (`cart-checkout-<name>`), its h1 (with the route's detail) and the document title. */
export function PageShell({ name, title, detail, children }: { name: string; title: string; detail?: string; children: ReactNode }) {
  const m = useMessages(pageMessages);
  useDocumentTitle(title, m.siteName);
  return (
    <article className="remote-page cc-page" data-testid={`cart-checkout-${name}`}>
      <PageHeading subtitle={detail}>{title}</PageHeading>
      {children}
    </article>
  );
}
