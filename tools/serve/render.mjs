// Server rendering at the edge (issue 19, docs/adr/029). For a page request the edge picks the
// shopper's builds (the same choice the browser makes from the remotes.json it is given),
// loads the shell's server container and, on demand, the remotes' server containers through
// the Module Federation runtime (one runtime instance per set of builds, kept while those
// builds are live), asks the shell for the page's React tree, renders it with React's
// streaming renderer, and hands the edge the HTML of the root, the head and the state the
// browser hydrates from. Whatever fails on the way (a server build missing, a module throwing,
// a deadline) leaves that area, or the whole page, to the browser: the answer is still the page.
import './react-env.mjs';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';

const require = createRequire(import.meta.url);

/**
 * The federation lib's choice of builds and route matching (the browser's own code, from the
 * lib's build, as the route table is), or null when it is not built: then nothing is rendered
 * on the server.
 */
export async function loadFederationModules(dir = '../../dist/libs/federation') {
  try {
    const [manifest, override, preload] = await Promise.all([import(`${dir}/manifest.js`), import(`${dir}/override.js`), import(`${dir}/preload.js`)]);
    return {
      chooseReleases: manifest.chooseReleases,
      applyOverrides: override.applyOverrides,
      parseOverrides: override.parseOverrides,
      OVERRIDE_PARAM: override.OVERRIDE_PARAM,
      OVERRIDE_COOKIE: override.OVERRIDE_COOKIE,
      matchRoute: preload.matchRoute,
    };
  } catch (error) {
    console.error(`[edge] server rendering is off: the federation lib is not built (${error.message})`);
    return null;
  }
}

/** How long a page may take to render before what is still pending is left to the browser. */
export const RENDER_DEADLINE_MS = Number(process.env.SSR_DEADLINE_MS) || 2000;
/**
 * How long a set of builds whose shell server build failed to load renders in the browser before
 * a page asks for it again (SSR_RETRY_FAILED_MS): a failure can be a moment's (the origin down).
 */
export const RETRY_FAILED_MS = Number(process.env.SSR_RETRY_FAILED_MS) || 30_000;
/** How long one remote module may take to load on the server before its area goes to the browser. */
export const MODULE_DEADLINE_MS = Number(process.env.SSR_MODULE_DEADLINE_MS) || 1500;
/**
 * The remotes whose pages the edge renders (SSR_REMOTES): the public catalogue. The others'
 * pages (cart, checkout, account, appointments: a shopper's own, never cacheable) get the
 * server-rendered shell and render their area in the browser (docs/adr/029).
 */
export const SERVER_REMOTES = ['catalog', 'product'];
/**
 * The shopper's own pages the edge renders for that shopper (SSR_PERSONAL, `remote/Expose`, docs/adr/033):
 * the cart, checkout and the order list, with the shopper's cookies sent to the API. Never
 * cached: each such request renders, and its HTML goes to that shopper alone.
 */
export const PERSONAL_PAGES = ['cart-checkout/CartPage', 'cart-checkout/CheckoutPage', 'account/OrdersPage'];
/** How long a rendered page is served as it is, and then stale while it renders again (issue 19). */
export const HTML_TTL_MS = Number(process.env.SSR_HTML_TTL_MS) || 10_000;
export const HTML_STALE_MS = Number(process.env.SSR_HTML_STALE_MS) || 30_000;
/**
 * How long the API's render version is taken as it is (one question to the API for every
 * request in that time, instead of one each); a write the edge passes on to the API ends it at
 * once, so a shopper's own review shows on the next page they ask this edge for.
 */
export const VERSION_TTL_MS = Number(process.env.SSR_VERSION_TTL_MS ?? 1000);
const MAX_CACHED_PAGES = 2000;
/** Crawlers get complete listings (the catalog's rule, apps/catalog/src/app/crawler.ts): a key of their own. */
const CRAWLER = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|lighthouse/i;
/** Runtime instances kept (one per set of builds): old releases' sets are dropped first. */
const MAX_INSTANCES = 8;
/**
 * The nonce React writes on a render's own scripts (those that finish an area left to the
 * browser at the deadline). One render can answer several requests (those that arrive while it
 * runs wait for it), each with a CSP nonce of its own, so the document swaps in the response's
 * nonce (composeDocument). Unguessable, so nothing a page shows can pass for it.
 */
