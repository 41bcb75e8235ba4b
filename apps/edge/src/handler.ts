// The edge's request router: which part of the edge answers a request (docs/adr/046).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { REMOTE_IDS } from '@eyewear/federation';
import { OriginError } from './files/deploy-files';
import { safeJoin } from './files/safe-join';
import { IMMUTABLE, type StaticFiles } from './files/static-files';
import { TYPES, type Responder } from './http/respond';
import { apiTarget } from './proxy/api-target';
import type { EdgeMetrics } from './metrics/metrics';
import type { ApiProxy } from './proxy/proxy';
import type { BeaconReceiver } from './release/beacon';
import type { Receipts } from './release/receipt';
import { VERSION, type SignalRecorder } from './release/signal';
import { asksQaOverrides, type createPages } from './render/page';
import { siteOriginOf, type PageStatus, type Seo } from './seo';
import type { Cohorts } from './sessions/cohorts';
import type { Sessions } from './sessions/sessions';
import type { VisitorCookies } from './sessions/visitor-cookies';

export interface HandlerParts {
  root: string;
  publicUrl: URL | null;
  apiBase: URL;
  responder: Responder;
  proxy: ApiProxy;
  beacons: BeaconReceiver;
  sessions: Sessions;
  visitorCookies: VisitorCookies;
  cohorts: Cohorts;
  staticFiles: StaticFiles;
  /** The edge's own versioned files (the face model: /static/face/human-<version>/, docs/adr/058) and their folder. */
  ownFiles: { files: StaticFiles; dir: string };
  signal: SignalRecorder;
  /** Page-view receipts (docs/adr/057). */
  receipts: Receipts;
  seo: Seo;
  pageStatus: PageStatus;
  pages: ReturnType<typeof createPages>;
  log: (line: string) => void;
  now: () => number;
  metrics: EdgeMetrics;
}

const isRemote = (app: string | undefined): app is string => (REMOTE_IDS as readonly string[]).includes(app ?? '');

