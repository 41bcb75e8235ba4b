import { defineMessages } from '@eyewear/i18n';

/** Every string the cart-checkout remote shows. */
export const messages = defineMessages({
  siteName: "Eyewear",
  cartPageTitle: "Shopping cart",
  checkoutPageTitle: "Checkout",
  checkoutPageDetail: "Mode: {value}",
  presalesLoginPageTitle: "Sales staff login",
  paymentPageTitle: "Payment",
  paymentPageDetail: "Mode: {value}",
  paymentStatusPageTitle: "Payment status",
  paymentStatusPageDetail: "Payment {value}",
  orderSuccessPageTitle: "Thank you for your order",
  orderSummaryPageTitle: "Order summary"
});
