// PGlite loads its WebAssembly with a dynamic import, which Jest runs only with Node's
// --experimental-vm-modules (set by the test script). light-my-request (Fastify's inject)
// requires an ESM-only `cookie`; Jest on Node 20 cannot require ESM, so swc compiles it.
module.exports = require('../../jest.preset.cjs')(__dirname, {
  testEnvironment: 'node',
  testTimeout: 60000,
  // jose (ID tokens, docs/adr/020) ships ESM only: swc compiles it too.
  transformIgnorePatterns: ['/node_modules/(?!((light-my-request/node_modules/)?cookie|jose)/)'],
});
