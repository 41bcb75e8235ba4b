import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { newIdempotencyKey, type Cart } from '@eyewear/api-client';
import { cartChanged, type LoadStatus } from '@eyewear/event-bus';
import type { CartOp } from '../api';
import { isFrameOnlyCart } from '../rules';

export type CartOpName = CartOp['op'];

export interface CartState {
  /** The spec's cycle: load, then success or fail. */
  status: LoadStatus;
  cart: Cart | null;
  /** An operation is in flight (the popup's loader). */
  pending: CartOpName | null;
  error: { op: CartOpName; message: string; status: number } | null;
  /** The last add failed: the empty view shows the 'problem adding item' message. */
  addFailed: boolean;
  /** Stored when a gift voucher fails (its amount is zeroed). */
  voucherMessage: string | null;
  /** Recomputed after each change. */
  frameOnly: boolean;
  /** Set by a successful get: what the cart carries (update, add, voucher, store credit). */
  flags: { updated: boolean; added: boolean; voucherApplied: boolean; storeCreditApplied: boolean };
  /** The checkout button was clicked: its loader shows until the page changes. */
  checkingOut: boolean;
}

export const initialCartState: CartState = {
  status: 'idle',
  cart: null,
  pending: null,
  error: null,
  addFailed: false,
  voucherMessage: null,
  frameOnly: false,
  flags: { updated: false, added: false, voucherApplied: false, storeCreditApplied: false },
  checkingOut: false,
};

/** An empty cart in the page's currency: what a 401 or 404 on get resets to. */
export function emptyCart(currencyCode: Cart['currencyCode']): Cart {
  return {
    id: 1,
    items: [],
    itemsQty: 0,
    itemsCount: 0,
    currencyCode,
    totals: { subTotal: 0, totalDiscount: 0, totalTax: 0, shipping: 0, total: 0, discounts: [] },
    gvAmt: 0,
    scAmt: 0,
    implicitAmt: 0,
    netAmountCart: 0,
    walletApplied: false,
    applyWallet: false,
  };
}

export const cartSlice = createSlice({
  name: 'cartCheckout',
  initialState: initialCartState,
  reducers: {
    /**
     * A shopper's action on the cart: each gets its own Idempotency-Key here, once, so whatever
     * repeats this action (a retry, a second handler) sends the same key and changes nothing.
     */
    requested: {
      reducer(state, action: PayloadAction<CartOp>) {
        state.pending = action.payload.op;
        if (action.payload.op === 'get' && state.status !== 'ready') state.status = 'loading';
        if (action.payload.op === 'add') {
          state.addFailed = false;
          state.error = null;
        }
      },
      prepare(op: CartOp) {
        return { payload: op.op === 'get' || op.key ? op : { ...op, key: newIdempotencyKey() } };
      },
    },
    succeeded(state, action: PayloadAction<{ op: CartOpName; cart: Cart }>) {
      const { op, cart } = action.payload;
      state.pending = null;
      state.error = null;
      keep(state, cart);
      if (op === 'get') {
        state.flags = {
          updated: true,
          added: cart.items.length > 0,
          voucherApplied: cart.gvAmt > 0,
          storeCreditApplied: cart.scAmt > 0,
        };
      }
    },
    failed(state, action: PayloadAction<{ op: CartOpName; message: string; status: number; currencyCode: Cart['currencyCode'] }>) {
      const { op, message, status, currencyCode } = action.payload;
      state.pending = null;
      state.error = { op, message, status };
      if (op === 'get') {
        if (status === 401 || status === 404) {
          state.cart = emptyCart(currencyCode);
          state.status = 'ready';
          state.frameOnly = false;
        } else if (!state.cart) state.status = 'failed';
      }
      if (op === 'add') state.addFailed = true;
      if (op === 'applyVoucher') {
        state.voucherMessage = message;
        if (state.cart) state.cart.gvAmt = 0;
      }
      // Offer apply and remove failures keep the cart as it was.
    },
    checkoutClicked(state) {
      state.checkingOut = true;
    },
    checkoutLeft(state) {
      state.checkingOut = false;
    },
    /** After a successful order payment the cart is empty (count 0). */
    orderPlaced(state) {
      if (state.cart) state.cart = emptyCart(state.cart.currencyCode);
      state.frameOnly = false;
    },
  },
  extraReducers: (builder) => {
    // The page's one cart (issue 37): a change made anywhere on the page (the product page, its
    // lens offers) hands the new cart with `cart/changed`, and every reader of this slice (the
    // popup, the header's badge through the event, checkout, the payment page, Pay) shows it.
    builder.addCase(cartChanged, (state, action) => {
      if (action.payload.cart) keep(state, action.payload.cart);
    });
  },
});

/** The cart as the API last answered it, and what follows from it. */
function keep(state: CartState, cart: Cart) {
  state.status = 'ready';
  state.cart = cart;
  state.frameOnly = isFrameOnlyCart(cart);
  state.voucherMessage = cart.voucherMessage ?? null;
}

/** `requested` asks the saga to run an operation (increase, voucher...); the others record what happened. */
export const cartActions = cartSlice.actions;

type WithCart = { cartCheckout?: CartState };
export const selectCartState = (state: WithCart): CartState => state.cartCheckout ?? initialCartState;
