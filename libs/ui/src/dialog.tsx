import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

export interface DialogProps {
  /** The dialog's accessible name, shown as its heading. */
  title: string;
  onClose(): void;
  /** Label of the close (×) button. */
  closeLabel: string;
  children: ReactNode;
  /** 'side' slides in from the right (cart, wishlist); 'start' from the left (the phone menu); 'center' is a centred modal. */
  placement?: 'center' | 'side' | 'start';
  /** Wider content (cart popup, login). */
  size?: 'small' | 'large';
  /** Closing by clicking the backdrop (on by default). */
  closeOnBackdrop?: boolean;
  testId?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * An accessible modal dialog: named by its title, focus moves in on open and back to the
 * opener on close, Tab stays inside, Escape, the close button and (optionally) the backdrop
 * close it. Rendered into document.body so no header's overflow clips it.
 */
export function Dialog({ title, onClose, closeLabel, children, placement = 'center', size = 'small', closeOnBackdrop = true, testId }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    // Escape closes even when focus was lost (the focused control was replaced by a message).
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('keydown', onEscape);
      if (opener && document.contains(opener)) opener.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !panel.current) return;
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      className={`ui-dialog-backdrop ui-dialog-backdrop--${placement}`}
      data-testid={testId ? `${testId}-backdrop` : undefined}
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) close.current();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`ui-dialog ui-dialog--${placement} ui-dialog--${size}`}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <div className="ui-dialog__head">
          <h2 id={titleId} className="ui-dialog__title">
            {title}
          </h2>
          <button type="button" className="ui-dialog__close" aria-label={closeLabel} onClick={() => close.current()}>
            ×
          </button>
        </div>
        <div className="ui-dialog__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
