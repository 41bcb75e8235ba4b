import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Appointment, Order } from '@eyewear/api-client';
import type { Contact } from '../../../app/contact-fields';

/** shopping §3 Studio appointment: the booking (the stores, the chosen time and the form live in the components). */
export interface StudioState {
  submitting: boolean;
  error: string | null;
  /** The booked visit: the thank-you shows it. */
  confirmation: Appointment | null;
  /** account §4: after booking an order's slot, the order is read again (the order refresh). */
  order: Order | null;
}

export const initialStudioState: StudioState = { submitting: false, error: null, confirmation: null, order: null };

/** A studio visit to book: the order's studio slot when `orderId` is given, else by name and phone. */
export interface StudioBooking {
  orderId?: number;
  storeCode: string;
  date: string | undefined;
  time: string | null;
  contact: Contact;
}

export const studioSlice = createSlice({
  name: 'appointmentsStudio',
  initialState: initialStudioState,
  reducers: {
    bookRequested: (s, _a: PayloadAction<StudioBooking>) => {
      s.submitting = true;
      s.error = null;
    },
    booked: (s, a: PayloadAction<Appointment>) => {
      s.submitting = false;
      s.confirmation = a.payload;
    },
    bookFailed: (s, a: PayloadAction<string>) => {
      s.submitting = false;
      s.error = a.payload;
    },
    orderRefreshed: (s, a: PayloadAction<Order>) => {
      s.order = a.payload;
    },
    /** Opening a studio's times, or booking another visit, starts again. */
    reset: () => initialStudioState,
  },
});

export const studioActions = studioSlice.actions;

declare module '@eyewear/event-bus' {
  interface LazySlices {
    appointmentsStudio: StudioState;
  }
}
