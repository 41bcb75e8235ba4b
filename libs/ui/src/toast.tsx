import { useCallback, useEffect, useRef, useState } from 'react';
import './dialog.css';

/** spec/shopping.md "Toasts": a toast clears after its timeout, 2000 ms by default. */
export const TOAST_DEFAULT_TIMEOUT_MS = 2000;

export interface ToastInput {
  message: string;
  timeout?: number | undefined;
  success?: boolean | undefined;
  error?: boolean | undefined;
  warning?: boolean | undefined;
  /** Runs when the toast clears (timed out or dismissed). */
  onClose?: (() => void) | undefined;
}

export interface Toast extends ToastInput {
  id: number;
}

export function toastKind(toast: ToastInput): 'success' | 'error' | 'warning' | 'info' {
  if (toast.error) return 'error';
  if (toast.warning) return 'warning';
  if (toast.success) return 'success';
  return 'info';
}

/** The toasts on screen, each cleared after its timeout (its callback then runs once). */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const next = useRef(1);
  const live = useRef(new Map<number, Toast>());

  const dismiss = useCallback((id: number) => {
    const toast = live.current.get(id);
    if (!toast) return;
    live.current.delete(id);
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((all) => all.filter((t) => t.id !== id));
    toast.onClose?.();
  }, []);

  const show = useCallback(
    (input: ToastInput) => {
      const toast = { ...input, id: next.current++ };
      live.current.set(toast.id, toast);
      setToasts((all) => [...all, toast]);
      timers.current.set(
        toast.id,
        setTimeout(() => dismiss(toast.id), input.timeout ?? TOAST_DEFAULT_TIMEOUT_MS),
      );
      return toast.id;
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  return { toasts, show, dismiss };
}

/** Where toasts appear: a polite live region (errors are assertive). */
export function ToastList({ toasts, onDismiss, dismissLabel }: { toasts: readonly Toast[]; onDismiss(id: number): void; dismissLabel: string }) {
  return (
    <ul className="ui-toasts" aria-live="polite">
      {toasts.map((toast) => (
        <li key={toast.id} className={`ui-toast ui-toast--${toastKind(toast)}`} role={toast.error ? 'alert' : 'status'}>
          <span>{toast.message}</span>
          <button type="button" className="ui-toast__close" aria-label={dismissLabel} onClick={() => onDismiss(toast.id)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
