import { useMemo } from 'react';
import { sanitizeHtml } from '../sanitize';
import './cms.css';

/** Renders server-supplied HTML through the sanitizer; the only component that shows server HTML. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const content = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className}>{content}</div>;
}
