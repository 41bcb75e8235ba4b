import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AddressInput, DeliveryOption, GiftMessage, OrderPaymentResult, PaymentMethod, PaymentStatus } from '@eyewear/api-client';
import type { PayInput, PresalesInfo } from './api';
import type { PaymentMethodsVersion } from './payment-rules';

/** shopping §3 Checkout state, with the spec's defaults (step 1, modification allowed). */
export interface CheckoutState {
  checkoutStepKey: number;
  guestInfo: { email: string; phone: string } | null;
  address: AddressInput | null;
  giftMessage: GiftMessage | null;
  deliveryData: { pincode: string; options: DeliveryOption[] } | null;
  paymentMethods: { status: 'idle' | 'loading' | 'ready' | 'failed'; list: PaymentMethod[] | null; error: string | null };
  selectedPaymentMethod: string | null;
  paymentData: OrderPaymentResult | null;
  paymentError: string | null;
  placing: boolean;
  orderPlaced: boolean;
  transStatus: PaymentStatus | null;
  vpaStatus: { vpa: string; valid: boolean; name?: string } | null;
  allowCartModification: boolean;
  /** shopping §3 preSalesInfo: what the presales session info said (null until asked, or when it failed). */
  preSalesInfo: PresalesInfo | null;
  leadSource: boolean;
  /** The Idempotency-Key of the attempt in progress: a retry after a dropped answer reuses it. */
  attemptKey: string | null;
}

export const initialCheckoutState: CheckoutState = {
  checkoutStepKey: 1,
  guestInfo: null,
  address: null,
  giftMessage: null,
  deliveryData: null,
  paymentMethods: { status: 'idle', list: null, error: null },
  selectedPaymentMethod: null,
  paymentData: null,
  paymentError: null,
  placing: false,
  orderPlaced: false,
  transStatus: null,
  vpaStatus: null,
  allowCartModification: true,
  preSalesInfo: null,
  leadSource: false,
  attemptKey: null,
};

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {
    stepChanged(state, action: PayloadAction<number>) {
      state.checkoutStepKey = action.payload;
    },
    guestInfoSaved(state, action: PayloadAction<{ email: string; phone: string }>) {
      state.guestInfo = action.payload;
      state.checkoutStepKey = 2;
    },
    /** shopping §4 "When login becomes true on checkout, step 2 begins". */
    loggedIn(state) {
      state.checkoutStepKey = Math.max(2, state.checkoutStepKey);
    },
    addressSaved(state, action: PayloadAction<{ address: AddressInput; giftMessage: GiftMessage | null; options: DeliveryOption[] }>) {
      state.address = action.payload.address;
      state.giftMessage = action.payload.giftMessage;
      state.deliveryData = { pincode: action.payload.address.postcode, options: action.payload.options };
    },
    deliveryUpdated(state, action: PayloadAction<DeliveryOption[]>) {
      if (state.deliveryData) state.deliveryData.options = action.payload;
    },
    leadSourceSet(state, action: PayloadAction<boolean>) {
      state.leadSource = action.payload;
    },
    /** Presales checkout: ask the presales session info. */
    presalesInfoRequested() {},
    /** shopping §3: leadSource is true when presales info says a presales user is logged in. */
    presalesInfoLoaded(state, action: PayloadAction<PresalesInfo>) {
      state.preSalesInfo = action.payload;
      state.leadSource = action.payload.loggedIn;
    },
    presalesInfoFailed(state) {
      state.preSalesInfo = null;
      state.leadSource = false;
    },
    paymentMethodsRequested(state, _action: PayloadAction<{ country: string; orderId?: number; version?: PaymentMethodsVersion }>) {
      state.paymentMethods = { status: 'loading', list: null, error: null };
    },
    paymentMethodsLoaded(state, action: PayloadAction<PaymentMethod[]>) {
      state.paymentMethods = { status: 'ready', list: action.payload, error: null };
    },
    paymentMethodsFailed(state, action: PayloadAction<string>) {
      state.paymentMethods = { status: 'failed', list: null, error: action.payload };
    },
    methodSelected(state, action: PayloadAction<string>) {
      state.selectedPaymentMethod = action.payload;
      state.paymentError = null;
    },
    vpaChecked(state, action: PayloadAction<{ vpa: string; valid: boolean; name?: string }>) {
      state.vpaStatus = action.payload;
    },
    placeOrderRequested(state, action: PayloadAction<{ payment: PayInput; key: string }>) {
      state.placing = true;
      state.paymentError = null;
      state.attemptKey = action.payload.key;
    },
    placeOrderSucceeded(state, action: PayloadAction<OrderPaymentResult>) {
      state.orderPlaced = true;
      state.paymentData = action.payload;
      state.transStatus = null;
    },
    placeOrderFailed(state, action: PayloadAction<{ message: string; keepKey: boolean }>) {
      state.placing = false;
      state.orderPlaced = false;
      state.paymentError = action.payload.message;
      // A definite answer ends the attempt; a dropped one keeps the key for the retry.
      if (!action.payload.keepKey) state.attemptKey = null;
    },
    transStatusRequested(state) {
      state.transStatus = null;
    },
    transStatusReceived(state, action: PayloadAction<PaymentStatus>) {
      state.transStatus = action.payload;
      if (action.payload.status === 'FAILED') {
        state.placing = false;
        state.paymentError = action.payload.message ?? 'Payment failed';
      }
    },
    paymentSettled(state) {
      state.placing = false;
    },
    /** Leaving checkout by logout resets it to the defaults. */
    reset() {
      return initialCheckoutState;
    },
  },
});

export const checkoutActions = checkoutSlice.actions;
export const selectCheckout = (state: { checkout?: CheckoutState }): CheckoutState => state.checkout ?? initialCheckoutState;
