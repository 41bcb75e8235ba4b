import { createAction, type PayloadActionCreator } from '@reduxjs/toolkit';

/**
 * A cross-app event: a plain Redux action whose type and payload are declared once, here.
 * In development the payload is checked when the event is created, so a remote built
 * against an older catalogue of events fails loudly instead of silently.
 */
export type EventCreator<P, T extends string = string> = PayloadActionCreator<P, T>;

type Check<P> = (payload: unknown) => payload is P;

const checking = typeof process === 'undefined' || process.env.NODE_ENV !== 'production';

export class EventPayloadError extends Error {
  override name = 'EventPayloadError';
}

export function defineEvent<P, T extends string>(type: T, check: Check<P>): EventCreator<P, T> {
  return createAction(type, (payload: P) => {
    if (checking && !check(payload)) {
      throw new EventPayloadError(`event ${type}: payload does not match its declaration: ${JSON.stringify(payload)}`);
    }
    return { payload };
  }) as unknown as EventCreator<P, T>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalString = (v: unknown) => v === undefined || typeof v === 'string';

export interface ToastPayload {
  message: string;
  /** Milliseconds before the toast clears; 2000 when absent. */
  timeout?: number;
  success?: boolean;
  error?: boolean;
  warning?: boolean;
}

export interface RemoteLoadFailedPayload {
  kind: 'load' | 'timeout' | 'render';
  remote: string;
  expose?: string;
  version?: string;
  channel?: 'stable' | 'canary';
  message: string;
}

export interface NavigationPayload {
  pathname: string;
  search: string;
}

/** Shows a toast in the shell's toast host. */
export const toastShow = defineEvent<ToastPayload, 'toast/show'>(
  'toast/show',
  (p): p is ToastPayload =>
    isRecord(p) &&
    typeof p.message === 'string' &&
    (p.timeout === undefined || (typeof p.timeout === 'number' && p.timeout > 0)) &&
    ['success', 'error', 'warning'].every((k) => p[k] === undefined || typeof p[k] === 'boolean'),
);

/** A remote's area failed to load or to render; the shell reports it. */
export const remoteLoadFailed = defineEvent<RemoteLoadFailedPayload, 'remote/loadFailed'>(
  'remote/loadFailed',
  (p): p is RemoteLoadFailedPayload =>
    isRecord(p) &&
    ['load', 'timeout', 'render'].includes(p.kind as string) &&
    typeof p.remote === 'string' &&
    typeof p.message === 'string' &&
    optionalString(p.expose) &&
    optionalString(p.version) &&
    (p.channel === undefined || p.channel === 'stable' || p.channel === 'canary'),
);

/** The shell's router moved to a new location. */
export const navigationChanged = defineEvent<NavigationPayload, 'navigation/changed'>(
  'navigation/changed',
  (p): p is NavigationPayload => isRecord(p) && typeof p.pathname === 'string' && typeof p.search === 'string',
);

export interface CartChangedPayload {
  /** Items in the cart, as the header badge shows them. */
  count: number;
}

/** The cart changed on the server; its owner publishes the new count. */
export const cartChanged = defineEvent<CartChangedPayload, 'cart/changed'>(
  'cart/changed',
  (p): p is CartChangedPayload => isRecord(p) && typeof p.count === 'number' && Number.isInteger(p.count) && p.count >= 0,
);
