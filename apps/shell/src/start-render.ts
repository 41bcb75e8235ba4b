// The last step of the shell's start (bootstrap.tsx): the app. Loaded in a task of its own, once
// the store and the session saga run and React's renderer is loaded (start-dom.ts).
export { App } from './app/app';
export { onRecoverableError } from './app/federation';
export { DEFERRED_SLOT_ATTRIBUTE } from './app/remote-area';
export { preloadLookedUp } from './app/resolve-page';
