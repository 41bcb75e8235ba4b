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

export const STATE_EVENTS = [sessionChanged, cartChanged, wishlistChanged, exchangeChanged] as const;

export const latestEventsSlice = createSlice({
  name: 'events',
  initialState: {} as LatestEvents,
  reducers: {},
  extraReducers: (builder) => {
    for (const event of STATE_EVENTS) {
      builder.addCase(event, (state, action: PayloadAction<unknown>) => {
        (state as Record<string, unknown>)[event.type] = action.payload;
      });
    }
  },
});
