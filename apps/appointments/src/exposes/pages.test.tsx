import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nProvider } from '@eyewear/i18n';
import type { RemotePageProps } from '@eyewear/federation';
import type { ComponentType } from 'react';
import { messages } from '../app/messages';
import HtoPage from './HtoPage';
import HtoSosPage from './HtoSosPage';
import TestYourVisionPage from './TestYourVisionPage';

const pages: [string, ComponentType<RemotePageProps>, RemotePageProps, string, string, string | null][] = [
  ['HtoPage', HtoPage, {"params":{},"props":{}}, "/x", messages.defaults.htoPageTitle, null],
  ['HtoSosPage', HtoSosPage, {"params":{},"props":{}}, "/x", messages.defaults.htoSosPageTitle, null],
  ['TestYourVisionPage', TestYourVisionPage, {"params":{},"props":{}}, "/x", messages.defaults.testYourVisionPageTitle, null],
];

describe('appointments exposed pages', () => {
  it.each(pages)('%s renders its title and what its route carries', (name, Page, route, url, title, shown) => {
    render(
      <MemoryRouter initialEntries={[url]}>
        <I18nProvider country="in">
          <Page {...route} />
        </I18nProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId(`appointments-${name}`)).toBeInTheDocument();
    if (shown) expect(screen.getByText(new RegExp(shown))).toBeInTheDocument();
    expect(document.title).toBe(`${title} | ${messages.defaults.siteName}`);
  });
});
