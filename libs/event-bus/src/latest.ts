import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  cartChanged,
  exchangeChanged,
  sessionChanged,
  wishlistChanged,
  type CartChangedPayload,
  type ExchangePayload,
  type SessionPayload,
  type WishlistChangedPayload,
} from './events';

/**
 * The latest value of the state-like events, kept by the page store so a remote mounted
 * late still reads the current session, cart count, wishlist and exchange.
 */
export interface LatestEvents {
  'session/changed'?: SessionPayload;
  'cart/changed'?: CartChangedPayload;
  'wishlist/changed'?: WishlistChangedPayload;
  'exchange/changed'?: ExchangePayload;
}

/**
 * Whether two event payloads hold the same values (their fields, and the items of a field that
 * is a list). A state event that says again what the page already holds (the browser's first
 * session answer on a page the server rendered for the same session) then changes nothing:
 * every component that reads it would otherwise render again, at once and all together (a
 * store change is rendered synchronously), right after hydration.
 */
export function samePayload(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => Object.is(item, b[index]));
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) || Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => key in right && (Object.is(left[key], right[key]) || (Array.isArray(left[key]) && samePayload(left[key], right[key]))));
}

export const STATE_EVENTS = [sessionChanged, cartChanged, wishlistChanged, exchangeChanged] as const;

export const latestEventsSlice = createSlice({
  name: 'events',
  initialState: {} as LatestEvents,
  reducers: {},
  extraReducers: (builder) => {
    for (const event of STATE_EVENTS) {
      builder.addCase(event, (state, action: PayloadAction<unknown>) => {
        const held = state as Record<string, unknown>;
        if (!samePayload(held[event.type], action.payload)) held[event.type] = action.payload;
      });
    }
  },
});
