import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { newIdempotencyKey, type AddToCart } from '@eyewear/api-client';
import type { LoadStatus } from '@eyewear/event-bus';

/** What an add-to-cart carries: the cart body, and for contact lenses the power check first. */
export interface AddRequest {
  body: AddToCart;
  /** A lens-package submission waits 100 ms first (shopping §4). */
  kind: 'package' | 'contactLens' | 'plain';
  /** Contact lenses: the server check, and whether the product is made to order (always valid). */
  validate?: { productId: number; body: { powerType: 'CONTACT_LENS'; left: object; right: object; isBothEye?: boolean } };
  jit?: boolean;
  /** Gold membership chosen with the item: the goldPid goes to the cart too. */
  gold?: boolean;
  /** The tap's Idempotency-Key (drawn by `addRequested`): a repeat of this add changes nothing. */
  key?: string;
}

/** Where the page's add to cart is: `ready` once added (with the cart's new count), `failed` with the message. */
export interface AddToCartState {
  status: LoadStatus;
  error: string | null;
  count: number | null;
}

const initialState: AddToCartState = { status: 'idle', error: null, count: null };

/**
 * The product page's add to cart, shared by the page's buttons, the lens flow and the
 * contact-lens form; the saga (`saga.ts`) does the calls.
 */
export const addToCartSlice = createSlice({
  name: 'productAddToCart',
  initialState,
  reducers: {
    addRequested: {
      reducer: (_state, _action: PayloadAction<AddRequest>) => ({ status: 'loading' as const, error: null, count: null }),
      prepare: (request: AddRequest) => ({ payload: request.key ? request : { ...request, key: newIdempotencyKey() } }),
    },
    addSucceeded: (_state, action: PayloadAction<{ count: number }>) => ({ status: 'ready' as const, error: null, count: action.payload.count }),
    addFailed: (_state, action: PayloadAction<{ message: string }>) => ({ status: 'failed' as const, error: action.payload.message, count: null }),
    addReset: () => initialState,
  },
  selectors: {
    selectAddToCart: (state) => state,
  },
});

export const addToCartActions = addToCartSlice.actions;
export { initialState as addToCartInitialState };
