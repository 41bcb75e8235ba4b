import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Appointment } from '@eyewear/api-client';
import type { Contact } from '../../../app/contact-fields';

/** The booked appointment and its changes (the stores, the store and the time chosen live in the components). */
export interface StoreVisitState {
  appointment: Appointment | null;
  /** 'reschedule' while moving a booked appointment (account §3 bookedStatus). */
  bookedStatus: 'new' | 'reschedule';
  booking: { submitting: boolean; error: string | null };
  cancel: { submitting: boolean; error: string | null };
}

const idle = { submitting: false, error: null };
export const initialStoreVisitState: StoreVisitState = { appointment: null, bookedStatus: 'new', booking: idle, cancel: idle };

/** A time to book at a store (or, while rescheduling, to move the appointment to). */
export interface StoreVisitBooking {
  storeCode: string | undefined;
  date: string | undefined;
  time: string | null;
  contact: Contact;
}

export const storeVisitSlice = createSlice({
  name: 'appointmentsStoreVisit',
  initialState: initialStoreVisitState,
  reducers: {
    bookRequested: (s, _a: PayloadAction<StoreVisitBooking>) => {
      s.booking = { submitting: true, error: null };
    },
    booked: (s, a: PayloadAction<Appointment>) => {
      s.booking = idle;
      s.appointment = a.payload;
      s.bookedStatus = 'new';
      s.cancel = idle;
    },
    bookFailed: (s, a: PayloadAction<string>) => {
      s.booking = { submitting: false, error: a.payload };
    },
    /** The time was taken meanwhile: the times of its date are asked again. */
    slotTaken: (_s, _a: PayloadAction<string>) => {},
    /** The refreshed details after a book or reschedule. */
    detailsLoaded: (s, a: PayloadAction<Appointment>) => {
      s.appointment = a.payload;
    },
    rescheduleStarted: (s) => {
      s.bookedStatus = 'reschedule';
      s.booking = idle;
    },
    rescheduleAbandoned: (s) => {
      s.bookedStatus = 'new';
    },
    cancelRequested: (s) => {
      s.cancel = { submitting: true, error: null };
    },
    cancelled: (s, a: PayloadAction<Appointment>) => {
      s.cancel = idle;
      s.appointment = a.payload;
      s.bookedStatus = 'new';
    },
    cancelFailed: (s, a: PayloadAction<string>) => {
      s.cancel = { submitting: false, error: a.payload };
    },
    /** account §4: store reset clears store and appointment data (the search stays). */
    storeReset: () => initialStoreVisitState,
  },
});

export const storeVisitActions = storeVisitSlice.actions;

declare module '@eyewear/event-bus' {
  interface LazySlices {
    appointmentsStoreVisit: StoreVisitState;
  }
}