const RENDER_NONCE = randomBytes(12).toString('hex');

/**
 * The API's render version as the edge keeps it: one question shared by the requests that come
 * while it is asked, its answer reused for `ttlMs`, forgotten on `forget()` (a write passed on);
 * no answer (null: the API did not say) is kept.
 * @param {{ ask: () => Promise<string | null>, ttlMs: number, now?: () => number }} options
 */
export function createVersionCache({ ask, ttlMs, now = Date.now }) {
  let known = null;
  return {
    get() {
      const at = now();
      if (known && at - known.at < ttlMs) return known.value;
      const asked = { at, value: ask() };
      known = asked;
      asked.value.then((version) => {
        if (version === null && known === asked) known = null;
      });
      return asked.value;
    },
    forget() {
      known = null;
    },
  };
}

/** A phone, by Client Hints when the browser sends them, else by its user agent. */
export function isMobileRequest(headers) {
  const hint = headers['sec-ch-ua-mobile'];
  if (hint === '?1') return true;
  if (hint === '?0') return false;
  return /Mobi|Android|iPhone|iPod/i.test(String(headers['user-agent'] || ''));
}

function withDeadline(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(`${what} did not load within ${ms} ms`), { digest: 'eyewear-client-area' })), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * @param {object} options
 * @param {string} options.apiUrl  where the server's own API calls go
 * @param {(path: string) => Promise<any>} options.readBuildInfo  a deployed server build's build.json
 *   (`/remotes/<remote>/<v>/server/build.json`, `/_edge/shell/<v>/server/build.json`), null when absent
 * @param {Pick<Console, 'error'>} [options.log]
 * @param {boolean} [options.cacheEnabled]  keep anonymous HTML (SSR_HTML_CACHE=0: every request renders)
 * @param {string[]} [options.serverRemotes]  the remotes whose pages render on the server (SSR_REMOTES)
 * @param {string[]} [options.personalPages]  the shopper's own pages rendered for them (SSR_PERSONAL)
 */
