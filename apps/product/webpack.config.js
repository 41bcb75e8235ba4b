const { createAppConfig } = require('../../tools/webpack/app-config.cjs');

// The product remote's federated surface: the pages and fragments it owns, in one place.
module.exports = createAppConfig({
  name: 'product',
  container: 'product',
  dir: __dirname,
  devPort: 4202,
  exposes: {
    './ProductPage': './src/exposes/ProductPage.tsx',
    './CompareLooksPage': './src/exposes/CompareLooksPage.tsx',
    './FrameSizePage': './src/exposes/FrameSizePage.tsx',
    './EditPowerPage': './src/exposes/EditPowerPage.tsx',
  },
});
