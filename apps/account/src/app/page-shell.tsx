import { Suspense, type ReactNode } from 'react';
import { useMessages } from '@eyewear/i18n';
import { PageHeading, SkeletonGrid, useDocumentTitle } from '@eyewear/ui';
import { messages } from './messages';

/**
 * What an exposed page sends first: its h1, title and a skeleton. The body (login guard,
 * data, forms) is a lazy chunk, so the remote's first download stays within its byte budget.
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
