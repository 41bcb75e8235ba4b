import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '@eyewear/api-client';

export interface Submission {
  submitting: boolean;
  /** The store's message for the failed call, else the fallback; null before and after a success. */
  error: string | null;
  /** Makes the call; `done` gets the answer unless a later call was made or the component left. */
  run<T>(call: () => Promise<T>, done: (answer: T) => void): Promise<void>;
}

/**
 * A form's one call (book, cancel, look up): what it needs of state lives in the component.
 * Only the latest call's answer counts, as with a saga's takeLatest.
 */
export function useSubmit(fallback: string): Submission {
  const [state, setState] = useState<{ submitting: boolean; error: string | null }>({ submitting: false, error: null });
  const latest = useRef(0);
  const mounted = useRef(false);
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(async <T>(call: () => Promise<T>, done: (answer: T) => void) => {
    const id = ++latest.current;
    const current = () => mounted.current && id === latest.current;
    setState({ submitting: true, error: null });
    try {
      const answer = await call();
      if (!current()) return;
      setState({ submitting: false, error: null });
      done(answer);
    } catch (error) {
      if (current()) setState({ submitting: false, error: messageOf(error, fallbackRef.current) });
    }
  }, []);
  return { ...state, run };
}
