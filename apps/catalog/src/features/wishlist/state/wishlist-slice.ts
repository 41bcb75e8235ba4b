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
}

declare module '@eyewear/event-bus' {
  interface LazySlices {
    catalogWishlist: WishlistState;
  }
}

export const initialWishlistState: WishlistState = { status: 'idle', changing: false, count: 0, productIds: [], productList: [] };

function store(state: WishlistState, wishlist: Wishlist, withList: boolean) {
  const { count, productIds } = wishlistSummary(wishlist);
  state.productIds = productIds;
  state.count = count;
  if (withList) state.productList = wishlist.productList.slice(0, WISHLIST_MAX);
  else state.productList = state.productList.filter((p) => state.productIds.includes(p.id));
}

export const wishlistSlice = createSlice({
  name: 'catalogWishlist',
  initialState: initialWishlistState,
  reducers: {
    load(state, _action: PayloadAction<{ attributes: boolean }>) {
      state.status = 'loading';
    },
    loaded(state, action: PayloadAction<{ wishlist: Wishlist; attributes: boolean }>) {
      state.status = 'ready';
      store(state, action.payload.wishlist, action.payload.attributes);
    },
    /** Loading ends false on success or fail (shopping §4 Wishlist). */
    loadFailed(state) {
      state.status = 'failed';
    },
    add(state, _action: PayloadAction<{ productId: number }>) {
      state.changing = true;
    },
    remove(state, _action: PayloadAction<{ productId: number }>) {
      state.changing = true;
    },
    clear(state) {
      state.changing = true;
    },
    changed(state, action: PayloadAction<{ wishlist: Wishlist }>) {
      state.changing = false;
      state.status = 'ready';
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
