const { createAppConfig } = require('../../tools/webpack/app-config.cjs');

// The appointments remote's federated surface: the pages and fragments it owns, in one place.
module.exports = createAppConfig({
  name: 'appointments',
  container: 'appointments',
  dir: __dirname,
  devPort: 4205,
  exposes: {
    './HtoPage': './src/exposes/HtoPage.tsx',
    './HtoSosPage': './src/exposes/HtoSosPage.tsx',
    './TestYourVisionPage': './src/exposes/TestYourVisionPage.tsx',
  },
});
