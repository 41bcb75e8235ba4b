import { useState } from 'react';
import { type CallInput, type ContractRoute, type RouteResult } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';

/**
 * A paged list (orders, store credit orders): `useQuery` for the page being asked for, the
 * pages before it kept. `next()` asks for the following page once this one is shown; a failed
 * page keeps the earlier ones on screen, and `reload()` (or `next()`) asks for it again.
 */
export function usePages<R extends ContractRoute, T>(route: R, inputOf: (page: number) => Omit<CallInput, 'signal'>, itemsOf: (answer: RouteResult<R>) => T[]) {
  const [page, setPage] = useState(0);
  const [earlier, setEarlier] = useState<T[][]>([]);
  const query = useQuery(route, inputOf(page));
  const current = query.status === 'ready' && query.data !== undefined ? itemsOf(query.data) : null;
  return {
    ...query,
    /** Every item shown: the earlier pages, then this page once it is here. */
    items: current ? [...earlier.flat(), ...current] : earlier.flat(),
    /** The last page that arrived (empty: the list is complete). */
    lastPage: current ?? earlier[earlier.length - 1] ?? [],
    next() {
      // A page that failed is asked for again rather than skipped.
      if (!current) return query.reload();
      setEarlier((pages) => [...pages, current]);
      setPage((n) => n + 1);
    },
  };
}
