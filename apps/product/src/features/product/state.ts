import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AddToCart, PowerValidation, Product, Review, ReviewInput, ReviewList, ShippingEstimate } from '@eyewear/api-client';

export type Status = 'idle' | 'loading' | 'success' | 'failed';

/** What an add-to-cart carries: the cart body, and for contact lenses the power check first. */
export interface AddRequest {
  body: AddToCart;
  /** A lens-package submission waits 100 ms first (shopping §4). */
  kind: 'package' | 'contactLens' | 'plain';
  /** Contact lenses: the server check, and whether the product is made to order (always valid). */
  validate?: { productId: number; body: { powerType: 'CONTACT_LENS'; left: object; right: object; isBothEye?: boolean } };
  jit?: boolean;
  /** Gold membership chosen with the item: the goldPid goes to the cart too. */
  gold?: boolean;
}

export interface ProductPageState {
  product: { status: Status; id: number | null; data: Product | null; error: string | null };
  delivery: { status: Status; pincode: string; express: ShippingEstimate | null; details: ShippingEstimate | null; error: string | null };
  reviews: {
    status: Status;
    items: Review[];
    page: number;
    total: number;
    average: number;
    error: string | null;
    post: { status: Status; error: string | null };
  };
  cart: { status: Status; error: string | null; count: number | null };
  validation: { status: Status; result: PowerValidation | null };
}

const initialState: ProductPageState = {
  product: { status: 'idle', id: null, data: null, error: null },
  delivery: { status: 'idle', pincode: '', express: null, details: null, error: null },
  reviews: { status: 'idle', items: [], page: -1, total: 0, average: 0, error: null, post: { status: 'idle', error: null } },
  cart: { status: 'idle', error: null, count: null },
  validation: { status: 'idle', result: null },
};

/** The product page's state: each data set goes load, then success or fail; reset returns the initial state. */
export const productPageSlice = createSlice({
  name: 'productPage',
  initialState,
  reducers: {
    // Loading clears the old data (shopping §4 Product page).
    productRequested: (_state, action: PayloadAction<{ id: number }>) => ({
      ...initialState,
      product: { status: 'loading', id: action.payload.id, data: null, error: null },
    }),
    productLoaded: (state, action: PayloadAction<Product>) => {
      state.product = { ...state.product, status: 'success', data: action.payload, error: null };
    },
    productFailed: (state, action: PayloadAction<{ message: string }>) => {
      state.product = { ...state.product, status: 'failed', data: null, error: action.payload.message };
    },
    deliveryRequested: (state, action: PayloadAction<{ pincode: string }>) => {
      state.delivery = { status: 'loading', pincode: action.payload.pincode, express: null, details: null, error: null };
    },
    deliveryLoaded: (state, action: PayloadAction<{ express: ShippingEstimate; details: ShippingEstimate }>) => {
      state.delivery = { ...state.delivery, status: 'success', ...action.payload };
    },
    deliveryFailed: (state, action: PayloadAction<{ message: string }>) => {
      state.delivery = { ...state.delivery, status: 'failed', express: null, details: null, error: action.payload.message };
    },
    // Resetting the pincode form clears the express options and the details (shopping §4).
    deliveryReset: (state) => {
      state.delivery = initialState.delivery;
    },
    reviewsRequested: (state, _action: PayloadAction<{ id: number; page: number }>) => {
      state.reviews.status = 'loading';
      state.reviews.error = null;
    },
    reviewsLoaded: (state, action: PayloadAction<ReviewList['review']>) => {
      const { reviews, page, total, averageRating } = action.payload;
      // Pages append (account §4 Reviews); page 0 starts over.
      state.reviews = {
        ...state.reviews,
        status: 'success',
        items: page === 0 ? reviews : [...state.reviews.items, ...reviews],
        page,
        total,
        average: averageRating,
      };
    },
    reviewsFailed: (state, action: PayloadAction<{ message: string }>) => {
      state.reviews.status = 'failed';
      state.reviews.error = action.payload.message;
    },
    reviewPostRequested: (state, _action: PayloadAction<{ id: number; review: ReviewInput }>) => {
      state.reviews.post = { status: 'loading', error: null };
    },
    reviewPosted: (state, action: PayloadAction<Review>) => {
      state.reviews.post = { status: 'success', error: null };
      state.reviews.items = [action.payload, ...state.reviews.items];
      state.reviews.total += 1;
    },
    reviewPostFailed: (state, action: PayloadAction<{ message: string }>) => {
      state.reviews.post = { status: 'failed', error: action.payload.message };
    },
    reviewsReset: (state) => {
      state.reviews = initialState.reviews;
    },
    addRequested: (state, _action: PayloadAction<AddRequest>) => {
      state.cart = { status: 'loading', error: null, count: null };
      state.validation = initialState.validation;
    },
    validationLoaded: (state, action: PayloadAction<PowerValidation>) => {
      state.validation = { status: 'success', result: action.payload };
    },
    addSucceeded: (state, action: PayloadAction<{ count: number }>) => {
      state.cart = { status: 'success', error: null, count: action.payload.count };
    },
    addFailed: (state, action: PayloadAction<{ message: string }>) => {
      state.cart = { status: 'failed', error: action.payload.message, count: null };
    },
    addReset: (state) => {
      state.cart = initialState.cart;
      state.validation = initialState.validation;
    },
  },
  selectors: {
    selectProduct: (state) => state.product,
    selectDelivery: (state) => state.delivery,
    selectReviews: (state) => state.reviews,
    selectCart: (state) => state.cart,
    selectValidation: (state) => state.validation,
  },
});

export const productPageActions = productPageSlice.actions;
export { initialState as productPageInitialState };
