import type { RemotePageProps } from '@eyewear/federation';
import { expectPageRenders } from '@eyewear/ui/testing';
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

const m = messages.defaults;
const pages: { name: string; Page: ComponentType<RemotePageProps>; props: RemotePageProps; url: string; title: string; shows: string | null }[] = [
  { name: 'AccountPage', Page: AccountPage, props: { params: { '*': 'abc-42' }, props: {} }, url: '/x', title: m.accountPageTitle, shows: 'abc-42' },
  { name: 'LensPackageUpgradePage', Page: LensPackageUpgradePage, props: { params: { orderId: 'abc-42' }, props: {} }, url: '/x', title: m.lensPackageUpgradePageTitle, shows: 'abc-42' },
  { name: 'OrderDetailPage', Page: OrderDetailPage, props: { params: { id: 'abc-42' }, props: {} }, url: '/x', title: m.orderDetailPageTitle, shows: 'abc-42' },
  { name: 'OrdersPage', Page: OrdersPage, props: { params: {}, props: {} }, url: '/x', title: m.ordersPageTitle, shows: null },
  { name: 'PasswordPage', Page: PasswordPage, props: { params: {}, props: { mode: 'abc-42' } }, url: '/x', title: m.passwordPageTitle, shows: 'abc-42' },
  { name: 'ReturnDetailsPage', Page: ReturnDetailsPage, props: { params: { id: 'abc-42' }, props: {} }, url: '/x', title: m.returnDetailsPageTitle, shows: 'abc-42' },
  { name: 'ReturnProductsPage', Page: ReturnProductsPage, props: { params: { id: 'abc-42' }, props: {} }, url: '/x', title: m.returnProductsPageTitle, shows: 'abc-42' },
  { name: 'ReturnStepPage', Page: ReturnStepPage, props: { params: { exchangeOrderId: 'abc-42' }, props: {} }, url: '/x', title: m.returnStepPageTitle, shows: 'abc-42' },
];

describe('account exposed pages', () => {
  it.each(pages)('$name renders its title and what its route carries', ({ name, ...page }) => {
    expectPageRenders({ ...page, testId: `account-${name}`, siteName: m.siteName });
  });
});
