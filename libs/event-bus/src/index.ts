export {
  defineEvent,
  EventPayloadError,
  toastShow,
  remoteLoadFailed,
  navigationChanged,
  cartChanged,
  type CartChangedPayload,
  type EventCreator,
  type ToastPayload,
  type RemoteLoadFailedPayload,
  type NavigationPayload,
} from './events';
export { createPageStore, type PageStore, type LazySlices } from './store';
export { PageStoreProvider, usePageStore } from './react';
