// The edge as a library: `npm start` and the bench run it in-process; the release tools' tests
// run it against their deploy roots.
export { createEdgeServer, type EdgeOptions, type EdgeServer } from './server';
export { createOriginFiles } from './files/origin-files';
export { OriginError } from './files/deploy-files';
export { checkManifestShape, checkShellShape } from './release/manifest';
export { bucketOf, SESSION_COOKIE } from './sessions/session';
export { MINTS_PER_ADDRESS_MINUTE } from './sessions/sessions';
export { CAPTCHA_SOURCES, contentSecurityPolicy } from './http/csp';
