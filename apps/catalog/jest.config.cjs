// parse5 (the CMS sanitizer's HTML parser) and its `entities` ship only as ES modules: swc
// transpiles them like our own code.
module.exports = require('../../jest.preset.cjs')(__dirname, {
  transformIgnorePatterns: ['/node_modules/(?!(parse5|entities)/)'],
});
