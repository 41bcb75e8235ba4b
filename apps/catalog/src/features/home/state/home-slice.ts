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
  /** Product carousel state keyed by categoryId (shopping §3 Home data). */
  carousels: Record<string, CarouselProduct[]>;
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
    load(state, action: PayloadAction<{ page: string; mobile: boolean }>) {
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
    carouselsLoaded(state, action: PayloadAction<{ page: string; carousels: Record<string, CarouselProduct[]> }>) {
      if (action.payload.page !== state.page) return;
      state.carousels = action.payload.carousels;
      state.carouselsLoaded = true;
    },
    moreSections(state) {
      state.appended += 1;
    },
  },
  selectors: {
    selectHome: (state) => state,
  },
});

export const homeActions = homeSlice.actions;
