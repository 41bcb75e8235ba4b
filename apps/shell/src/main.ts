import { preloadRoute } from '@eyewear/federation';

// Start the first page's remote downloads now, while the bootstrap chunk downloads (ADR 010).
// The entry script carries the page's CSP nonce; its preloads must too.
// A page the edge rendered (issue 19) links its remote's files itself and carries remotes.json.
if (!document.getElementById('eyewear-ssr')) void preloadRoute({ nonce: (document.currentScript as HTMLScriptElement | null)?.nonce || undefined });

// An async boundary, so the federation runtime settles shared modules before any of them
// is used (TOOLCHAIN.md trap 15).
import('./bootstrap');
