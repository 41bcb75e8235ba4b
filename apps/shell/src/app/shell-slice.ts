import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { GUEST_SESSION, cartChanged, samePayload, sessionChanged, wishlistChanged, type SessionPayload } from '@eyewear/event-bus';
import { WISHLIST_MAX } from '@eyewear/i18n/rules';

export type Section = 'cat' | 'prod' | 'cms' | 'col' | 'search' | 'na';

/** Where the page stands in the routing lookup (shopping §2 "Page resolution"). */
export interface RoutingState {
  /** 'type' of the 'type:id' answer, or null while it is being resolved. */
  section: Section | null;
  id: string;
  loading: boolean;
}

/** What the shell itself keeps: the session (as last published) that the header shows, and the page's section. */
export interface ShellState {
  session: SessionPayload;
  routing: RoutingState;
}

/** Before the session is known: a guest, not yet ready. */
export const GUEST: SessionPayload = { ...GUEST_SESSION, ready: false };

const initialState: ShellState = { session: GUEST, routing: { section: null, id: '', loading: true } };

export const shellSlice = createSlice({
  name: 'shell',
  initialState,
  reducers: {
    /** A location change: the section is unknown again and routing data loads, unless the page was server-rendered. */
    locationChanged(state, action: PayloadAction<{ serverRendered: boolean }>) {
      if (action.payload.serverRendered) return;
      if (state.routing.section === null && state.routing.id === '' && state.routing.loading) return;
      state.routing = { section: null, id: '', loading: true };
    },
    /** The page's section is known: from the route table or the routing lookup ('na' when it failed). */
    sectionResolved(state, action: PayloadAction<{ section: Section | null; id: string }>) {
      // Search pages count as category pages (shopping §2). Null: a route-table page with no section.
      const section = action.payload.section === 'search' ? 'cat' : action.payload.section;
      // Resolved again as it stands (a page the server rendered): nothing changes, nothing renders again.
      if (state.routing.section === section && state.routing.id === action.payload.id && !state.routing.loading) return;
      state.routing = { section, id: action.payload.id, loading: false };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionChanged, (state, action) => {
        if (!samePayload(state.session, action.payload)) state.session = action.payload;
      })
      .addCase(cartChanged, (state, action) => {
        state.session.cartCount = action.payload.count;
      })
      .addCase(wishlistChanged, (state, action) => {
        state.session.wishlistCount = Math.min(WISHLIST_MAX, action.payload.count);
      });
  },
  selectors: {
    selectCartCount: (state) => state.session.cartCount,
    selectWishlistCount: (state) => Math.min(WISHLIST_MAX, state.session.wishlistCount),
    selectSession: (state) => state.session,
    selectRouting: (state) => state.routing,
  },
});

export const { selectCartCount, selectWishlistCount, selectSession, selectRouting } = shellSlice.selectors;
export const { locationChanged, sectionResolved } = shellSlice.actions;
