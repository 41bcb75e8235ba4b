export {
  createApiClient,
  apiClientFor,
  buildUrl,
  readCookie,
  newIdempotencyKey,
  ApiError,
  type ApiClient,
  type ApiClientOptions,
  type CallInput,
  type ExchangeContext,
} from './client';
export { BUILD_HEADER, buildHeaderValue, type AppBuild } from './build-header';
export { AUDIENCE_COOKIE, AUDIENCE_TYPES, audienceTypeOf, type AudienceType } from './audience';
export {
  endpoint,
  route,
  result,
  errorBody,
  fillPath,
  q,
  type Endpoint,
  type Route,
  type RouteResult,
  type ContractRoute,
  type CallName,
  type HttpMethod,
  type HeaderRules,
  type ErrorBody,
  type ParamsOf,
  type QueryOf,
  type BodyOf,
  type ResponseOf,
} from './contract/define';
export {
  routeTypes,
  currentUserSchema,
  countryDataSchema,
  telemetryEventSchema,
  type RouteType,
  type CurrentUser,
  type CountryData,
  type TelemetryEvent,
} from './contract/core';
export { contract, coreEndpoints, areaEndpoints } from './contract';
export { messageOf, fieldOf, readableMessageOf } from './errors';
export { coreRoutes } from './contract/core-routes';
export { cartRoutes, checkoutRoutes, moneyRoutes, savedCardRoutes } from './contract/areas/cart-routes';
export { appointmentRoutes, htoRoutes } from './contract/areas/appointments-routes';
export { productRoutes } from './contract/areas/product-routes';
export { pageReads, productIdOf, productReads, type PageRead, type RouteParams } from './page-reads';
export { shellRoutes } from './contract/areas/shell-routes';
export {
  isStoreUnreachable,
  isUnreachableAnswer,
  reachabilityMark,
  reportReachability,
  storeUnreachableSince,
  useStoreUnreachableSince,
  EDGE_ERROR_CODES,
} from './reachability';
export { loadSettings, forgetSettings, settingOn, useRemoteSettings, type RemoteSettings } from './settings';
export { catalogueRoutes } from './contract/areas/catalogue-routes';
export {
  accountRoutes,
  addressRoutes,
  faceProfileRoutes,
  orderRoutes,
  prescriptionRoutes,
  returnRoutes,
  subscriptionRoutes,
} from './contract/areas/account-routes';
export * from './schemas';
export { CACHE_KEYS_HEADER, CACHE_KEY, cacheKeys, parseCacheKeys } from './cache-keys';
