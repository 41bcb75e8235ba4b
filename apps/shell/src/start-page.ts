// The second step of the shell's start (bootstrap.tsx): what the page store, the remotes'
// loader and the session need. Loaded in a task of its own, after the bootstrap chunk's first.
export { call } from 'redux-saga/effects';
export { createPageStore, preloadLazyComponents, QueryCache } from '@eyewear/event-bus';
export { createAreaLoader } from './app/federation';
export { preloadInView, preloadOnIntent } from './app/intent-preload';
export { routedPage, startPageReads } from './app/page-reads';
export { sessionSaga } from './app/session/session-saga';
export { shellSlice } from './app/shell-slice';
export { createReporter } from './app/telemetry';
