import type { RemotePageProps } from '@eyewear/federation';
import { expectPageRenders } from '@eyewear/ui/testing';
import type { ComponentType } from 'react';
import { messages } from '../app/messages';
import CartPage from './CartPage';
import CheckoutPage from './CheckoutPage';
import OrderSuccessPage from './OrderSuccessPage';
import OrderSummaryPage from './OrderSummaryPage';
import PaymentPage from './PaymentPage';
import PaymentStatusPage from './PaymentStatusPage';
import PresalesLoginPage from './PresalesLoginPage';

const m = messages.defaults;
const pages: { name: string; Page: ComponentType<RemotePageProps>; props: RemotePageProps; url: string; title: string; shows: string | null }[] = [
  { name: 'CartPage', Page: CartPage, props: { params: {}, props: {} }, url: '/x', title: m.cartPageTitle, shows: null },
  { name: 'CheckoutPage', Page: CheckoutPage, props: { params: {}, props: { mode: 'abc-42' } }, url: '/x', title: m.checkoutPageTitle, shows: 'abc-42' },
  { name: 'OrderSuccessPage', Page: OrderSuccessPage, props: { params: {}, props: {} }, url: '/x', title: m.orderSuccessPageTitle, shows: null },
  { name: 'OrderSummaryPage', Page: OrderSummaryPage, props: { params: {}, props: {} }, url: '/x', title: m.orderSummaryPageTitle, shows: null },
  { name: 'PaymentPage', Page: PaymentPage, props: { params: {}, props: { mode: 'abc-42' } }, url: '/x', title: m.paymentPageTitle, shows: 'abc-42' },
  { name: 'PaymentStatusPage', Page: PaymentStatusPage, props: { params: { id: 'abc-42' }, props: {} }, url: '/x', title: m.paymentStatusPageTitle, shows: 'abc-42' },
  { name: 'PresalesLoginPage', Page: PresalesLoginPage, props: { params: {}, props: {} }, url: '/x', title: m.presalesLoginPageTitle, shows: null },
];

describe('cart-checkout exposed pages', () => {
  it.each(pages)('$name renders its title and what its route carries', ({ name, ...page }) => {
    expectPageRenders({ ...page, testId: `cart-checkout-${name}`, siteName: m.siteName });
  });
});
