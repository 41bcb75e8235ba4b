import { preloadRoute } from '@eyewear/federation';

// Start the first page's remote downloads now, while the bootstrap chunk downloads (ADR 010).
// The page's scripts carry its CSP nonce; the preloads must too. (This module runs in a task
// after the entry script's own, where `document.currentScript` is gone: docs/adr/037.)
// A page the edge rendered (issue 19) links its remote's files itself and carries remotes.json.
if (!document.getElementById('eyewear-ssr')) void preloadRoute({ nonce: document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined });

// An async boundary, so the federation runtime settles shared modules before any of them
// is used (TOOLCHAIN.md trap 15).
import('./bootstrap');
