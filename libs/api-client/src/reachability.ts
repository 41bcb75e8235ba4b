import { useSyncExternalStore } from 'react';
import { pageWide } from './page-state';

/**
 * Whether the store (the API behind the edge) can be reached, for the whole page. The edge
 * stays up when the API dies and answers /api/ calls with 502 (refused) or 504 (timed out)
 * and a JSON body naming the edge's code; a network error means the edge itself is gone.
 * Every bundle has its own copy of the client, so the state lives on the page (like the
 * session creation), and the shell shows one "We can't reach the store right now" state in
 * the area that needs data (docs/adr/022).
 */
export const EDGE_ERROR_CODES = new Set(['API_UNREACHABLE', 'API_TIMEOUT']);

/**
 * A failure that says the store cannot be reached, not that the request was wrong: an
 * ApiError (of any bundle's copy of the client) with the edge's answer, or a call the client
 * marked because no answer came at all.
 */
export function isStoreUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ((error as { storeUnreachable?: unknown }).storeUnreachable === true) return true;
  const { name, status, body } = error as { name?: unknown; status?: unknown; body?: unknown };
  return name === 'ApiError' && typeof status === 'number' && isUnreachableAnswer(status, body);
}

export function isUnreachableAnswer(status: number, body: unknown): boolean {
  if (status === 502 || status === 504) return true;
  const code = typeof body === 'object' && body !== null && 'code' in body ? (body as { code: unknown }).code : undefined;
  return status === 503 && typeof code === 'string' && EDGE_ERROR_CODES.has(code);
}

interface Reachability {
  /** Counts every report, so "since" can be a point in this sequence. */
  seq: number;
  lastFailure: number;
  lastSuccess: number;
  listeners: Set<() => void>;
}

const state = pageWide('__eyewearReachability', (): Reachability => ({
  seq: 0,
  lastFailure: 0,
  lastSuccess: 0,
  listeners: new Set(),
}));

/** The client reports each call's outcome: an answer from the API, or none. */
export function reportReachability(reached: boolean): void {
  state.seq += 1;
  if (reached) {
    const wasDown = state.lastFailure > state.lastSuccess;
    state.lastSuccess = state.seq;
    if (!wasDown) return;
  } else {
    state.lastFailure = state.seq;
  }
  for (const listener of [...state.listeners]) listener();
}

/** A point in the page's sequence of reports: "unreachable since" compares against it. */
export function reachabilityMark(): number {
  return state.seq;
}

/**
 * True when a call failed as unreachable after `since` (a `reachabilityMark()`), and no call
 * has reached the API after that failure.
 */
export function storeUnreachableSince(since: number): boolean {
  return state.lastFailure > since && state.lastFailure > state.lastSuccess;
}

function subscribe(listener: () => void) {
  state.listeners.add(listener);
  return () => {
    state.listeners.delete(listener);
  };
}

export function useStoreUnreachableSince(since: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => storeUnreachableSince(since),
    () => false,
  );
}