export function createRenderer({
  apiUrl,
  readBuildInfo,
  log = console,
  cacheEnabled = process.env.SSR_HTML_CACHE !== '0',
  serverRemotes = (process.env.SSR_REMOTES ?? SERVER_REMOTES.join(','))
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean),
  personalPages = (process.env.SSR_PERSONAL ?? PERSONAL_PAGES.join(','))
    .split(',')
    .map((page) => page.trim())
    .filter(Boolean),
}) {
  const React = require('react');
  const ReactDOM = require('react-dom');
  const { renderToPipeableStream } = require('react-dom/server');
  const { createInstance } = require('@module-federation/runtime');
  const reactVersion = require('react/package.json').version;
  const provide = (lib) => ({ version: reactVersion, lib: () => lib, shareConfig: { singleton: true, requiredVersion: `^${reactVersion}` } });
  const shared = {
    react: provide(React),
    'react/jsx-runtime': provide(require('react/jsx-runtime')),
    'react-dom': provide(ReactDOM),
  };
  /** key (the builds) -> { mf, server: Promise<module> } */
  const instances = new Map();
  let count = 0;

  /** A server build's container name (its build.json), or null when the build has no server build. */
  const containerNames = new Map();
  function containerNameOf(path) {
    let name = containerNames.get(path);
    if (!name) {
      name = readBuildInfo(path).then((info) =>
        info && typeof info.namespace === 'string' && /^[A-Za-z_][\w]*$/.test(info.namespace) ? info.namespace : null,
      );
      containerNames.set(path, name);
      // A build deployed later under the same version is not possible (versions are digests),
      // but a read that failed (the origin down) is tried again.
      name.catch(() => containerNames.delete(path));
      if (containerNames.size > 500) containerNames.delete(containerNames.keys().next().value);
    }
    return name;
  }

  async function instanceFor(shellVersion, chosen, urlOf) {
    const key = [`shell@${shellVersion}`, ...Object.entries(chosen).map(([remote, release]) => `${remote}@${release.version}`)].join('|');
    let instance = instances.get(key);
    if (instance) {
      // Most recently used last, so the oldest set is the one dropped.
      instances.delete(key);
      instances.set(key, instance);
      return instance;
    }
    // Every server build is its own container (its name carries its build id, so stable and a
    // canary of one remote never answer each other's loads in this process); a build without a
    // server build is left out, and its areas render in the browser.
    const shellPath = `/_edge/shell/${shellVersion}/server/`;
    const shellName = await containerNameOf(`${shellPath}build.json`).catch(() => null);
    const names = {};
    const remotes = [];
    for (const [remote, release] of Object.entries(chosen)) {
      const base = `/remotes/${remote}/${release.version}/server/`;
      const name = await containerNameOf(`${base}build.json`).catch(() => null);
      if (!name) continue;
      names[remote] = name;
      remotes.push({ name, entry: urlOf(`${base}remoteEntry.js`) });
    }
    count += 1;
    const mf = createInstance({
      name: `eyewear_edge_${count}`,
      remotes: shellName ? [{ name: shellName, entry: urlOf(`${shellPath}remoteEntry.js`) }, ...remotes] : remotes,
      shared,
    });
    const server = shellName ? mf.loadRemote(`${shellName}/server`) : Promise.reject(new Error('it has no server build'));
    instance = { mf, server, modules: new Map(), names };
    // A shell whose server build failed to load is asked for again after RETRY_FAILED_MS (not
    // by every page meanwhile: they render in the browser); one that has none, never.
    server.catch((error) => {
      log.error(`[edge] the shell's server build ${shellVersion} did not load: ${error.message}`);
      if (shellName)
        setTimeout(() => {
          if (instances.get(key) === instance) instances.delete(key);
        }, RETRY_FAILED_MS).unref();
    });
    instances.set(key, instance);
    while (instances.size > MAX_INSTANCES) instances.delete(instances.keys().next().value);
    return instance;
  }

  /**
   * Anonymous HTML per (builds, host, URL, customer type, phone or not, crawler or not, the
   * API's render version): every server render is anonymous (no session is sent to the API),
   * so one answer serves every shopper of that key, and a write to what it shows changes the
   * version (a new key). Fresh for HTML_TTL_MS, then served stale while one request renders it
   * again (up to HTML_STALE_MS) for what the version does not cover (the time); a render that
   * missed its deadline (an area left to the browser) is not kept.
   */
  const cache = new Map();
  const keyOf = ({ url, hostname, headers, shellVersion, chosen, only }) =>
    [
      shellVersion,
      (only ?? serverRemotes).join(','),
      ...Object.values(chosen).map((release) => release.version),
      hostname,
      url,
      /(?:^|;\s*)hasPlacedOrder=true(?:;|$)/.test(String(headers.cookie || '')) ? 'R' : 'N',
      isMobileRequest(headers) ? 'm' : 'd',
      CRAWLER.test(String(headers['user-agent'] || '')) ? 'bot' : 'person',
    ].join('|');

  /**
   * The API's render version (docs/adr/029): it changes with every write to what rendered pages
   * show, through any API instance, so HTML kept under it is never older than the data. Null
   * when the API does not say (then nothing is kept or served from the cache).
   */
  const versions = createVersionCache({
    ttlMs: VERSION_TTL_MS,
    async ask() {
      try {
        const answer = await fetch(`${apiUrl}/v2/content/render-version`, { signal: AbortSignal.timeout(500) });
        if (!answer.ok) return null;
        const version = (await answer.json())?.result?.version;
        return typeof version === 'string' ? version : null;
      } catch {
        return null;
      }
    },
  });
  const renderVersion = () => versions.get();
  /** A write went to the API through this edge: the next page asks for the version again. */
  const forgetRenderVersion = () => versions.forget();

  /**
   * Renders a page, from the cache when it holds a fresh answer. Resolves with { html, head,
   * state, cached } or null when the page is left to the browser entirely (the shell's server
   * build is not there or failed).
   */
  async function render(request) {
    // A shopper's own page is theirs alone: rendered for each request, never kept.
    if (!cacheEnabled || request.personal) return renderNow(request);
    const version = await renderVersion();
    if (version === null) return renderNow(request);
    const key = `${keyOf(request)}|${version}`;
    const hit = cache.get(key);
    const at = Date.now();
    if (hit && at - hit.at < HTML_TTL_MS) return { ...(await hit.value), cached: 'fresh' };
    if (hit && at - hit.at < HTML_TTL_MS + HTML_STALE_MS) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        renderNow(request)
          .then((value) => {
            if (value?.complete) cache.set(key, { at: Date.now(), value: Promise.resolve(value) });
            else hit.refreshing = false;
          })
          .catch(() => (hit.refreshing = false));
      }
      return { ...(await hit.value), cached: 'stale' };
    }
    // One render per key at a time: requests that arrive meanwhile wait for it.
    const value = renderNow(request);
    cache.set(key, { at, value });
    const result = await value.catch(() => null);
    if (!result?.complete) cache.delete(key);
    if (cache.size > MAX_CACHED_PAGES) cache.delete(cache.keys().next().value);
    return result;
  }

  async function renderNow({ url, hostname, headers, shellVersion, chosen, urlOf, only, personal = false }) {
    const instance = await instanceFor(shellVersion, chosen, urlOf);
    let server;
    try {
      server = await withDeadline(instance.server, MODULE_DEADLINE_MS, 'the shell server build');
    } catch {
      return null;
    }
    if (!server || typeof server.prepareRender !== 'function') return null;
    const loadModule = (remote, expose) => {
      if (!instance.names[remote]) return Promise.reject(Object.assign(new Error(`${remote} has no server build`), { digest: 'eyewear-client-area' }));
      const id = `${instance.names[remote]}/${expose.replace(/^\.\//, '')}`;
      let loading = instance.modules.get(id);
      if (!loading) {
        loading = instance.mf.loadRemote(id);
        instance.modules.set(id, loading);
        // A failed load is tried again by a later request, not remembered.
        loading.catch(() => instance.modules.delete(id));
      }
      return withDeadline(loading, MODULE_DEADLINE_MS, id);
    };
    const prepared = server.prepareRender({
      url,
      hostname,
      userAgent: String(headers['user-agent'] || ''),
      mobile: isMobileRequest(headers),
      apiUrl,
      customerType: /(?:^|;\s*)hasPlacedOrder=true(?:;|$)/.test(String(headers.cookie || '')) ? 'REPEAT' : 'NEW',
      ...(personal ? { cookie: String(headers.cookie || '') } : {}),
      loadModule,
      serverRemotes: only ?? serverRemotes,
      chosen,
    });
    const started = process.hrtime.bigint();
    const cpuStart = process.cpuUsage();
    // A shopper's page reads their session first (the shell's `ready`); without an answer in
    // time it renders as the browser will before it knows (the login guard's skeleton).
    if (prepared.ready) await withDeadline(prepared.ready, MODULE_DEADLINE_MS, 'the session').catch(() => undefined);
    let complete = true;
    const html = await new Promise((resolve) => {
      const chunks = [];
      const sink = new Writable({
        write(chunk, _encoding, done) {
          chunks.push(chunk);
          done();
        },
        final(done) {
          done();
          resolve(Buffer.concat(chunks).toString('utf8'));
        },
      });
      let failed = false;
      let shellReady = false;
      let piped = false;
      const pipe = () => {
        if (piped) return;
        piped = true;
        stream.pipe(sink);
      };
      const stream = renderToPipeableStream(prepared.element, {
        nonce: RENDER_NONCE,
        // The whole page at once, in place (the head depends on the page's data, and a crawler
        // without JavaScript must not get content hidden behind the streaming runtime's scripts).
        // React outlines a finished boundary past this many bytes (12,800 by default): sent in a
        // hidden <div>, then moved into place by an inline script, a long task of its own on a
        // phone (50-110 ms unslowed on the search page, ADR 037). Sent at once, it has no use.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellReady = true;
        },
        onAllReady() {
          clearTimeout(timer);
          pipe();
        },
        onShellError(error) {
          failed = true;
          clearTimeout(timer);
          log.error(`[edge] server render of ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
          resolve(null);
        },
        onError(error) {
          const digest = prepared.onError(error);
          if (digest !== 'eyewear-client-area') log.error(`[edge] server render of ${url}: ${error instanceof Error ? error.stack : String(error)}`);
          return digest;
        },
      });
      // Past the deadline what is still pending is sent as its fallback; the browser renders it.
      const timer = setTimeout(() => {
        if (failed) return;
        complete = false;
        stream.abort(Object.assign(new Error('render deadline'), { digest: 'eyewear-client-area' }));
        if (shellReady) pipe();
      }, RENDER_DEADLINE_MS);
    });
    if (html === null) return null;
    const cpu = process.cpuUsage(cpuStart);
    return {
      html,
      nonce: RENDER_NONCE,
      head: prepared.head,
      state: prepared.state(),
      serverRemotes: only ?? serverRemotes,
      // Kept in the cache only when nothing was left to the browser and no per-response script is in it.
      complete: complete && !html.includes('<script'),
      timing: { ms: Number(process.hrtime.bigint() - started) / 1e6, cpuMs: (cpu.user + cpu.system) / 1000 },
    };
  }

  /** Whether a route (`{ remote, expose }` of the route table) is a shopper's own page rendered for them. */
  const isPersonal = (route) => Boolean(route) && personalPages.includes(`${route.remote}/${String(route.expose).replace(/^\.\//, '')}`);

  return { render, forgetRenderVersion, instances, cache, serverRemotes, isPersonal };
}

const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** JSON inside a <script>: nothing in it can close the element or open a comment. */
export function scriptJson(value) {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
const ldJson = scriptJson;

/**
 * The document of a server-rendered page: the shell's index.html with the page's head (title,
 * description, canonical, alternates, JSON-LD), the route's CSS and scripts linked early, the
 * rendered root and the state the browser hydrates from.
 * @param {string} indexHtml  the shell's index.html (nonces already added to its scripts)
 * @param {{ html: string, nonce?: string, head: any, state: Record<string, unknown> }} rendered  (`nonce`: the one
 *   on the render's own scripts, replaced by this response's)
 * @param {{ css: string[], js: string[], styles?: { href: string, text: string }[] }} assets  the route remote's files
 *   (URLs: CSS to link, scripts to preload) and CSS to inline
 * @param {string} nonce  this response's CSP nonce
 * @param {unknown} manifest  remotes.json as this session gets it (the browser chooses its builds from it)
 */
export function composeDocument(indexHtml, rendered, assets, nonce, manifest) {
  const { head } = rendered;
  const root = rendered.nonce ? rendered.html.replaceAll(`nonce="${rendered.nonce}"`, `nonce="${nonce}"`) : rendered.html;
  const state = scriptJson({ ...rendered.state, manifest });
  const tags = [];
  // A page with a main image paints first once the browser has read that image's element: the
  // image (preloaded, asked for first) is then in the first paint, rather than in one a moment
  // after a paint of the header alone (docs/adr/038).
  if (new RegExp(`<img [^>]*id="${MAIN_IMAGE_ID}"`).test(root)) tags.push(`<link rel="expect" href="#${MAIN_IMAGE_ID}" blocking="render">`);
  for (const href of assets.css) tags.push(`<link rel="stylesheet" href="${escapeHtml(href)}">`);
  // Inlined CSS: nothing in it may close the element (a remote's own file, but still).
  for (const style of assets.styles ?? [])
    tags.push(`<style nonce="${nonce}" data-href="${escapeHtml(style.href)}">${String(style.text).replace(/<\/style/gi, '<\\/style')}</style>`);
  for (const href of assets.js) tags.push(`<link rel="preload" as="script" href="${escapeHtml(href)}" nonce="${nonce}">`);
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" data-shell="canonical">`);
  for (const alternate of head.alternates ?? [])
    tags.push(
      `<link rel="alternate" hreflang="${escapeHtml(alternate.hrefLang)}" href="${escapeHtml(alternate.href)}" data-shell="alternate-${escapeHtml(alternate.hrefLang)}">`,
    );
  (head.jsonLd ?? []).forEach((value, index) =>
    tags.push(`<script type="application/ld+json" nonce="${nonce}" ${index === 0 ? 'data-shell="jsonld"' : 'data-page-jsonld=""'}>${ldJson(value)}</script>`),
  );
  let html = indexHtml
    // The page carries remotes.json (in its state) and links its remote's files itself.
    .replace(/<link rel="preload" href="\/remotes\.json"[^>]*>/, '')
    .replace('</head>', `${tags.join('')}</head>`)
    // The page reads without JavaScript; only what changes it needs it.
    .replace(/<noscript>[^<]*<\/noscript>/, '<noscript>Turn on JavaScript to search, filter and buy: without it, this page can only be read.</noscript>')
    .replace(
      /<div id="root"><\/div>/,
      // A disabled fieldset (without a box or a role of its own) until the browser has hydrated
      // the page: a button pressed or a field filled before the page's code runs would be lost,
      // so they wait, as links need not (they work without it). The shell enables it.
      () =>
        `<fieldset id="root" class="shell-root" role="none" disabled>${root}</fieldset><script type="application/json" id="eyewear-ssr" nonce="${nonce}">${state}</script>`,
    );
  // The shell's entry runs once the page has painted its main image (or its first content): a
  // phone's main thread is then busy for a while with the scripts and hydration, and a paint
  // that waits for them waits seconds. The file still downloads from the start.
  html = html.replace(/<script nonce="[^"]*" defer(?:="defer")? src="([^"]+)"><\/script>/, (_tag, src) => {
    const href = escapeHtml(src);
    return `<link rel="preload" as="script" href="${href}" nonce="${nonce}"><script nonce="${nonce}">${startAfterPaint(src)}</script>`;
  });
  if (head.title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`);
  if (head.description)
    html = html.replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(head.description)}">`);
  return html;
}

/** How long the entry waits at most for the page's main image before it runs anyway. */
export const START_WAIT_MS = 2500;
/** The Element Timing name of a page's main image (libs/ui MAIN_IMAGE_TIMING). */
const MAIN_IMAGE_TIMING = 'main-image';
/** The id of a page's main image (libs/ui MAIN_IMAGE_ID). */
const MAIN_IMAGE_ID = 'main-image';

/** The User Timing mark the starter leaves, its `detail` saying why the scripts started then. */
export const START_MARK = 'eyewear-scripts-start';

/**
 * The inline script that starts the shell's entry once the browser has painted the page's main
 * image (the one marked `elementtiming="main-image"`, libs/ui MAIN_IMAGE, as its Element Timing
 * report says; where the browser has no such report, once the image is decoded, after the next
 * frame). A page without one starts once the browser reports its first contentful paint (Paint
 * Timing; after the first frame where it cannot): a script that ran in the frame's task before
 * the paint was presented held the page's first paint for its whole evaluation (checkout's LCP
 * went from ~0.9 s to ~2.5 s in such Lighthouse runs). Either way it then waits for the images
 * of the first screen still loading (not lazy ones), after the next frame: the largest paint can
 * be one of them (docs/adr/039). At once when the image fails (also when
 * it failed before this script ran), and at most START_WAIT_MS after the document. It leaves a
 * mark (START_MARK) whose detail says which: 'painted', 'decoded', 'first-paint', 'first-frame',
 * 'image-failed' or 'waited' (for the page's own measures, and the journeys).
 * @param {string} src  the entry's URL
 */
export function startAfterPaint(src) {
  return [
    '(function(){var d=document,n=d.currentScript.nonce,done=0;',
    `function go(why){if(done)return;done=1;try{performance.mark(${scriptJson(START_MARK)},{detail:why})}catch(e){}`,
    `var s=d.createElement('script');s.src=${scriptJson(src)};s.nonce=n;d.body.appendChild(s)}`,
    'function soon(why){return function(){setTimeout(function(){go(why)},0)}}',
    // Then the first screen's other images that are still loading (another card, an order's
    // photo): the browser's largest paint can be one of them, a hair larger than the main one.
    // Once they have loaded (or failed), after the next frame.
    "function rest(why){return function(){var w=[],a=d.querySelectorAll('#root img'),h=innerHeight,v=innerWidth,k,m,r,left;",
    "for(k=0;k<a.length;k++){m=a[k];if(m===i||m.complete||m.loading==='lazy')continue;r=m.getBoundingClientRect();if(r.width&&r.bottom>0&&r.top<h&&r.right>0&&r.left<v)w.push(m)}",
    'if(!w.length)return soon(why)();left=w.length;',
    'function one(){if(--left===0)requestAnimationFrame(soon(why))}',
    "for(k=0;k<w.length;k++){w[k].addEventListener('load',one);w[k].addEventListener('error',one)}}}",
    `var i=d.querySelector('#root img[elementtiming="${MAIN_IMAGE_TIMING}"]'),P=window.PerformanceObserver,t=(P&&P.supportedEntryTypes)||[];`,
    // No main image (the cart, checkout, an account page; an area the browser renders): once the
    // browser reports the first contentful paint; after the first frame where it cannot.
    "if(!i){if(t.indexOf('paint')>=0){var q=new P(function(l){l.getEntries().forEach(function(e){if(e.name==='first-contentful-paint'){q.disconnect();rest('first-paint')()}})});q.observe({type:'paint',buffered:true})}else requestAnimationFrame(rest('first-frame'))}",
    // An image that already failed is complete with no size (a loaded one, even an SVG, has one).
    "else if(i.complete&&!i.naturalWidth)soon('image-failed')();",
    "else{i.addEventListener('error',soon('image-failed'));",
    "if(t.indexOf('element')>=0){var o=new P(function(l){l.getEntries().forEach(function(e){if(e.element===i){o.disconnect();rest('painted')()}})});o.observe({type:'element',buffered:true})}",
    "else (i.decode?i.decode():Promise.resolve()).then(function(){requestAnimationFrame(rest('decoded'))},soon('image-failed'))}",
    `setTimeout(function(){go('waited')},${START_WAIT_MS})})();`,
  ].join('');
}

/**
 * A remote's files for an exposed page, from its browser mf-manifest.json: the entry and the
 * page's chunks (to preload) and its CSS (linked, so the HTML is styled before any script runs).
 */
export function pageAssets(manifestUrl, manifest, expose) {
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const at = (file) => new URL(file, new URL(base, 'http://x')).pathname;
  const entry = manifest?.metaData?.remoteEntry;
  const page = manifest?.exposes?.find((e) => e.path === expose);
  const js = [];
  if (entry?.name) js.push(at(`${entry.path ?? ''}${entry.name}`));
  for (const chunk of page?.assets?.js?.sync ?? []) js.push(at(chunk));
  // The page's CSS and its lazy parts' (rendered on the server too), each file once.
  const css = [...new Set([...(page?.assets?.css?.sync ?? []), ...(page?.assets?.css?.async ?? [])])].map(at);
  return { js, css };
}
