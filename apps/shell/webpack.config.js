const { createAppConfig } = require('../../tools/webpack/app-config.cjs');

// The host. It compiles in no remote: remotes.json names them at runtime.
module.exports = createAppConfig({
  name: 'shell',
  container: 'shell',
  dir: __dirname,
  host: true,
  devPort: 4200,
});
