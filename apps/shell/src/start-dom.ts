// A step of the shell's start (bootstrap.tsx): React's renderer, a task of its own before the app's
// modules (start-render.ts): each is 5-15 ms of script on a fast machine, four times that on a phone.
export { createRoot, hydrateRoot } from 'react-dom/client';
