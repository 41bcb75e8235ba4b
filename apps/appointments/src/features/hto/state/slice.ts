import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HtoServiceability } from '@eyewear/api-client';
import type { LoadStatus } from '@eyewear/event-bus';

/** Where the visit would be: found by the browser's position or a pincode, and whether visits reach it. */
export interface HtoLocationState {
  status: LoadStatus;
  pincode: string | null;
  city: string | null;
  serviceable: boolean | null;
  error: string | null;
}

export const initialHtoLocation: HtoLocationState = { status: 'idle', pincode: null, city: null, serviceable: null, error: null };

export const htoSlice = createSlice({
  name: 'appointmentsHto',
  initialState: initialHtoLocation,
  reducers: {
    locateRequested: () => ({ ...initialHtoLocation, status: 'loading' as const }),
    pincodeSubmitted: (_s, _a: PayloadAction<string>) => ({ ...initialHtoLocation, status: 'loading' as const }),
    locationResolved: (_s, a: PayloadAction<HtoServiceability>) => ({
      status: 'ready' as const,
      pincode: a.payload.pincode ?? null,
      city: a.payload.city ?? null,
      serviceable: a.payload.serviceable,
      error: null,
    }),
    locationFailed: (_s, a: PayloadAction<string>) => ({ ...initialHtoLocation, status: 'failed' as const, error: a.payload }),
  },
});

export const htoActions = htoSlice.actions;

declare module '@eyewear/event-bus' {
  interface LazySlices {
    appointmentsHto: HtoLocationState;
  }
}
