import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductSummary, Wishlist } from '@eyewear/api-client';
import type { LoadStatus } from '@eyewear/event-bus';
import { WISHLIST_MAX, wishlistSummary } from '@eyewear/i18n/rules';

export interface WishlistState {
  status: LoadStatus;
  /** A change (add, delete, delete all) in flight. */
  changing: boolean;
  count: number;
  productIds: number[];
  productList: ProductSummary[];
  /**
   * Whose list this is: `c:<customerId>` or `guest` (a guest's list is kept by the guest
   * session and joins the customer's at login); null until an answer for the shopper arrived.
   */
  owner: string | null;
  /** Whom the calls in flight are for: the next answer's owner. */
  asking: string | null;
}

/** Who a wishlist action is for (the session's identity when it was asked). */
export interface Owned {
  owner?: string | null;
}

declare module '@eyewear/event-bus' {
  interface LazySlices {
    catalogWishlist: WishlistState;
  }
}

export const initialWishlistState: WishlistState = { status: 'idle', changing: false, count: 0, productIds: [], productList: [], owner: null, asking: null };

function store(state: WishlistState, wishlist: Wishlist, withList: boolean) {
  const { count, productIds } = wishlistSummary(wishlist);
  state.productIds = productIds;
  state.count = count;
  if (withList) state.productList = wishlist.productList.slice(0, WISHLIST_MAX);
  else state.productList = state.productList.filter((p) => state.productIds.includes(p.id));
}

/** An action of another identity than the list's starts that identity's list. */
function own(state: WishlistState, { owner }: Owned) {
  if (owner === undefined) return;
  state.asking = owner;
  if (owner === state.owner) return;
  state.owner = null;
  state.count = 0;
  state.productIds = [];
  state.productList = [];
}

export const wishlistSlice = createSlice({
  name: 'catalogWishlist',
  initialState: initialWishlistState,
  reducers: {
    load(state, action: PayloadAction<{ attributes: boolean } & Owned>) {
      state.status = 'loading';
      own(state, action.payload);
    },
    loaded(state, action: PayloadAction<{ wishlist: Wishlist; attributes: boolean }>) {
      state.status = 'ready';
      state.owner = state.asking;
      store(state, action.payload.wishlist, action.payload.attributes);
    },
    /** Loading ends false on success or fail (shopping §4 Wishlist). */
    loadFailed(state) {
      state.status = 'failed';
    },
    add(state, action: PayloadAction<{ productId: number } & Owned>) {
      state.changing = true;
      own(state, action.payload);
    },
    remove(state, action: PayloadAction<{ productId: number } & Owned>) {
      state.changing = true;
      own(state, action.payload);
    },
    clear(state, action: PayloadAction<Owned | undefined>) {
      state.changing = true;
      own(state, action.payload ?? {});
    },
    changed(state, action: PayloadAction<{ wishlist: Wishlist }>) {
      state.changing = false;
      state.status = 'ready';
      state.owner = state.asking;
      store(state, action.payload.wishlist, true);
    },
    /** Add and delete failures are swallowed (shopping §8): the list stays as it was. */
    changeFailed(state) {
      state.changing = false;
    },
    reset() {
      return initialWishlistState;
    },
  },
  selectors: {
    selectWishlist: (state) => state,
  },
});

export const wishlistActions = wishlistSlice.actions;
