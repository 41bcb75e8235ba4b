import { type QueryState } from '@eyewear/event-bus';

type Load = Pick<QueryState<unknown>, 'status' | 'error' | 'reload'>;

/** Loads a view shows together: the first failure, with a retry that asks for every load again; null while none failed. */
export function failureOf(...loads: Load[]): { error: unknown; retry(): void } | null {
  const failed = loads.find((load) => load.status === 'failed');
  return failed ? { error: failed.error, retry: () => loads.forEach((load) => load.reload()) } : null;
}
