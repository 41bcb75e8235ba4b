import { act, screen } from '@testing-library/react';
import { fakeApi } from '@eyewear/api-client/testing';
import { renderPage } from '@eyewear/event-bus/testing';
import type { RemotePageProps } from '@eyewear/federation';
import type { ComponentType } from 'react';
import { pageMessages as messages } from '../app/page-messages';
import CartPage from './CartPage';
import CheckoutPage from './CheckoutPage';
import OrderSuccessPage from './OrderSuccessPage';
import OrderSummaryPage from './OrderSummaryPage';
import PaymentPage from './PaymentPage';
import PaymentStatusPage from './PaymentStatusPage';
import PresalesLoginPage from './PresalesLoginPage';

const m = messages.defaults;
const pages: { name: string; Page: ComponentType<RemotePageProps>; props: RemotePageProps; title: string; shows: string | null }[] = [
  { name: 'CartPage', Page: CartPage, props: { params: {}, props: {} }, title: m.cartPageTitle, shows: null },
  { name: 'CheckoutPage', Page: CheckoutPage, props: { params: {}, props: { mode: 'presales' } }, title: m.checkoutPageTitle, shows: 'Presales order' },
  { name: 'OrderSuccessPage', Page: OrderSuccessPage, props: { params: {}, props: {} }, title: m.orderSuccessPageTitle, shows: null },
  { name: 'OrderSummaryPage', Page: OrderSummaryPage, props: { params: {}, props: {} }, title: m.orderSummaryPageTitle, shows: null },
  { name: 'PaymentPage', Page: PaymentPage, props: { params: {}, props: { mode: 'retry' } }, title: m.paymentPageTitle, shows: 'Pay again for your order' },
  { name: 'PaymentStatusPage', Page: PaymentStatusPage, props: { params: { id: '991' }, props: {} }, title: m.paymentStatusPageTitle, shows: 'Order #991' },
  { name: 'PresalesLoginPage', Page: PresalesLoginPage, props: { params: {}, props: {} }, title: m.presalesLoginPageTitle, shows: null },
];

describe('cart-checkout exposed pages', () => {
  it.each(pages)('$name renders its title as the h1 and document title, and what its route carries', async ({ name, Page, props, title, shows }) => {
    // The bodies load lazily and ask the API; this test is about the page shells: nothing answers.
    const fake = fakeApi();
    await act(async () => void renderPage(<Page {...props} />, { url: '/x', api: fake.client }));
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId(`cart-checkout-${name}`)).toBeInTheDocument();
    if (shows) expect(screen.getByText(new RegExp(shows))).toBeInTheDocument();
    // No raw route props or debug text in front of shoppers.
    expect(screen.queryByText(/Mode:/)).not.toBeInTheDocument();
    expect(document.title).toBe(`${title} | ${m.siteName}`);
  });
});
