export { AreaFallback, type AreaFallbackProps } from './area-fallback';
export { StoreUnreachable, STORE_UNREACHABLE_TITLE, STORE_UNREACHABLE_MESSAGE, type StoreUnreachableProps } from './store-unreachable';
export { ProgressBar } from './progress-bar';
export { Skeleton, SkeletonGrid } from './skeleton';
export { PageHeading, useDocumentTitle } from './page-heading';
export { Dialog, type DialogProps } from './dialog';
export { ToastList, useToasts, toastKind, TOAST_DEFAULT_TIMEOUT_MS, type Toast, type ToastInput } from './toast';
export { PowerTable, type PowerTableProps } from './power-table';
export { MAIN_IMAGE, MAIN_IMAGE_ID, MAIN_IMAGE_TIMING } from './main-image';
