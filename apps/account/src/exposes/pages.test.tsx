import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nProvider } from '@eyewear/i18n';
import type { RemotePageProps } from '@eyewear/federation';
import type { ComponentType } from 'react';
import { messages } from '../app/messages';
import AccountPage from './AccountPage';
import LensPackageUpgradePage from './LensPackageUpgradePage';
import OrderDetailPage from './OrderDetailPage';
import OrdersPage from './OrdersPage';
import PasswordPage from './PasswordPage';
import ReturnDetailsPage from './ReturnDetailsPage';
import ReturnProductsPage from './ReturnProductsPage';
import ReturnStepPage from './ReturnStepPage';

const pages: [string, ComponentType<RemotePageProps>, RemotePageProps, string, string, string | null][] = [
  ['AccountPage', AccountPage, {"params":{"*":"abc-42"},"props":{}}, "/x", messages.defaults.accountPageTitle, 'abc-42'],
  ['LensPackageUpgradePage', LensPackageUpgradePage, {"params":{"orderId":"abc-42"},"props":{}}, "/x", messages.defaults.lensPackageUpgradePageTitle, 'abc-42'],
  ['OrderDetailPage', OrderDetailPage, {"params":{"id":"abc-42"},"props":{}}, "/x", messages.defaults.orderDetailPageTitle, 'abc-42'],
  ['OrdersPage', OrdersPage, {"params":{},"props":{}}, "/x", messages.defaults.ordersPageTitle, null],
  ['PasswordPage', PasswordPage, {"params":{},"props":{"mode":"abc-42"}}, "/x", messages.defaults.passwordPageTitle, 'abc-42'],
  ['ReturnDetailsPage', ReturnDetailsPage, {"params":{"id":"abc-42"},"props":{}}, "/x", messages.defaults.returnDetailsPageTitle, 'abc-42'],
  ['ReturnProductsPage', ReturnProductsPage, {"params":{"id":"abc-42"},"props":{}}, "/x", messages.defaults.returnProductsPageTitle, 'abc-42'],
  ['ReturnStepPage', ReturnStepPage, {"params":{"exchangeOrderId":"abc-42"},"props":{}}, "/x", messages.defaults.returnStepPageTitle, 'abc-42'],
];

describe('account exposed pages', () => {
  it.each(pages)('%s renders its title and what its route carries', (name, Page, route, url, title, shown) => {
    render(
      <MemoryRouter initialEntries={[url]}>
        <I18nProvider country="in">
          <Page {...route} />
        </I18nProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId(`account-${name}`)).toBeInTheDocument();
    if (shown) expect(screen.getByText(new RegExp(shown))).toBeInTheDocument();
    expect(document.title).toBe(`${title} | ${messages.defaults.siteName}`);
  });
});