export function createHandler(parts: HandlerParts) {
  const { root, responder, proxy, sessions, cohorts, staticFiles, signal, metrics } = parts;
  const { send, sendJson, sendText } = responder;
  let originWarnedAt = -Infinity;
  const notFound = (req: IncomingMessage, res: ServerResponse) => sendText(req, res, 404, 'Not found');
  const methodNotAllowed = (req: IncomingMessage, res: ServerResponse, allow: string) =>
    send(req, res, 405, { 'content-type': TYPES['.txt'], allow }, Buffer.from('Method not allowed'), '.txt');

  /** The origin a request reached (for robots.txt and the sitemaps) and its host name (the page's country). */
  function siteOf(req: IncomingMessage) {
    const origin = siteOriginOf({
      publicUrl: parts.publicUrl,
      host: req.headers.host ?? null,
      encrypted: 'encrypted' in req.socket && Boolean(req.socket.encrypted),
    });
    return { origin, hostname: origin ? new URL(origin).hostname : '' };
  }

  /**
   * A page view's receipt (docs/adr/057), minted for the session and its client network, with the
   * view recorded for every build the session was given. Each page load gets one: with its
   * remotes.json, or (a server-rendered page carries its variant's shared manifest) from
   * /_edge/view, which the page asks once, after it has started. Neither is ever cached.
   */
  async function pageView(req: IncomingMessage, sessionId: string, minted: boolean): Promise<string> {
    const addr = parts.receipts.addressKey(sessions.clientAddressOf(req));
    const { receipt } = parts.receipts.mint(addr, { first: minted });
    const builds = await cohorts.buildsOf(sessionId);
    signal.viewStarted(minted ? builds.filter((build) => build.app !== 'shell') : builds);
    return receipt;
  }

  /** remotes.json as this shopper gets it: the file as the session's builds see it (docs/adr/024, 048), with the page view's receipt. */
  async function sendRemotesJson(req: IncomingMessage, res: ServerResponse) {
    const { variant, setCookies, sessionId, minted } = await parts.visitorCookies.forRequest(req);
    const headers = { 'content-type': TYPES['.json'], 'cache-control': 'no-store', ...(setCookies.length > 0 ? { 'set-cookie': setCookies } : {}) };
    const body = sessionId ? { ...variant.manifest, view: await pageView(req, sessionId, minted) } : variant.manifest;
    send(req, res, 200, headers, Buffer.from(JSON.stringify(body)), '.json');
  }

  /** GET /_edge/view: a server-rendered page's receipt (its manifest came with the shared page). */
  async function sendPageView(req: IncomingMessage, res: ServerResponse) {
    const { setCookies, sessionId, minted } = await parts.visitorCookies.forRequest(req);
    const headers = { 'cache-control': 'no-store', ...(setCookies.length > 0 ? { 'set-cookie': setCookies } : {}) };
    if (!sessionId)
      return sendJson(
        req,
        res,
        429,
        { message: 'Too many new sessions from this address; try again in a minute.', code: 'RATE_LIMITED' },
        { ...headers, 'retry-after': '60' },
      );
    sendJson(req, res, 200, { view: await pageView(req, sessionId, minted) }, headers);
  }

  /** A remote build's file, counted for its build in the release signal. */
  async function sendRemoteFile(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const [, , app, version] = pathname.split('/');
    const counted = isRemote(app) && VERSION.test(version ?? '');
    const file = safeJoin(join(root, 'remotes'), pathname.slice('/remotes'.length));
    const sent = Boolean(file && (await staticFiles.sendStatic(req, res, file, IMMUTABLE)));
    if (counted) {
      signal.recordFile(app, version ?? '', sent ? 200 : 404);
      metrics.buildFile(app, version ?? '', sent ? 200 : 404);
    }
    if (!sent) notFound(req, res);
  }

  /** A file of the shell: looked for in the session's build, the other live one, then (hashed) any deployed. */
  async function sendShellFile(req: IncomingMessage, res: ServerResponse, pathname: string, live: string[], shellVersion: string): Promise<boolean> {
    // Content-hashed files name one build: a tab opened on a shell no longer live still finds
    // its lazy chunks in that build's folder, which gc keeps for its grace period (skew protection).
    const hashed = /\.[0-9a-f]{8}\./.test(pathname);
    const dirs = hashed ? [...live, ...(await cohorts.otherShellDirs(live))] : live;
    for (const dir of dirs) {
      const file = safeJoin(dir, pathname);
      if (file && file !== join(dir, 'index.html') && (await staticFiles.sendStatic(req, res, file, hashed ? IMMUTABLE : 'no-cache'))) {
        if (hashed) {
          signal.recordFile('shell', dir.slice(join(root, 'shell').length + 1), 200);
          metrics.buildFile('shell', dir.slice(join(root, 'shell').length + 1), 200);
        }
        return true;
      }
    }
    if (!hashed) return false;
    // A build's file that no build has: a 404 (never the document), counted for this build.
    signal.recordFile('shell', shellVersion, 404);
    metrics.buildFile('shell', shellVersion, 404);
    notFound(req, res);
    return true;
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const rawUrl = req.url || '/';
    // Origin-form targets only: an absolute-form target is for forward proxies, which this is not.
    if (!rawUrl.startsWith('/')) return sendJson(req, res, 400, { message: 'The request target must be a path.', code: 'BAD_PATH' });
    if (/^\/api(?:[/?]|$)/.test(rawUrl)) {
      const target = apiTarget(rawUrl, parts.apiBase.pathname);
      if (!target) return sendJson(req, res, 400, { message: 'The request path is not valid.', code: 'BAD_PATH' });
      return proxy.proxyApi(req, res, target);
    }
    // Appended to the origin, never resolved against it: `//` and `//host/x` stay paths.
    const url = new URL(`http://edge.local${rawUrl}`);
    const { pathname } = url;
    if (pathname === '/_edge/beacon') return req.method === 'POST' ? parts.beacons(req, res) : methodNotAllowed(req, res, 'POST');
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(req, res, 'GET, HEAD');
    if (pathname === '/remotes.json') return sendRemotesJson(req, res);
    if (pathname === '/_edge/view') return sendPageView(req, res);
    if (pathname === '/livez') return sendJson(req, res, 200, { edge: 'ok' });
    if (pathname === '/healthz') return proxy.sendApiHealth(req, res);
    if (pathname.startsWith('/_edge/shell/')) {
      // A shell build's server files (issue 19), for the edge's own render workers: the server build only.
      const [, , , version, folder] = pathname.split('/');
      const file =
        VERSION.test(version ?? '') && folder === 'server' ? safeJoin(join(root, 'shell', version ?? ''), pathname.split('/').slice(4).join('/')) : null;
      if (file && (await staticFiles.sendStatic(req, res, file, IMMUTABLE))) return;
      return notFound(req, res);
    }
    if (pathname.startsWith('/remotes/')) return sendRemoteFile(req, res, pathname);
    if (pathname.startsWith('/static/')) {
      // Versioned folders only (a new model is a new folder): kept for good.
      const file = safeJoin(parts.ownFiles.dir, pathname.slice('/static'.length));
      if (file && (await parts.ownFiles.files.sendStatic(req, res, file, IMMUTABLE))) return;
      return notFound(req, res);
    }
    // robots.txt, the sitemaps and legacy redirects need no session.
    const site = siteOf(req);
    const seoAnswer = await parts.seo.answer(pathname, site);
    if (seoAnswer) return send(req, res, seoAnswer.status, seoAnswer.headers, seoAnswer.body, seoAnswer.ext);
    const legacy = await parts.pageStatus.redirectOf(pathname, url.search);
    if (legacy) {
      const headers = { 'content-type': TYPES['.txt'], 'cache-control': 'public, max-age=86400', location: legacy };
      return send(req, res, 301, headers, Buffer.from(`Moved permanently to ${legacy}`), '.txt');
    }
    // A page sets no cookie (a shared cache keeps it): the session's builds, or a visitor's without one.
    const variant = await cohorts.variantFor(sessions.sessionIdOf(req), { qa: asksQaOverrides(req, url) });
    const { shell } = variant;
    // Other files with an extension (legacy .html URLs such as /eyeglasses.html) are routes of the app.
    if (pathname !== '/' && pathname !== '/index.html' && extname(pathname) && (await sendShellFile(req, res, pathname, shell.live, shell.version))) return;
    return parts.pages.sendDocument(req, res, variant, site.hostname, await parts.pageStatus.statusOf(pathname, site.hostname), url);
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      await route(req, res);
    } catch (error) {
      if (res.headersSent) return void res.destroy();
      if (error instanceof OriginError) {
        if (parts.now() - originWarnedAt > 10_000) {
          originWarnedAt = parts.now();
          parts.log(error.message);
        }
        return sendText(req, res, 502, 'The origin of the deployed files did not answer.');
      }
      console.error('[edge]', error);
      sendText(req, res, 500, 'The edge server failed to answer.');
    }
  };
}
