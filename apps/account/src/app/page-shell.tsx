import { Suspense, type ReactNode } from 'react';
import { useMessages } from '@eyewear/i18n';
import { PageHeading, SkeletonGrid, useDocumentTitle } from '@eyewear/ui';
import { messages } from './messages';

/**
 * An exposed page's frame: its h1 and title, and a skeleton while the body (login guard, data,
 * forms) loads, when the page loads it lazily (the rarely used pages; the others carry it in
 * their first chunk, apps/account/README.md).
 */
export function PageShell({ testId, title, subtitle, children }: { testId: string; title: string; subtitle?: string; children: ReactNode }) {
  const m = useMessages(messages);
  useDocumentTitle(title, m.siteName);
  return (
    <article className="remote-page acc-page" data-testid={testId}>
      <PageHeading subtitle={subtitle}>{title}</PageHeading>
      <Suspense fallback={<SkeletonGrid rows={2} label={m.loading} />}>{children}</Suspense>
    </article>
  );
}
