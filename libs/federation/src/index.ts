export { REMOTES, REMOTE_IDS, isRemoteId, containerName, type RemoteId } from './remotes';
export {
  parseRemotesManifest,
  chooseReleases,
  ManifestError,
  type RemotesManifest,
  type RemoteChannels,
  type RemoteRelease,
  type CanaryRelease,
  type ChosenRemote,
  type Channel,
} from './manifest';
export { COHORT_COOKIE, ensureCohort, parseCohort, readCookie } from './cohort';
export { errorMessage, type RemoteFailure, type FailureKind, type FailureReporter } from './report';
export {
  startFederation,
  fetchRemotesManifest,
  loadExposed,
  resetRemote,
  chosenReleases,
  pageViewReceipt,
  federationInfo,
  RemoteLoadError,
  abandonCanary,
  releaseOf,
  canaryBudget,
  resetFederationForTests,
  DEFAULT_LOAD_TIMEOUT_MS,
  MIN_LOAD_TIMEOUT_MS,
  STABLE_RESERVE_MS,
  MIN_CANARY_BUDGET_MS,
} from './runtime';
export { FRAGMENTS, SLOTS, type FragmentName, type RemoteFragment, type RemoteFragmentProps, type SlotName, type SlotProps } from './fragments';
export { ROUTE_TABLE, legacyRedirect, isChromeHidden, type RemoteRoute, type RemotePageProps } from './routes';
export { OVERRIDE_PARAM, OVERRIDE_COOKIE, parseOverrides, formatOverrides, applyOverrides, readOverrides, type Overrides } from './override';
export { preloadRoute, matchRoute, assetsFor, adoptInlineManifest } from './preload';
export { ROUTE_HINT_ATTRIBUTE, productRoute, routeHint } from './route-hint';
export { yieldToMain, yieldingLoadPlugin } from './yield';
export {
  PAGE_QUERY_PARAMS,
  pageCacheUrl,
  BUILDS_COOKIE,
  CUSTOMER_COOKIE,
  PRIVATE_PAGE_PARAMS,
  PRIVATE_PAGE_REMOTES,
  PRIVATE_PAGE_COOKIES,
  SURROGATE_KEY_HEADERS,
  PAGE_S_MAXAGE,
  PAGE_STALE_WHILE_REVALIDATE,
} from './page-cache';
export { EARLY_TAP_ATTRIBUTE, EARLY_TAP_GLOBAL, EARLY_TAP_MAX_AGE_MS, EARLY_TAP_SLOP_PX, HYDRATING_ATTRIBUTE, scriptJson, type EarlyTap } from './hydration';
