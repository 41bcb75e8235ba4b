import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nProvider } from '@eyewear/i18n';
import type { RemotePageProps } from '@eyewear/federation';
import type { ComponentType } from 'react';
import { messages } from '../app/messages';
import CartPage from './CartPage';
import CheckoutPage from './CheckoutPage';
import OrderSuccessPage from './OrderSuccessPage';
import OrderSummaryPage from './OrderSummaryPage';
import PaymentPage from './PaymentPage';
import PaymentStatusPage from './PaymentStatusPage';
import PresalesLoginPage from './PresalesLoginPage';

const pages: [string, ComponentType<RemotePageProps>, RemotePageProps, string, string, string | null][] = [
  ['CartPage', CartPage, {"params":{},"props":{}}, "/x", messages.defaults.cartPageTitle, null],
  ['CheckoutPage', CheckoutPage, {"params":{},"props":{"mode":"abc-42"}}, "/x", messages.defaults.checkoutPageTitle, 'abc-42'],
  ['OrderSuccessPage', OrderSuccessPage, {"params":{},"props":{}}, "/x", messages.defaults.orderSuccessPageTitle, null],
  ['OrderSummaryPage', OrderSummaryPage, {"params":{},"props":{}}, "/x", messages.defaults.orderSummaryPageTitle, null],
  ['PaymentPage', PaymentPage, {"params":{},"props":{"mode":"abc-42"}}, "/x", messages.defaults.paymentPageTitle, 'abc-42'],
  ['PaymentStatusPage', PaymentStatusPage, {"params":{"id":"abc-42"},"props":{}}, "/x", messages.defaults.paymentStatusPageTitle, 'abc-42'],
  ['PresalesLoginPage', PresalesLoginPage, {"params":{},"props":{}}, "/x", messages.defaults.presalesLoginPageTitle, null],
];

describe('cart-checkout exposed pages', () => {
  it.each(pages)('%s renders its title and what its route carries', (name, Page, route, url, title, shown) => {
    render(
      <MemoryRouter initialEntries={[url]}>
        <I18nProvider country="in">
          <Page {...route} />
        </I18nProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId(`cart-checkout-${name}`)).toBeInTheDocument();
    if (shown) expect(screen.getByText(new RegExp(shown))).toBeInTheDocument();
    expect(document.title).toBe(`${title} | ${messages.defaults.siteName}`);
  });
});
