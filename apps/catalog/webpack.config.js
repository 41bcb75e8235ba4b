const { createAppConfig } = require('../../tools/webpack/app-config.cjs');

// The catalog remote's federated surface: the pages and fragments it owns, in one place.
module.exports = createAppConfig({
  name: 'catalog',
  container: 'catalog',
  dir: __dirname,
  devPort: 4201,
  exposes: {
    './HomePage': './src/exposes/HomePage.tsx',
    './ContentPage': './src/exposes/ContentPage.tsx',
    './ListingPage': './src/exposes/ListingPage.tsx',
    './SearchPage': './src/exposes/SearchPage.tsx',
    './CmsPage': './src/exposes/CmsPage.tsx',
    './QuizPage': './src/exposes/QuizPage.tsx',
    './ShortlistPage': './src/exposes/ShortlistPage.tsx',
    './WishlistPanel': './src/exposes/WishlistPanel.tsx',
    './WishlistToggle': './src/exposes/WishlistToggle.tsx',
  },
});
