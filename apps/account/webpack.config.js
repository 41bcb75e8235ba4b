const { createAppConfig } = require('../../tools/webpack/app-config.cjs');

// The account remote's federated surface: the pages and fragments it owns, in one place.
module.exports = createAppConfig({
  name: 'account',
  container: 'account',
  dir: __dirname,
  devPort: 4204,
  exposes: {
    './AccountPage': './src/exposes/AccountPage.tsx',
    './PasswordPage': './src/exposes/PasswordPage.tsx',
    './ReturnStepPage': './src/exposes/ReturnStepPage.tsx',
    './OrderDetailPage': './src/exposes/OrderDetailPage.tsx',
    './ReturnDetailsPage': './src/exposes/ReturnDetailsPage.tsx',
    './ReturnProductsPage': './src/exposes/ReturnProductsPage.tsx',
    './OrdersPage': './src/exposes/OrdersPage.tsx',
    './LensPackageUpgradePage': './src/exposes/LensPackageUpgradePage.tsx',
    './OrderInvoicePage': './src/exposes/OrderInvoicePage.tsx',
    './LoginPopup': './src/exposes/LoginPopup.tsx',
    './AccountMenu': './src/exposes/AccountMenu.tsx',
  },
});
