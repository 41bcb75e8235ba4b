import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { fakeApi } from '@eyewear/api-client/testing';
import { renderPage } from '@eyewear/event-bus/testing';
import type { RemotePageProps } from '@eyewear/federation';
import { messages as flowMessages } from '../app/flow-messages';
import { messages } from '../app/messages';
import HtoPage from './HtoPage';
import HtoSosPage from './HtoSosPage';
import TestYourVisionPage from './TestYourVisionPage';

const m = messages.defaults;
const f = flowMessages.defaults;
const pages: { name: string; Page: ComponentType<RemotePageProps>; url: string; title: string; shows: string }[] = [
  { name: 'HtoPage', Page: HtoPage, url: '/HTO', title: m.htoPageTitle, shows: f.whereVisit },
  { name: 'HtoSosPage', Page: HtoSosPage, url: '/HTO/sos', title: m.htoSosPageTitle, shows: f.sosMissing },
  { name: 'TestYourVisionPage', Page: TestYourVisionPage, url: '/test-your-vision', title: m.testYourVisionPageTitle, shows: f.findStore },
  { name: 'TestYourVisionPage', Page: TestYourVisionPage, url: '/test-your-vision?flow=studio', title: m.studioTitle, shows: f.studioStores },
];

describe('appointments exposed pages', () => {
  it.each(pages)('$name at $url renders its title and what its route carries', async ({ name, Page, url, title, shows }) => {
    const api = fakeApi({
      'hto.page': { result: { sections: [], config: { price: 0, enabled: true } } },
      'hto.cancelReasons': { result: { reasons: [] } },
      'appointments.studioStores': { result: { stores: [] } },
    });
    renderPage(<Page params={{}} props={{}} />, { url, api: api.client });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId(`appointments-${name}`)).toBeInTheDocument();
    expect(document.title).toBe(`${title} | ${m.siteName}`);
    // The flow, a lazy chunk, follows.
    expect(await screen.findByText(shows)).toBeInTheDocument();
  });
});
