import { createSlice } from '@reduxjs/toolkit';
import { cartChanged, sessionChanged, type SessionPayload } from '@eyewear/event-bus';

/** What the shell itself keeps: the session (as last published) that the header shows. */
export interface ShellState {
  session: SessionPayload;
}

export const GUEST: SessionPayload = {
  ready: false,
  login: false,
  customerId: null,
  firstName: null,
  hasPlacedOrder: false,
  isLoyalty: false,
  cartCount: 0,
  wishlistCount: 0,
};

const initialState: ShellState = { session: GUEST };

export const shellSlice = createSlice({
  name: 'shell',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionChanged, (state, action) => {
        state.session = action.payload;
      })
      .addCase(cartChanged, (state, action) => {
        state.session.cartCount = action.payload.count;
      });
  },
  selectors: {
    selectCartCount: (state) => state.session.cartCount,
    selectSession: (state) => state.session,
  },
});

export const { selectCartCount, selectSession } = shellSlice.selectors;
