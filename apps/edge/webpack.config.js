const { createNodeConfig } = require('../../tools/webpack/node-config.cjs');

// Three entries: the process (main.js), the edge as a library for `npm start` and the bench
// (index.js), and the render worker each shell build's pages render in (render-worker.js,
// docs/adr/046).
module.exports = createNodeConfig({
  name: 'edge',
  dir: __dirname,
  entry: { main: './src/main.ts', index: './src/index.ts', 'render-worker': './src/render/worker/entry.ts' },
});
