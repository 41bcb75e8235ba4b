// An async boundary, so the federation runtime settles shared modules before any of them
// is used (TOOLCHAIN.md trap 15).
import('./bootstrap');
