import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CarouselProduct, HomeSection } from '@eyewear/api-client';
import type { LoadStatus } from '@eyewear/event-bus';

export interface HomeState {
  /** Which page: 'home' or a content page's name. */
  page: string | null;
  status: LoadStatus;
  title: string | null;
  sections: HomeSection[];
  error: { status: number; message: string } | null;
  carouselsLoaded: boolean;
  /**
   * Product carousel state keyed by categoryId (shopping §3 Home data). A server render loads
   * only the first screen's (issue 19: the document carries what is shown); a category missing
   * here loads when the shopper scrolls to more sections.
   */
  carousels: Record<string, CarouselProduct[]>;
  /**
   * How many products a carousel has in all, for one that holds its first page only (a server
   * render sends what is shown, issue 19); the rest loads when the shopper turns to a carousel.
   */
  carouselTotals: Record<string, number>;
  /** Scroll appends beyond the first sections. */
  appended: number;
}

declare module '@eyewear/event-bus' {
  interface LazySlices {
    catalogHome: HomeState;
  }
}

export const initialHomeState: HomeState = {
  page: null,
  status: 'idle',
  title: null,
  sections: [],
  error: null,
  carouselsLoaded: false,
  carousels: {},
  carouselTotals: {},
  appended: 0,
};

/** The category ids of a page's category carousels (data[0].data.catId). */
export function carouselIds(sections: HomeSection[]): number[] {
  const ids = sections
    .filter((s) => s.data[0]?.type === 'category-carousel')
    .map((s) => s.data[0]?.data?.catId)
    .filter((id): id is number => typeof id === 'number');
  return [...new Set(ids)];
}

/** A category carousel gets the products whose cat_id equals its catId (shopping §3). */
export function productsByCategory(ids: number[], products: CarouselProduct[]): Record<string, CarouselProduct[]> {
  const out: Record<string, CarouselProduct[]> = {};
  for (const id of ids) out[String(id)] = products.filter((p) => p.cat_id === id);
  return out;
}

export const homeSlice = createSlice({
  name: 'catalogHome',
  initialState: initialHomeState,
  reducers: {
    /**
     * A server render (issue 19) asks for the carousels at once (`atOnce`: it waits for them
     * rather than painting first) and, for a shopper, for the first screen's only (`firstScreen`).
     */
    load(state, action: PayloadAction<{ page: string; mobile: boolean; atOnce?: boolean; firstScreen?: boolean }>) {
      if (state.page === action.payload.page && state.status === 'ready') return;
      return { ...initialHomeState, page: action.payload.page, status: 'loading' };
    },
    loaded(state, action: PayloadAction<{ page: string; sections: HomeSection[]; title?: string | undefined }>) {
      if (action.payload.page !== state.page) return;
      state.status = 'ready';
      state.sections = action.payload.sections;
      state.title = action.payload.title ?? null;
    },
    failed(state, action: PayloadAction<{ page: string; status: number; message: string }>) {
      if (action.payload.page !== state.page) return;
      state.status = 'failed';
      state.error = { status: action.payload.status, message: action.payload.message };
    },
    /** Carousels' products; `totals` names those that hold their first page only. */
    carouselsLoaded(state, action: PayloadAction<{ page: string; carousels: Record<string, CarouselProduct[]>; totals?: Record<string, number> }>) {
      if (action.payload.page !== state.page) return;
      state.carousels = { ...state.carousels, ...action.payload.carousels };
      const totals = { ...state.carouselTotals };
      for (const id of Object.keys(action.payload.carousels)) delete totals[id];
      state.carouselTotals = { ...totals, ...action.payload.totals };
      state.carouselsLoaded = true;
    },
    /** The shopper turns to a carousel: those holding their first page only load the rest. */
    completeCarousels() {},
    moreSections(state) {
      state.appended += 1;
    },
  },
  selectors: {
    selectHome: (state) => state,
  },
});

export const homeActions = homeSlice.actions;

/**
 * Whether the home slice holds `page` as a render shows it: failed, or its sections and first
 * carousels in (what a server render waits for, and what a hydrating page need not load again).
 */
export function homeSettled(state: HomeState | undefined, page: string): boolean {
  if (!state || state.page !== page) return false;
  if (state.status === 'failed') return true;
  // Scrolled on, and left before the carousels below came: loaded afresh on a return.
  return state.status === 'ready' && state.carouselsLoaded && (state.appended === 0 || missingCarouselIds(state).length === 0);
}

/** The carousels that hold their first page only. */
export function partialCarouselIds(state: HomeState): number[] {
  return Object.keys(state.carouselTotals).map(Number);
}

/** The category carousels of the page whose products are not loaded yet. */
export function missingCarouselIds(state: HomeState): number[] {
  return carouselIds(state.sections).filter((id) => !(String(id) in state.carousels));
}
