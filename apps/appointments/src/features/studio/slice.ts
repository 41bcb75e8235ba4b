import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Appointment, Order, Store, StoreSlots } from '@eyewear/api-client';
import type { Status } from '../../app/api';

/** shopping §3 Studio appointment state. */
export interface StudioState {
  stores: { status: Status; list: Store[]; error: string | null };
  timeSlot: { status: Status; data: StoreSlots | null; error: string | null };
  bookTime: string | null;
  formData: { name: string; phone: string };
  modal: { open: boolean; data: Store | null };
  bookStatus: Status;
  bookConfirmation: Appointment | null;
  bookError: string | null;
  showThankYou: boolean;
  /** account §4: after booking an order's slot, the order is read again (the order refresh). */
  order: Order | null;
}

export const initialStudioState: StudioState = {
  stores: { status: 'idle', list: [], error: null },
  timeSlot: { status: 'idle', data: null, error: null },
  bookTime: null,
  formData: { name: '', phone: '' },
  modal: { open: false, data: null },
  bookStatus: 'idle',
  bookConfirmation: null,
  bookError: null,
  showThankYou: false,
  order: null,
};

export interface StudioBooking {
  orderId?: number;
}

export const studioSlice = createSlice({
  name: 'appointmentsStudio',
  initialState: initialStudioState,
  reducers: {
    storesRequested: (s) => {
      s.stores = { status: 'loading', list: [], error: null };
    },
    storesLoaded: (s, a: PayloadAction<Store[]>) => {
      s.stores = { status: 'success', list: a.payload, error: null };
    },
    storesFailed: (s, a: PayloadAction<string>) => {
      s.stores = { status: 'failed', list: [], error: a.payload };
    },
    /** Opening the modal clears the booked time (shopping §4 Studio flow). */
    modalOpened: (s, a: PayloadAction<Store>) => {
      s.modal = { open: true, data: a.payload };
      s.bookTime = null;
      s.bookError = null;
      s.timeSlot = initialStudioState.timeSlot;
    },
    modalClosed: (s) => {
      s.modal = { open: false, data: null };
    },
    dateSelected: (s, _a: PayloadAction<string>) => {
      s.bookTime = null;
    },
    timeSlotRequested: (s) => {
      s.timeSlot = { ...s.timeSlot, status: 'loading', error: null };
    },
    timeSlotLoaded: (s, a: PayloadAction<StoreSlots>) => {
      s.timeSlot = { status: 'success', data: a.payload, error: null };
    },
    timeSlotFailed: (s, a: PayloadAction<string>) => {
      s.timeSlot = { status: 'failed', data: null, error: a.payload };
    },
    timeSelected: (s, a: PayloadAction<string>) => {
      s.bookTime = a.payload;
    },
    formChanged: (s, a: PayloadAction<Partial<StudioState['formData']>>) => {
      s.formData = { ...s.formData, ...a.payload };
    },
    bookRequested: (s, _a: PayloadAction<StudioBooking>) => {
      s.bookStatus = 'loading';
      s.bookError = null;
    },
    booked: (s, a: PayloadAction<Appointment>) => {
      s.bookStatus = 'success';
      s.bookConfirmation = a.payload;
      s.showThankYou = true;
      s.modal = { open: false, data: null };
    },
    bookFailed: (s, a: PayloadAction<string>) => {
      s.bookStatus = 'failed';
      s.bookError = a.payload;
    },
    orderRefreshed: (s, a: PayloadAction<Order>) => {
      s.order = a.payload;
    },
    /** A form reset keeps the stores. */
    formReset: (s) => ({ ...initialStudioState, stores: s.stores }),
  },
});

export const studioActions = studioSlice.actions;
