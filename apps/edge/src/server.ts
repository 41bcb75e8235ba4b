// The edge server (DESIGN.md "Serving", docs/adr/046): serves the deployed builds the way a CDN
// would, proxies /api/ to the API, renders pages on the server for every build, and keeps the
// release signal. This module puts the parts together; each concern is a folder of its own
// (files/, proxy/, sessions/, release/, seo/, render/), and handler.ts routes a request to them.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createTracer } from '@eyewear/api-client/tracing';
import { isIPv6 } from 'node:net';
import { join, resolve } from 'node:path';
import { REMOTE_IDS } from '@eyewear/federation';
import { createPurgeFeed, type PurgeFeed } from './cdn/purge-feed';
import { createPurger } from './cdn/purger';
import { diskFiles, type DeployFiles } from './files/deploy-files';
import { createOriginFiles } from './files/origin-files';
import { createStaticFiles } from './files/static-files';
import { createResponder, securityHeadersFor } from './http/respond';
import { createHandler } from './handler';
import { withDefaults, type EdgeOptions } from './options';
import { edgeMetrics, type EdgeMetrics } from './metrics/metrics';
import { createRequestObserver, spanOf } from './metrics/observe';
import { createApiProxy } from './proxy/proxy';
import { createBeaconReceiver } from './release/beacon';
import { createReceipts } from './release/receipt';
import { createReleaseFiles } from './release/manifest';
import { createSignalRecorder } from './release/signal';
import { createBuildFiles } from './render/build-files';
import { createPages } from './render/page';
import { createRenderer } from './render/renderer';
import { createPageStatus, createSeo } from './seo';
import { createCohorts } from './sessions/cohorts';
import { loadSecret } from './sessions/session';
import { createSessions } from './sessions/sessions';
import { createVisitorCookies } from './sessions/visitor-cookies';

export type { EdgeOptions } from './options';

/** The edge's server, with what a planned stop and the tests call. */
export type EdgeServer = Server & {
  /** Writes the release signal now (tests, and before a planned stop). */
  flushSignal(): Promise<void>;
  /** Compresses the live builds' files now (tests); the edge does it at start and every 15 s. */
  warmLiveBuilds(): Promise<void>;
  /** How each build's pages were rendered, per build (`shell@v`, `catalog@v`). */
  renderOutcomes(): Record<string, { server: number; partial: number; browser: number }>;
  /** The purge feed's reader (tests: one round now, and its counts). */
  purgeFeed: PurgeFeed;
  /** The process's metrics (main.ts serves them on the metrics port; docs/adr/055). */
  metrics: EdgeMetrics;
  /** Sends the finished spans now (tests; a stop sends them too). */
  flushTraces(): Promise<void>;
};

const log = (line: string) => console.error(`[edge] ${line}`);

