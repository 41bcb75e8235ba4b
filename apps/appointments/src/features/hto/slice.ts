import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CancelReason, HecAppointment, HtoAppointment, HtoOrder, HtoPage, HtoServiceability, HtoSlot } from '@eyewear/api-client';
import type { Status } from '../../app/api';

export interface HtoState {
  page: { status: Status; data: HtoPage | null; error: string | null };
  location: { status: Status; pincode: string | null; city: string | null; serviceable: boolean | null; error: string | null };
  slots: { status: Status; days: HtoSlot[]; error: string | null };
  booking: { status: Status; error: string | null };
  /** The visit booked or found (account §3 appointmentInfo); a successful cancel clears it. */
  appointmentInfo: HtoAppointment | null;
  cancelReasons: CancelReason[];
  cancel: { status: Status; error: string | null; cancelledOrder: HtoAppointment | null };
  lookup: { status: Status; error: string | null; found: boolean | null };
  hec: { status: Status; appointment: HecAppointment | null; error: string | null };
}

export const initialHtoState: HtoState = {
  page: { status: 'idle', data: null, error: null },
  location: { status: 'idle', pincode: null, city: null, serviceable: null, error: null },
  slots: { status: 'idle', days: [], error: null },
  booking: { status: 'idle', error: null },
  appointmentInfo: null,
  cancelReasons: [],
  cancel: { status: 'idle', error: null, cancelledOrder: null },
  lookup: { status: 'idle', error: null, found: null },
  hec: { status: 'idle', appointment: null, error: null },
};

export const htoSlice = createSlice({
  name: 'appointmentsHto',
  initialState: initialHtoState,
  reducers: {
    pageRequested: (s) => {
      s.page = { status: 'loading', data: null, error: null };
    },
    pageLoaded: (s, a: PayloadAction<HtoPage>) => {
      s.page = { status: 'success', data: a.payload, error: null };
    },
    pageFailed: (s, a: PayloadAction<string>) => {
      s.page = { status: 'failed', data: null, error: a.payload };
    },
    locateRequested: (s) => {
      s.location = { ...initialHtoState.location, status: 'loading' };
      s.slots = initialHtoState.slots;
    },
    pincodeSubmitted: (s, _a: PayloadAction<string>) => {
      s.location = { ...initialHtoState.location, status: 'loading' };
      s.slots = initialHtoState.slots;
    },
    locationResolved: (s, a: PayloadAction<HtoServiceability>) => {
      s.location = { status: 'success', pincode: a.payload.pincode ?? null, city: a.payload.city ?? null, serviceable: a.payload.serviceable, error: null };
    },
    locationFailed: (s, a: PayloadAction<string>) => {
      s.location = { ...initialHtoState.location, status: 'failed', error: a.payload };
    },
    slotsRequested: (s) => {
      s.slots = { status: 'loading', days: [], error: null };
    },
    slotsLoaded: (s, a: PayloadAction<HtoSlot[]>) => {
      s.slots = { status: 'success', days: a.payload, error: null };
    },
    slotsFailed: (s, a: PayloadAction<string>) => {
      s.slots = { status: 'failed', days: [], error: a.payload };
    },
    bookRequested: (s, _a: PayloadAction<HtoOrder>) => {
      s.booking = { status: 'loading', error: null };
    },
    booked: (s, a: PayloadAction<HtoAppointment>) => {
      s.booking = { status: 'success', error: null };
      s.appointmentInfo = a.payload;
      s.cancel = initialHtoState.cancel;
    },
    bookFailed: (s, a: PayloadAction<string>) => {
      s.booking = { status: 'failed', error: a.payload };
    },
    cancelReasonsLoaded: (s, a: PayloadAction<CancelReason[]>) => {
      s.cancelReasons = a.payload;
    },
    cancelRequested: (s, _a: PayloadAction<{ orderId: number; reason: string }>) => {
      s.cancel = { status: 'loading', error: null, cancelledOrder: null };
    },
    cancelled: (s, a: PayloadAction<HtoAppointment>) => {
      s.cancel = { status: 'success', error: null, cancelledOrder: a.payload };
      s.appointmentInfo = null;
      s.booking = initialHtoState.booking;
    },
    cancelFailed: (s, a: PayloadAction<string>) => {
      s.cancel = { status: 'failed', error: a.payload, cancelledOrder: null };
    },
    lastOrderRequested: (s, _a: PayloadAction<string>) => {
      s.lookup = { status: 'loading', error: null, found: null };
    },
    lastOrderLoaded: (s, a: PayloadAction<HtoAppointment | null>) => {
      s.lookup = { status: 'success', error: null, found: a.payload !== null };
      if (a.payload) {
        s.appointmentInfo = a.payload;
        s.cancel = initialHtoState.cancel;
      }
    },
    lastOrderFailed: (s, a: PayloadAction<string>) => {
      s.lookup = { status: 'failed', error: a.payload, found: null };
    },
    hecRequested: (s, _a: PayloadAction<string>) => {
      s.hec = { ...s.hec, status: 'loading', error: null };
    },
    hecSyncRequested: (s, _a: PayloadAction<string>) => {
      s.hec = { ...s.hec, status: 'loading', error: null };
    },
    hecCancelRequested: (s, _a: PayloadAction<{ orderId: number; reason: string }>) => {
      s.hec = { ...s.hec, status: 'loading', error: null };
    },
    hecLoaded: (s, a: PayloadAction<HecAppointment>) => {
      s.hec = { status: 'success', appointment: a.payload, error: null };
      if (s.appointmentInfo && s.appointmentInfo.appointmentId === a.payload.appointmentId) s.appointmentInfo.status = a.payload.status;
    },
    hecFailed: (s, a: PayloadAction<string>) => {
      s.hec = { ...s.hec, status: 'failed', error: a.payload };
    },
  },
});

export const htoActions = htoSlice.actions;
