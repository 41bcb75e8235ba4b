import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AddressInput, DeliveryOption, GiftMessage, OrderPaymentResult, PaymentStatus, QrPayment } from '@eyewear/api-client';
import { messages } from '../../../app/messages';
import type { PayInput, PaymentCheckMethod, PresalesInfo } from '../api';

/** The payment status screen's watch (QR, collect, confirm): what the polling saga found so far. */
export interface PaymentCheck {
  orderId: number | null;
  /** The QR code to pay with (QR screen only), once generated. */
  qr: QrPayment | null;
  /** The latest status the API gave. */
  status: PaymentStatus | null;
  /** The code could not be made or the status not read: the server's message, or null for the catalogue's. */
  error: { message: string | null } | null;
  /** The polls ran out without a settled payment (an abandoned QR or collect request). */
  timedOut: boolean;
}

/** shopping §3 Checkout state, with the spec's defaults (step 1, modification allowed). */
export interface CheckoutState {
  checkoutStepKey: number;
  guestInfo: { email: string; phone: string } | null;
  address: AddressInput | null;
  giftMessage: GiftMessage | null;
  deliveryData: { pincode: string; options: DeliveryOption[] } | null;
  selectedPaymentMethod: string | null;
  paymentData: OrderPaymentResult | null;
  paymentError: string | null;
  /** The field the API named in its refusal (`captcha`: the answer was wrong, the captcha used up). */
  paymentErrorField: string | null;
  placing: boolean;
  orderPlaced: boolean;
  transStatus: PaymentStatus | null;
  allowCartModification: boolean;
  /** shopping §3 preSalesInfo: what the presales session info said (null until asked, or when it failed). */
  preSalesInfo: PresalesInfo | null;
  leadSource: boolean;
  /** The Idempotency-Key of the attempt in progress: a retry after a dropped answer reuses it. */
  attemptKey: string | null;
  paymentCheck: PaymentCheck;
}

const noPaymentCheck: PaymentCheck = { orderId: null, qr: null, status: null, error: null, timedOut: false };

export const initialCheckoutState: CheckoutState = {
  checkoutStepKey: 1,
  guestInfo: null,
  address: null,
  giftMessage: null,
  deliveryData: null,
  selectedPaymentMethod: null,
  paymentData: null,
  paymentError: null,
  paymentErrorField: null,
  placing: false,
  orderPlaced: false,
  transStatus: null,
  allowCartModification: true,
  preSalesInfo: null,
  leadSource: false,
  attemptKey: null,
  paymentCheck: noPaymentCheck,
};

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {
    guestInfoSaved(state, action: PayloadAction<{ email: string; phone: string }>) {
      state.guestInfo = action.payload;
      state.checkoutStepKey = 2;
    },
    /** shopping §4 "When login becomes true on checkout, step 2 begins". */
    loggedIn(state) {
      state.checkoutStepKey = Math.max(2, state.checkoutStepKey);
    },
    /** A new address was sent: the delivery options shown were the old address's, so they go until its answer comes. */
    addressRequested(state) {
      state.deliveryData = null;
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
    /** shopping §3: leadSource is true when presales info says a presales user is logged in. */
    presalesInfoLoaded(state, action: PayloadAction<PresalesInfo>) {
      state.preSalesInfo = action.payload;
      state.leadSource = action.payload.loggedIn;
    },
    presalesInfoFailed(state) {
      state.preSalesInfo = null;
      state.leadSource = false;
    },
    methodSelected(state, action: PayloadAction<string>) {
      state.selectedPaymentMethod = action.payload;
      state.paymentError = null;
    },
    placeOrderRequested(state, action: PayloadAction<{ payment: PayInput; key: string }>) {
      state.placing = true;
      state.paymentError = null;
      state.paymentErrorField = null;
      state.attemptKey = action.payload.key;
    },
    placeOrderSucceeded(state, action: PayloadAction<OrderPaymentResult>) {
      state.orderPlaced = true;
      state.paymentData = action.payload;
      state.transStatus = null;
    },
    placeOrderFailed(state, action: PayloadAction<{ message: string; keepKey: boolean; field?: string }>) {
      state.placing = false;
      state.orderPlaced = false;
      state.paymentError = action.payload.message;
      state.paymentErrorField = action.payload.field ?? null;
      // A definite answer ends the attempt; a dropped one keeps the key for the retry.
      if (!action.payload.keepKey) state.attemptKey = null;
    },
    transStatusReceived(state, action: PayloadAction<PaymentStatus>) {
      state.transStatus = action.payload;
      if (action.payload.status === 'FAILED' || action.payload.status === 'CANCELLED') {
        state.placing = false;
        state.paymentError = action.payload.message ?? messages.defaults.paymentFailed;
      }
    },
    paymentSettled(state) {
      state.placing = false;
    },
    /** The shopper stopped waiting for a UPI collect request (to pay again or another way): its polling stops. */
    paymentAbandoned(state) {
      state.placing = false;
      if (state.paymentData) state.transStatus = { orderId: state.paymentData.order.id, status: 'CANCELLED' };
    },
    /** The payment status screen opened: the saga generates the QR code (QR) and polls until the payment settles. */
    paymentCheckStarted(state, action: PayloadAction<{ method: PaymentCheckMethod; orderId: number }>) {
      state.paymentCheck = { ...noPaymentCheck, orderId: action.payload.orderId };
    },
    qrGenerated(state, action: PayloadAction<QrPayment>) {
      state.paymentCheck.qr = action.payload;
    },
    paymentCheckStatus(state, action: PayloadAction<PaymentStatus>) {
      state.paymentCheck.status = action.payload;
    },
    paymentCheckFailed(state, action: PayloadAction<{ message: string | null }>) {
      state.paymentCheck.error = action.payload;
    },
    paymentCheckTimedOut(state) {
      state.paymentCheck.timedOut = true;
    },
    /** The screen closed: the polling stops. */
    paymentCheckStopped() {},
    /** Leaving checkout by logout resets it to the defaults. */
    reset() {
      return initialCheckoutState;
    },
  },
});

export const checkoutActions = checkoutSlice.actions;
export const selectCheckout = (state: { checkout?: CheckoutState }): CheckoutState => state.checkout ?? initialCheckoutState;
