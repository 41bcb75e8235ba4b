import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductSummary, Wishlist } from '@eyewear/api-client';
import { WISHLIST_MAX, wishlistSummary } from '@eyewear/i18n/rules';

export interface WishlistState {
  status: 'idle' | 'loading' | 'success' | 'failure';
  /** A change (add, delete, delete all) in flight. */
  loading: boolean;
  count: number;
  productIds: number[];
  productList: ProductSummary[];
}

export const initialWishlistState: WishlistState = { status: 'idle', loading: false, count: 0, productIds: [], productList: [] };

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
      state.status = 'success';
      store(state, action.payload.wishlist, action.payload.attributes);
    },
    /** Loading ends false on success or fail (shopping §4 Wishlist). */
    loadFailed(state) {
      state.status = 'failure';
    },
    add(state, _action: PayloadAction<{ productId: number }>) {
      state.loading = true;
    },
    remove(state, _action: PayloadAction<{ productId: number }>) {
      state.loading = true;
    },
    clear(state) {
      state.loading = true;
    },
    changed(state, action: PayloadAction<{ wishlist: Wishlist }>) {
      state.loading = false;
      state.status = 'success';
      store(state, action.payload.wishlist, true);
    },
    /** Add and delete failures are swallowed (shopping §8): the list stays as it was. */
    changeFailed(state) {
      state.loading = false;
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
