import { createSlice } from '@reduxjs/toolkit';
import { cartChanged } from '@eyewear/event-bus';

/** What the shell itself keeps: the cart count its header badge shows. */
export interface ShellState {
  cartCount: number;
}

const initialState: ShellState = { cartCount: 0 };

export const shellSlice = createSlice({
  name: 'shell',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(cartChanged, (state, action) => {
      state.cartCount = action.payload.count;
    });
  },
  selectors: {
    selectCartCount: (state) => state.cartCount,
  },
});

export const { selectCartCount } = shellSlice.selectors;
