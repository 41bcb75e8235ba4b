import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Appointment, Store, StoreSlots } from '@eyewear/api-client';
import type { Status } from '../../app/api';

export interface StoreVisitState {
  search: { status: Status; stores: Store[]; error: string | null };
  store: Store | null;
  slots: { status: Status; data: StoreSlots | null; error: string | null };
  selectedTime: string | null;
  /** 'reschedule' while moving a booked appointment (account §3 bookedStatus). */
  bookedStatus: 'new' | 'reschedule';
  booking: { status: Status; error: string | null };
  appointment: Appointment | null;
  cancel: { status: Status; error: string | null };
}

export const initialStoreVisitState: StoreVisitState = {
  search: { status: 'idle', stores: [], error: null },
  store: null,
  slots: { status: 'idle', data: null, error: null },
  selectedTime: null,
  bookedStatus: 'new',
  booking: { status: 'idle', error: null },
  appointment: null,
  cancel: { status: 'idle', error: null },
};

export interface Contact {
  name: string;
  phone: string;
}

export const storeVisitSlice = createSlice({
  name: 'appointmentsStoreVisit',
  initialState: initialStoreVisitState,
  reducers: {
    /** Stores near a pincode or area; with a product id, those near the area stocking it (store API). */
    searchRequested: (s, _a: PayloadAction<{ address: string; pid?: number }>) => {
      s.search = { status: 'loading', stores: [], error: null };
    },
    searchLoaded: (s, a: PayloadAction<Store[]>) => {
      s.search = { status: 'success', stores: a.payload, error: null };
    },
    searchFailed: (s, a: PayloadAction<string>) => {
      s.search = { status: 'failed', stores: [], error: a.payload };
    },
    storeSelected: (s, a: PayloadAction<Store>) => {
      s.store = a.payload;
      s.selectedTime = null;
      s.booking = initialStoreVisitState.booking;
    },
    dateSelected: (s, _a: PayloadAction<string>) => {
      s.selectedTime = null;
    },
    slotsRequested: (s) => {
      s.slots = { ...s.slots, status: 'loading', error: null };
    },
    slotsLoaded: (s, a: PayloadAction<StoreSlots>) => {
      s.slots = { status: 'success', data: a.payload, error: null };
    },
    slotsFailed: (s, a: PayloadAction<string>) => {
      s.slots = { status: 'failed', data: null, error: a.payload };
    },
    timeSelected: (s, a: PayloadAction<string>) => {
      s.selectedTime = a.payload;
    },
    bookRequested: (s, _a: PayloadAction<Contact>) => {
      s.booking = { status: 'loading', error: null };
    },
    booked: (s, a: PayloadAction<Appointment>) => {
      s.booking = { status: 'success', error: null };
      s.appointment = a.payload;
      s.selectedTime = null;
      s.bookedStatus = 'new';
      s.cancel = initialStoreVisitState.cancel;
    },
    bookFailed: (s, a: PayloadAction<string>) => {
      s.booking = { status: 'failed', error: a.payload };
    },
    /** The refreshed details after a book or reschedule. */
    detailsLoaded: (s, a: PayloadAction<Appointment>) => {
      s.appointment = a.payload;
    },
    rescheduleStarted: (s) => {
      s.bookedStatus = 'reschedule';
      s.selectedTime = null;
      s.booking = initialStoreVisitState.booking;
    },
    rescheduleAbandoned: (s) => {
      s.bookedStatus = 'new';
      s.selectedTime = null;
    },
    cancelRequested: (s) => {
      s.cancel = { status: 'loading', error: null };
    },
    cancelled: (s, a: PayloadAction<Appointment>) => {
      s.cancel = { status: 'success', error: null };
      s.appointment = a.payload;
      s.bookedStatus = 'new';
    },
    cancelFailed: (s, a: PayloadAction<string>) => {
      s.cancel = { status: 'failed', error: a.payload };
    },
    /** account §4: store reset clears store and appointment data. */
    storeReset: (s) => ({ ...initialStoreVisitState, search: s.search }),
  },
});

export const storeVisitActions = storeVisitSlice.actions;
