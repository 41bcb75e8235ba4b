import { useEffect, useRef } from 'react';
import './ui.css';

export interface AreaFallbackProps {
  title: string;
  /** The note under the title; an empty one shows none. */
  message: string;
  retryLabel: string;
  onRetry: () => void;
  /** Compact fallbacks sit in the header (cart count, account menu); pages use the full one. */
  compact?: boolean;
  /** Pages take focus so keyboard and screen-reader users learn the area failed. */
  focusOnMount?: boolean;
  testId?: string;
}

/** What a part of the page shows when its remote could not load or crashed: a note and a retry. */
export function AreaFallback({ title, message, retryLabel, onRetry, compact = false, focusOnMount = false, testId }: AreaFallbackProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  if (compact) {
    return (
      <span className="ui-fallback ui-fallback--compact" role="status" data-testid={testId}>
        <button type="button" className="ui-button ui-button--link" onClick={onRetry} title={message || undefined}>
          {retryLabel}
        </button>
      </span>
    );
  }
  return (
    <section className="ui-fallback" role="alert" aria-labelledby={testId ? `${testId}-title` : undefined} data-testid={testId}>
      <h2 className="ui-fallback__title" id={testId ? `${testId}-title` : undefined} tabIndex={-1} ref={heading}>
        {title}
      </h2>
      {message ? <p className="ui-fallback__message">{message}</p> : null}
      <button type="button" className="ui-button" onClick={onRetry}>
        {retryLabel}
      </button>
    </section>
  );
}
