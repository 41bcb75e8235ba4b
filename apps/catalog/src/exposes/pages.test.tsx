import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nProvider } from '@eyewear/i18n';
import type { RemotePageProps } from '@eyewear/federation';
import type { ComponentType } from 'react';
import { messages } from '../app/messages';
import CmsPage from './CmsPage';
import ContentPage from './ContentPage';
import HomePage from './HomePage';
import ListingPage from './ListingPage';
import QuizPage from './QuizPage';
import SearchPage from './SearchPage';

const pages: [string, ComponentType<RemotePageProps>, RemotePageProps, string, string, string | null][] = [
  ['CmsPage', CmsPage, {"params":{},"props":{"page":"abc-42"}}, "/x", messages.defaults.cmsPageTitle, 'abc-42'],
  ['ContentPage', ContentPage, {"params":{},"props":{"page":"abc-42"}}, "/x", messages.defaults.contentPageTitle, 'abc-42'],
  ['HomePage', HomePage, {"params":{"pagename":"abc-42"},"props":{}}, "/x", messages.defaults.homePageTitle, 'abc-42'],
  ['ListingPage', ListingPage, {"params":{"id":"abc-42"},"props":{}}, "/x", messages.defaults.listingPageTitle, 'abc-42'],
  ['QuizPage', QuizPage, {"params":{},"props":{}}, "/x", messages.defaults.quizPageTitle, null],
  ['SearchPage', SearchPage, {"params":{},"props":{}}, "/x?q=abc-42", messages.defaults.searchPageTitle, 'abc-42'],
];

describe('catalog exposed pages', () => {
  it.each(pages)('%s renders its title and what its route carries', (name, Page, route, url, title, shown) => {
    render(
      <MemoryRouter initialEntries={[url]}>
        <I18nProvider country="in">
          <Page {...route} />
        </I18nProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId(`catalog-${name}`)).toBeInTheDocument();
    if (shown) expect(screen.getByText(new RegExp(shown))).toBeInTheDocument();
    expect(document.title).toBe(`${title} | ${messages.defaults.siteName}`);
  });
});
