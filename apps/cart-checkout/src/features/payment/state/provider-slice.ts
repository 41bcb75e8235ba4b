import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OrderPayment } from '@eyewear/api-client';

/** A payment through the card provider (paymentMethod=primer): sent, then its status polled until it settles. */
export interface ProviderPaymentState {
  /** The payment is being sent or confirmed: Pay waits. */
  paying: boolean;
  /** The order is placed and the provider's status is being polled. */
  confirming: boolean;
  /** Why the payment could not be sent (the server's message). */
  error: string | null;
  /** The answer was lost (network, 409): the retry keeps the attempt's Idempotency-Key. */
  keepKey: boolean;
  /** The polls ran out before the provider settled the payment. */
  timedOut: boolean;
}

export const initialProviderState: ProviderPaymentState = { paying: false, confirming: false, error: null, keepKey: false, timedOut: false };

export const providerSlice = createSlice({
  name: 'paymentProvider',
  initialState: initialProviderState,
  reducers: {
    payRequested(state, _action: PayloadAction<{ payment: OrderPayment; key: string }>) {
      state.paying = true;
      state.error = null;
      state.timedOut = false;
    },
    payFailed(state, action: PayloadAction<{ message: string; keepKey: boolean }>) {
      state.paying = false;
      state.error = action.payload.message;
      state.keepKey = action.payload.keepKey;
    },
    confirming(state) {
      state.confirming = true;
      state.keepKey = false;
    },
    /** The payment settled (paid or declined), or the polls ran out. */
    finished(state, action: PayloadAction<{ timedOut: boolean }>) {
      state.paying = false;
      state.confirming = false;
      state.timedOut = action.payload.timedOut;
    },
    /** The shopper changed what they pay with: the last error is theirs no more. */
    errorCleared(state) {
      state.error = null;
    },
  },
});

export const providerActions = providerSlice.actions;
export const selectProvider = (state: { paymentProvider?: ProviderPaymentState }): ProviderPaymentState => state.paymentProvider ?? initialProviderState;
