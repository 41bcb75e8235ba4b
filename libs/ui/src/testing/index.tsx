import { render, screen } from '@testing-library/react';
import { type ComponentType, type ReactElement } from 'react';
import { MemoryRouter } from '@eyewear/router';
import { I18nProvider, type CountryCode } from '@eyewear/i18n';

/** Renders inside what every page has around it: a router at `url` and the country. */
export function renderWithProviders(ui: ReactElement, { url = '/', country = 'in' }: { url?: string; country?: CountryCode } = {}) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <I18nProvider country={country}>{ui}</I18nProvider>
    </MemoryRouter>,
  );
}

export interface ExposedPageCase<P> {
  /** `<app>-<Page>`, the page's test id. */
  testId: string;
  Page: ComponentType<P>;
  props: P;
  url: string;
  title: string;
  siteName: string;
  /** Text the page must show from its route (a param, a prop or the query). */
  shows: string | null;
}

/** An exposed page renders its title as the h1 and the document title, and what its route carries. */
export function expectPageRenders<P extends object>({ testId, Page, props, url, title, siteName, shows }: ExposedPageCase<P>) {
  renderWithProviders(<Page {...props} />, { url });
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(screen.getByTestId(testId)).toBeInTheDocument();
  if (shows) expect(screen.getByText(new RegExp(shows))).toBeInTheDocument();
  expect(document.title).toBe(`${title} | ${siteName}`);
}
