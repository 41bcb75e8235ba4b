#!/usr/bin/env node
// Runs the simulated identity provider (tools/idp/idp.mjs) for `npm start` and the Playwright
// run. Local mode only: the API refuses production mode while SOCIAL_PROVIDER=simulated.
//   IDP_PORT            port (default 4400), on 127.0.0.1
//   IDP_ISSUER          public origin (default http://127.0.0.1:<port>)
//   OIDC_CLIENT_ID      the storefront's client id (default eyewear-storefront)
//   OIDC_CLIENT_SECRET  its secret (default simulated-client-secret)
//   IDP_REDIRECT_URIS   comma-separated redirect URIs the client may use
import { createIdp } from './idp.mjs';

const port = Number(process.env.IDP_PORT || 4400);
const redirectUris = (
  process.env.IDP_REDIRECT_URIS || 'http://localhost:4200/api/v2/customers/social/callback,http://127.0.0.1:4200/api/v2/customers/social/callback'
)
  .split(',')
  .map((uri) => uri.trim())
  .filter(Boolean);
const idp = await createIdp({
  issuer: process.env.IDP_ISSUER || undefined,
  clients: [
    {
      id: process.env.OIDC_CLIENT_ID || 'eyewear-storefront',
      secret: process.env.OIDC_CLIENT_SECRET || 'simulated-client-secret',
      name: 'Eyewear storefront',
      redirectUris,
    },
  ],
  log: (line) => console.log(line),
});
const issuer = await idp.listen(port, '127.0.0.1');
console.log(`[idp] simulated identity provider at ${issuer} (redirect URIs: ${redirectUris.join(', ')})`);
const stop = () => void idp.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
