#!/usr/bin/env node
// The edge server on its own: `node tools/serve/edge.mjs --root .deploy --port 4200
// [--remote catalog=http://127.0.0.1:4201/mf-manifest.json] [--public-origin https://shop.example]`. The Playwright suite and
// `npm run dev` start it this way; `npm start` starts it in-process.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createEdgeServer } from './edge-server.mjs';

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: '.deploy' },
    port: { type: 'string', default: process.env.PORT || '4200' },
    host: { type: 'string', default: process.env.HOST || '127.0.0.1' },
    api: { type: 'string', default: process.env.API_URL || 'http://127.0.0.1:3000' },
    remote: { type: 'string', multiple: true, default: [] },
    // The origin shoppers use when a TLS terminator sits in front (https://shop.example).
    'public-origin': { type: 'string', default: process.env.PUBLIC_ORIGIN || '' },
  },
});
const overrides = Object.fromEntries(values.remote.map((pair) => pair.split('=')));
const server = createEdgeServer({ root: values.root, apiUrl: values.api, overrides, publicOrigin: values['public-origin'] || undefined });
server.listen(Number(values.port), values.host, () => {
  console.log(`edge server: http://${values.host}:${values.port}/ (deploy root ${resolve(values.root)})`);
});
// Stop taking connections, let the requests in flight finish, and leave after a bounded
// drain: an open tab's idle keep-alive connection or a request that never ends must not
// keep the process alive (a test or an orchestrator waits for the exit).
const DRAIN_MS = Number(process.env.EDGE_DRAIN_MS || 5000);
const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, DRAIN_MS);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
