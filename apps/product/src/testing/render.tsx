import type { ReactElement } from 'react';
import { createPageStore, PageStoreProvider, type PageStore } from '@eyewear/event-bus';
import type { CountryCode } from '@eyewear/i18n';
import { renderWithProviders } from '@eyewear/ui/testing';

/** Renders a product-remote component with a page store, the router and the country. */
export function renderProduct(ui: ReactElement, options: { url?: string; country?: CountryCode; pageStore?: PageStore } = {}) {
  const pageStore = options.pageStore ?? createPageStore();
  const view = renderWithProviders(<PageStoreProvider pageStore={pageStore}>{ui}</PageStoreProvider>, options);
  return { ...view, pageStore };
}
