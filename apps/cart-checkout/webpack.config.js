const { createAppConfig } = require('../../tools/webpack/app-config.cjs');

// The cart-checkout remote's federated surface: the pages and fragments it owns, in one place.
module.exports = createAppConfig({
  name: 'cart-checkout',
  container: 'cart_checkout',
  dir: __dirname,
  devPort: 4203,
  exposes: {
    './CartPage': './src/exposes/CartPage.tsx',
    './CartPopup': './src/exposes/CartPopup.tsx',
    './CheckoutPage': './src/exposes/CheckoutPage.tsx',
    './PresalesLoginPage': './src/exposes/PresalesLoginPage.tsx',
    './PaymentPage': './src/exposes/PaymentPage.tsx',
    './PaymentStatusPage': './src/exposes/PaymentStatusPage.tsx',
    './OrderSuccessPage': './src/exposes/OrderSuccessPage.tsx',
    './OrderSummaryPage': './src/exposes/OrderSummaryPage.tsx',
  },
});
