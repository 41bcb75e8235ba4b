import { AreaFallback } from './area-fallback';

export const STORE_UNREACHABLE_TITLE = "We can't reach the store right now";
export const STORE_UNREACHABLE_MESSAGE = 'The store is not answering. Nothing you saved is lost: try again in a moment.';

export interface StoreUnreachableProps {
  onRetry: () => void;
  title?: string;
  message?: string;
  retryLabel?: string;
  /** Pages take focus so keyboard and screen-reader users learn why nothing loaded. */
  focusOnMount?: boolean;
  testId?: string;
}

/**
 * What an area shows when the store (the API) cannot be reached: the same note everywhere,
 * announced as an alert, with a Try again that loads the area's data again (docs/adr/022).
 */
export function StoreUnreachable({
  onRetry,
  title = STORE_UNREACHABLE_TITLE,
  message = STORE_UNREACHABLE_MESSAGE,
  retryLabel = 'Try again',
  focusOnMount = false,
  testId = 'store-unreachable',
}: StoreUnreachableProps) {
  return <AreaFallback title={title} message={message} retryLabel={retryLabel} onRetry={onRetry} focusOnMount={focusOnMount} testId={testId} />;
}
