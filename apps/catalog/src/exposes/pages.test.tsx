import type { RemotePageProps } from '@eyewear/federation';
import { expectPageRenders } from '@eyewear/ui/testing';
import type { ComponentType } from 'react';
import { messages } from '../app/messages';
import CmsPage from './CmsPage';
import ContentPage from './ContentPage';
import HomePage from './HomePage';
import ListingPage from './ListingPage';
import QuizPage from './QuizPage';
import SearchPage from './SearchPage';

const m = messages.defaults;
const pages: { name: string; Page: ComponentType<RemotePageProps>; props: RemotePageProps; url: string; title: string; shows: string | null }[] = [
  { name: 'CmsPage', Page: CmsPage, props: { params: {}, props: { page: 'abc-42' } }, url: '/x', title: m.cmsPageTitle, shows: 'abc-42' },
  { name: 'ContentPage', Page: ContentPage, props: { params: {}, props: { page: 'abc-42' } }, url: '/x', title: m.contentPageTitle, shows: 'abc-42' },
  { name: 'HomePage', Page: HomePage, props: { params: { pagename: 'abc-42' }, props: {} }, url: '/x', title: m.homePageTitle, shows: 'abc-42' },
  { name: 'ListingPage', Page: ListingPage, props: { params: { id: 'abc-42' }, props: {} }, url: '/x', title: m.listingPageTitle, shows: 'abc-42' },
  { name: 'QuizPage', Page: QuizPage, props: { params: {}, props: {} }, url: '/x', title: m.quizPageTitle, shows: null },
  { name: 'SearchPage', Page: SearchPage, props: { params: {}, props: {} }, url: '/x?q=abc-42', title: m.searchPageTitle, shows: 'abc-42' },
];

describe('catalog exposed pages', () => {
  it.each(pages)('$name renders its title and what its route carries', ({ name, ...page }) => {
    expectPageRenders({ ...page, testId: `catalog-${name}`, siteName: m.siteName });
  });
});
