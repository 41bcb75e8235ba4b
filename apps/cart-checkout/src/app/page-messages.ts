import { defineMessages } from '@eyewear/i18n';

/** The few strings the exposed pages show before their lazy content: kept apart so first chunks stay small. */
export const pageMessages = defineMessages({
  siteName: 'Eyewear',
  cartPageTitle: 'Shopping cart',
  checkoutPageTitle: 'Checkout',
  checkoutPresalesDetail: 'Presales order',
  presalesLoginPageTitle: 'Sales staff login',
  presalesLoginBody: 'Sales staff sign in here to place a presales order for this shopper. Customers can continue to checkout.',
  paymentPageTitle: 'Payment',
  paymentRetryDetail: 'Pay again for your order',
  paymentStatusPageTitle: 'Payment status',
  paymentStatusPageDetail: 'Order #{value}',
  orderSuccessPageTitle: 'Thank you for your order',
  orderSummaryPageTitle: 'Order summary',
});
