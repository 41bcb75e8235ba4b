const { createNodeConfig } = require('../../tools/webpack/node-config.cjs');

// Two entries: the process (main.js) and the render worker each shell build's pages render in
// (render-worker.js, docs/adr/046).
module.exports = createNodeConfig({ name: 'edge', dir: __dirname, entry: { main: './src/main.ts', 'render-worker': './src/render/worker/entry.ts' } });
