export {
  defineEvent,
  EventPayloadError,
  toastShow,
  remoteLoadFailed,
  navigationChanged,
  cartChanged,
  sessionChanged,
  sessionOf,
  GUEST_SESSION,
  wishlistChanged,
  loginRequested,
  loggedIn,
  loggedOut,
  cartPopupRequested,
  exchangeChanged,
  type EventCreator,
  type ToastPayload,
  type RemoteLoadFailedPayload,
  type NavigationPayload,
  type CartChangedPayload,
  type SessionPayload,
  type WishlistChangedPayload,
  type LoginRequestedPayload,
  type CartPopupPayload,
  type ExchangePayload,
} from './events';
export { latestEventsSlice, STATE_EVENTS, type LatestEvents } from './latest';
export { takeEvent, publish, sessionFromAuth } from './saga';
export { createPageStore, type PageStore, type LazySlices } from './store';
export { PageStoreProvider, usePageStore, useInjectSlice, useInjectSaga, useLatestEvent } from './react';
