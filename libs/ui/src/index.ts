export { AreaFallback, type AreaFallbackProps } from './area-fallback';
export { ProgressBar } from './progress-bar';
export { Skeleton, SkeletonGrid } from './skeleton';
export { PageHeading, useDocumentTitle } from './page-heading';
