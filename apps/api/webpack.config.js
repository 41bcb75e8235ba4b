const { createNodeConfig } = require('../../tools/webpack/node-config.cjs');

module.exports = createNodeConfig({ name: 'api', dir: __dirname });
