// The last step of the shell's start (bootstrap.tsx): React's renderer and the app. Loaded in a
// task of its own, once the store and the session saga run.
export { createRoot, hydrateRoot } from 'react-dom/client';
export { App } from './app/app';
export { onRecoverableError } from './app/federation';
export { DEFERRED_SLOT_ATTRIBUTE } from './app/remote-area';
