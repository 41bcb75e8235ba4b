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
  exchangeStartRequested,
  exchangeExitRequested,
  orderPlaced,
  type EventCreator,
  type ToastPayload,
  type RemoteLoadFailedPayload,
  type NavigationPayload,
  type CartChangedPayload,
  type SessionPayload,
  type WishlistChangedPayload,
  type LoginRequestedPayload,
  type CartPopupPayload,
  type ExchangeCredit,
  type ExchangePayload,
  type ExchangeStartPayload,
  type OrderPlacedPayload,
} from './events';
export { latestEventsSlice, samePayload, STATE_EVENTS, type LatestEvents } from './latest';
export { takeEvent, publish, sessionFromAuth, exchangeSession } from './saga';
export { EXCHANGE_COOKIE, EXCHANGE_CREDIT_COOKIE, EXCHANGE_TAB_KEY, RETURN_MODE_COOKIE, RETURN_ACTION_COOKIE, creditOf } from './exchange';
export { createPageStore, type PageStore, type LazySlices } from './store';
export { PageStoreProvider, usePageStore, useInjectSlice, useInjectSaga, useEvent, useLatestEvent } from './react';
export { ApiClientProvider, useApiClient, useQuery, queryKey, type LoadStatus, type QueryState, type QueryOptions } from './query';
export { Slot, SlotProvider, type SlotRenderer } from './slots';
export {
  RenderEnvProvider,
  useRenderEnv,
  useHydrated,
  useServerLoad,
  lazyComponent,
  preloadLazyComponents,
  clientAreaError,
  CLIENT_AREA_DIGEST,
  QueryCache,
  type RenderEnv,
  type QueryEntry,
} from './render-env';
