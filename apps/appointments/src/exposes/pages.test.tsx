import type { RemotePageProps } from '@eyewear/federation';
import { expectPageRenders } from '@eyewear/ui/testing';
import type { ComponentType } from 'react';
import { messages } from '../app/messages';
import HtoPage from './HtoPage';
import HtoSosPage from './HtoSosPage';
import TestYourVisionPage from './TestYourVisionPage';

const m = messages.defaults;
const pages: { name: string; Page: ComponentType<RemotePageProps>; props: RemotePageProps; url: string; title: string; shows: string | null }[] = [
  { name: 'HtoPage', Page: HtoPage, props: { params: {}, props: {} }, url: '/x', title: m.htoPageTitle, shows: null },
  { name: 'HtoSosPage', Page: HtoSosPage, props: { params: {}, props: {} }, url: '/x', title: m.htoSosPageTitle, shows: null },
  { name: 'TestYourVisionPage', Page: TestYourVisionPage, props: { params: {}, props: {} }, url: '/x', title: m.testYourVisionPageTitle, shows: null },
];

describe('appointments exposed pages', () => {
  it.each(pages)('$name renders its title and what its route carries', ({ name, ...page }) => {
    expectPageRenders({ ...page, testId: `appointments-${name}`, siteName: m.siteName });
  });
});