export function createEdgeServer(options: EdgeOptions): EdgeServer {
  const o = withDefaults(options);
  const metrics = edgeMetrics();
  // Traces by OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise off, at no cost (docs/adr/055).
  const tracer = createTracer({ service: 'edge', log });
  const deployRoot = resolve(o.root);
  // Where deployed files are read: the root on disk, or the origin (the same calls either way).
  const files: DeployFiles = o.origin ? createOriginFiles({ origin: o.origin, root: deployRoot, ttlMs: o.originTtlMs, now: o.now }) : diskFiles;
  const secret = loadSecret(deployRoot);
  const signal = createSignalRecorder({ root: deployRoot, now: o.now, observer: metrics, ...(o.instance ? { instance: o.instance } : {}) });
  const apiBase = new URL(o.apiUrl);
  const publicUrl = o.publicOrigin ? new URL(o.publicOrigin) : null;
  const responder = createResponder(securityHeadersFor(publicUrl));
  const releases = createReleaseFiles({ files, root: deployRoot, source: o.origin ?? deployRoot, log });
  const cohorts = createCohorts({ root: deployRoot, files, releases, overrides: o.overrides });
  const sessions = createSessions({ secret, trustProxy: o.trustProxy, mintsPerAddressMinute: o.mintsPerAddressMinute, publicUrl, now: o.now });
  const visitorCookies = createVisitorCookies({ sessions, cohorts });
  const staticFiles = createStaticFiles({ files, securityHeaders: responder.securityHeaders, liveDirs: cohorts.liveDirs, warmAhead: o.warmAhead });
  // The edge's own files (the face model's, copied into its build: docs/adr/058), from its disk whatever the deploy root is.
  const ownFiles = createStaticFiles({ files: diskFiles, securityHeaders: responder.securityHeaders, liveDirs: async () => [], warmAhead: false });
  const builds = createBuildFiles({ root: deployRoot, files, deployedText: (file) => staticFiles.deployedText(file) });
  // Server rendering (issue 19, docs/adr/029, 046): EDGE_SSR=0 renders every page in the browser only.
  const renderer = o.ssr
    ? createRenderer({
        apiUrl: `${apiBase.origin}${apiBase.pathname.replace(/\/$/, '')}`,
        cacheEnabled: o.ssrCache,
        readBuildInfo: builds.readBuildInfo,
        workerFile: o.renderWorker ?? join(__dirname, 'render-worker.js'),
        now: o.now,
        // Each build's server renders go to the release signal too, by run (docs/adr/057): what the
        // edge saw itself, which no browser can claim.
        metrics: {
          ...metrics,
          render: (app, version, outcome, seconds) => {
            metrics.render(app, version, outcome, seconds);
            void cohorts.runOf(app, version).then(
              (run) => run !== null && signal.recordRender(app, version, run, outcome === 'ok'),
              () => undefined,
            );
          },
        },
      })
    : null;
  const proxy = createApiProxy({
    apiBase,
    publicUrl,
    responder,
    clientAddressOf: sessions.clientAddressOf,
    bodyLimit: o.bodyLimit,
    uploadLimit: o.uploadLimit,
    connectTimeoutMs: o.connectTimeoutMs,
    responseTimeoutMs: o.responseTimeoutMs,
    cookiesFor: visitorCookies.forApiCall,
    // Read your own writes: a shopper's review is on the next page they ask this edge for.
    onWrite: () => purgeFeed.afterWrite(),
    // The API continues the edge's trace, and counts its answers for the build that called only
    // when it is one this session was given (a stranger cannot blame a build; docs/adr/055).
    spanOf,
    givenBuild: async (req, app, version) => (await cohorts.judgeFor(sessions.sessionIdOf(req) ?? ''))(app, version).verdict === 'yes',
  });
  const receipts = createReceipts({ secret, now: o.now });
  const beacons = createBeaconReceiver({
    signal,
    sessionIdOf: sessions.sessionIdOf,
    clientAddressOf: sessions.clientAddressOf,
    receipts,
    responder,
    judgeFor: cohorts.judgeFor,
    apps: ['shell', ...REMOTE_IDS],
  });
  // A remote in development: the page fetches its manifest and its live-reload socket.
  const extraConnect = [...new Set(Object.values(o.overrides).flatMap((url) => [new URL(url).origin, `ws://${new URL(url).host}`]))];

  /** Where the render worker fetches a deployed file: the origin, or this edge itself (loopback). */
  function deployedUrl(req: IncomingMessage, path: string): string {
    if (o.origin) return `${o.origin.replace(/\/$/, '')}${path.replace(/^\/_edge\/shell\//, '/shell/')}`;
    // The address the request came in on. A client that has gone (its socket closed) leaves no
    // address: then the one the edge listens on (a runtime that failed to load a container on a
    // dropped request's URL kept failing every later page).
    if (!req.socket.localPort) {
      const listening = server.address();
      if (!listening || typeof listening === 'string') throw new Error('the edge is not listening');
      const wildcard = listening.address === '::' || listening.address === '0.0.0.0';
      return `http://${wildcard ? '127.0.0.1' : listening.family === 'IPv6' ? `[${listening.address}]` : listening.address}:${listening.port}${path}`;
    }
    const address = req.socket.localAddress || '127.0.0.1';
    const host = isIPv6(address.replace(/^::ffff:/, '')) && !address.startsWith('::ffff:') ? `[${address}]` : address.replace(/^::ffff:/, '');
    return `http://${host}:${req.socket.localPort}${path}`;
  }

  const pages = createPages({
    renderer,
    cohorts,
    builds,
    responder,
    overrides: o.overrides,
    extraConnect,
    captchaProvider: o.captchaProvider,
    deployedUrl,
    purgesSettled: () => purgeFeed.settled(),
    log,
    metrics,
  });
  const handler = createHandler({
    root: deployRoot,
    publicUrl,
    responder,
    proxy,
    apiBase,
    beacons,
    sessions,
    visitorCookies,
    cohorts,
    staticFiles,
    ownFiles: { files: ownFiles, dir: o.staticDir ?? join(__dirname, 'static') },
    signal,
    receipts,
    seo: createSeo({ routes: o.routes, apiBase, now: o.now }),
    pageStatus: createPageStatus({ routes: o.routes, apiBase, now: o.now }),
    pages,
    log,
    now: o.now,
    metrics,
  });
  const observe = createRequestObserver(metrics, tracer);
  const server = createServer((req, res) => {
    observe(req, res);
    void handler(req, res);
  }) as EdgeServer;
  // Invalidation by key (docs/adr/048): the API's purges, and the builds a release retires.
  const purger = createPurger(o.cdnPurge);
  const purgeFeed = createPurgeFeed({
    apiUrl: `${apiBase.origin}${apiBase.pathname.replace(/\/$/, '')}`,
    purger,
    dropPages: (keys) => renderer?.purge(keys),
    liveVariantIds: cohorts.liveVariantIds,
    intervalMs: o.purgePollMs,
    log,
  });
  // Read while there is something to drop: pages this edge keeps, or a shared cache in front.
  if ((renderer && o.ssrCache) || purger.kind !== 'none') server.on('listening', () => purgeFeed.start());

  const tick = setInterval(() => {
    signal.flush().catch((error: unknown) => log(`release signal not written: ${error instanceof Error ? error.message : String(error)}`));
    // Render workers of shell builds no longer live are retired.
    releases
      .shell()
      .then((shell) => renderer?.keepShells([shell.version, ...(shell.canary ? [shell.canary.version] : [])]))
      .catch(() => undefined);
  }, 5_000);
  tick.unref();
  server.on('close', () => {
    clearInterval(tick);
    purgeFeed.stop();
    staticFiles.close();
    void renderer?.close();
    signal.flush().catch(() => undefined);
    // Its batch timer stopped, what waits sent: nothing is exported after (flushTraces awaits it).
    void tracer.close();
  });
  server.flushSignal = () => signal.flush();
  server.warmLiveBuilds = () => staticFiles.warm();
  server.renderOutcomes = () => renderer?.outcomes() ?? {};
  server.purgeFeed = purgeFeed;
  server.metrics = metrics;
  server.flushTraces = () => tracer.flush();
  return server;
}
