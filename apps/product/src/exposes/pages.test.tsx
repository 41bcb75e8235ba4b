import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nProvider } from '@eyewear/i18n';
import type { RemotePageProps } from '@eyewear/federation';
import type { ComponentType } from 'react';
import { messages } from '../app/messages';
import CompareLooksPage from './CompareLooksPage';
import EditPowerPage from './EditPowerPage';
import FrameSizePage from './FrameSizePage';
import ProductPage from './ProductPage';

const pages: [string, ComponentType<RemotePageProps>, RemotePageProps, string, string, string | null][] = [
  ['CompareLooksPage', CompareLooksPage, {"params":{},"props":{}}, "/x", messages.defaults.compareLooksPageTitle, null],
  ['EditPowerPage', EditPowerPage, {"params":{},"props":{}}, "/x", messages.defaults.editPowerPageTitle, null],
  ['FrameSizePage', FrameSizePage, {"params":{},"props":{}}, "/x", messages.defaults.frameSizePageTitle, null],
  ['ProductPage', ProductPage, {"params":{"id":"abc-42"},"props":{}}, "/x", messages.defaults.productPageTitle, 'abc-42'],
];

describe('product exposed pages', () => {
  it.each(pages)('%s renders its title and what its route carries', (name, Page, route, url, title, shown) => {
    render(
      <MemoryRouter initialEntries={[url]}>
        <I18nProvider country="in">
          <Page {...route} />
        </I18nProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId(`product-${name}`)).toBeInTheDocument();
    if (shown) expect(screen.getByText(new RegExp(shown))).toBeInTheDocument();
    expect(document.title).toBe(`${title} | ${messages.defaults.siteName}`);
  });
});
