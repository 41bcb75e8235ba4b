// A page's document (docs/adr/029, 046, 048): rendered on the server for the session's builds
// when it can be, its document the shell's (React, made in the render's worker, issue 39), and
// the shell's index.html when the page goes to the browser (`x-edge-render` says which).
// A complete render of a page that is nobody's own, for builds the request's BUILDS_COOKIE names,
// is shared: a shared cache keeps it (public, tagged with its cache keys, its CSP by hashes, no
// cookie, no nonce). Anything else is the one shopper's, and nobody keeps it.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import {
  applyOverrides,
  BUILDS_COOKIE,
  chooseReleases,
  matchRoute,
  OVERRIDE_COOKIE,
  OVERRIDE_PARAM,
  pageCacheUrl,
  parseOverrides,
  parseRemotesManifest,
  PRIVATE_PAGE_REMOTES,
  scriptJson,
} from '@eyewear/federation';
import { PRIVATE_PAGE_CACHE_CONTROL, sharedPageHeaders } from '../cdn/page-headers';
import { contentSecurityPolicy, inlineHashes } from '../http/csp';
import { TYPES, type Responder } from '../http/respond';
import type { EdgeMetrics } from '../metrics/metrics';
import type { Cohorts, Variant } from '../sessions/cohorts';
import { readCookie } from '../sessions/session';
import type { BuildFiles } from './build-files';
import { pageAssets } from './page-assets';
import type { RenderAnswer, Renderer } from './renderer';
import type { DocumentParts } from './types';

const COUNTRY_PREFIX = /^\/(ae|sg|sa|us)(?=\/|$)/i;

/**
 * Where a document kept for many responses has the session's remotes.json: each response fills
 * in its own (the manifest differs per session's variant and QA override). Unguessable, so no
 * text of a page can stand in for it.
 */
const MANIFEST_TOKEN = `eyewear-manifest-${randomBytes(12).toString('hex')}`;

/** A page's files: CSS to link, scripts to preload, CSS to inline. */
export type PageFiles = DocumentParts['files'];

export interface PageOptions {
  renderer: Renderer | null;
  cohorts: Cohorts;
  builds: BuildFiles;
  responder: Responder;
  overrides: Record<string, string>;
  /** Origins a development remote's page talks to (its manifest and live-reload socket). */
  extraConnect: string[];
  captchaProvider: string | undefined;
  /** Where the render worker fetches a deployed file for this request. */
  deployedUrl: (req: IncomingMessage, path: string) => string;
  /** Waits for the purge round under way (one a write through this edge started), briefly. */
  purgesSettled?: () => Promise<void>;
  log: (line: string) => void;
  /** Page views per build (docs/adr/055). */
  metrics?: EdgeMetrics;
}

interface RenderedPage {
  rendered: RenderAnswer;
  assets: PageFiles;
}

/** The QA overrides a request asks for (its parameter, else its cookie). */
function qaOverridesOf(req: IncomingMessage, url: URL) {
  const query = url.searchParams.get(OVERRIDE_PARAM);
  return query === 'clear' ? {} : parseOverrides(query || readCookie(req.headers.cookie, OVERRIDE_COOKIE));
}

/** Whether a request asks for QA overrides (the parameter, or the cookie it leaves). */
export const asksQaOverrides = (req: IncomingMessage, url: URL): boolean => Object.keys(qaOverridesOf(req, url)).length > 0;

export function createPages({
  renderer,
  cohorts,
  builds,
  responder,
  overrides,
  extraConnect,
  captchaProvider,
  deployedUrl,
  purgesSettled,
  log,
  metrics,
}: PageOptions) {
  /** The page rendered on the server with its files; null when it is left to the browser. */
  async function renderPage(
    req: IncomingMessage,
    url: URL,
    renderUrl: string,
    hostname: string,
    variant: Variant,
    personal: boolean,
  ): Promise<RenderedPage | null> {
    if (!renderer) return null;
    const manifest = parseRemotesManifest(variant.manifest);
    const { chosen } = applyOverrides(chooseReleases(manifest, 99), manifest, qaOverridesOf(req, url));
    const route = matchRoute(url.pathname.replace(COUNTRY_PREFIX, '') || '/');
    // A remote in development (npm run dev) renders in the browser, with its hot reload.
    const only = renderer.serverRemotes.filter((remote) => !(remote in overrides));
    const rendered = await renderer.render({
      url: renderUrl,
      hostname,
      headers: req.headers,
      shellVersion: variant.shell.version,
      chosen,
      urlOf: (path) => deployedUrl(req, path),
      only: personal && route && !only.includes(route.remote) ? [...only, route.remote] : only,
      personal,
      page: route?.remote,
    });
    if (!rendered) return null;
    let assets: PageFiles = { css: [], js: [], styles: await builds.shellStyles(variant.shell.dir) };
    // The page's remote: its entry and the page's chunks are preloaded; when it renders on the
    // server, its CSS is inlined (a stylesheet link would hold every script of the page while it
    // loads). A URL the routing lookup resolved (a product) is a page the route table does not
    // name: the render says which it was.
    const page = route ?? pageOfRender(rendered.head.page, chosen);
    if (page) {
      const release = chosen[page.remote as keyof typeof chosen];
      const browserManifest = release ? await builds.browserManifestOf(page.remote, release.version) : null;
      if (release && browserManifest) {
        const files = pageAssets(release.entry, browserManifest, page.expose);
        const styles = rendered.serverRemotes.includes(page.remote) ? await builds.remoteStyles(files.css) : [];
        assets = { js: files.js, css: [], styles: [...assets.styles, ...styles] };
      }
    }
    return { rendered, assets };
  }

  /** The page a render says it was (`head.page`), if it names a remote of this session's builds. */
  function pageOfRender(page: { remote?: unknown; expose?: unknown } | undefined, chosen: Record<string, unknown>) {
    if (!page || typeof page.remote !== 'string' || typeof page.expose !== 'string') return null;
    if (!Object.hasOwn(chosen, page.remote) || !/^\.\/\w+$/.test(page.expose)) return null;
    return { remote: page.remote, expose: page.expose };
  }

  /**
   * Whether a page may be shared before it is rendered: nobody's own page (nor one of the
   * remotes whose pages are a shopper's, PRIVATE_PAGE_REMOTES), no QA override, no
   * remote in development, and the builds the request names (BUILDS_COOKIE; none: a visitor
   * without a session's) are the session's. A shared cache keys the page by that cookie, so a
   * page for other builds under it would reach the wrong shoppers.
   */
  async function shareable(req: IncomingMessage, url: URL, variant: Variant, personal: boolean, remote: string | undefined): Promise<boolean> {
    if (personal || (PRIVATE_PAGE_REMOTES as readonly string[]).includes(remote ?? '')) return false;
    if (Object.keys(overrides).length > 0 || Object.keys(qaOverridesOf(req, url)).length > 0) return false;
    const named = readCookie(req.headers.cookie, BUILDS_COOKIE) ?? (await cohorts.variantFor(null)).id;
    return named === variant.id;
  }

  /**
   * The shell's index.html, for a page left to the browser: the browser build's own document,
   * with this response's nonce on its scripts and which shell build it is (for the shell's
   * release beacons).
   */
  async function browserDocument(variant: Variant, nonce: string): Promise<string> {
    const { shell } = variant;
    return (await builds.files.readFile(join(shell.dir, 'index.html'), 'utf8'))
      .replace(/<head>/i, `<head><meta name="eyewear-shell" content="${shell.version}" data-channel="${shell.channel}">`)
      .replace(/<script\b/g, `<script nonce="${nonce}"`);
  }

  /** What the shell's document of a rendered page is made of (apps/shell src/document/document.tsx). */
  function documentParts(page: RenderedPage, variant: Variant, entry: string[], shared: boolean): DocumentParts {
    const { head, html, state, nonce } = page.rendered;
    return {
      shell: { version: variant.shell.version, channel: variant.shell.channel },
      head: { title: head.title, description: head.description, canonical: head.canonical, alternates: head.alternates, jsonLd: head.jsonLd },
      entry,
      files: page.assets,
      root: html,
      // remotes.json differs per session: each response fills in its own.
      state: { ...state, manifest: MANIFEST_TOKEN },
      // The render's own nonce (swapped for each response's); none on a page a shared cache keeps.
      nonce: shared ? null : nonce,
    };
  }

  /** The document; `status` 404 for a page the shell shows as not found. */
  async function sendDocument(req: IncomingMessage, res: ServerResponse, variant: Variant, hostname: string, status: number, url: URL | null) {
    const route = url ? matchRoute(url.pathname.replace(COUNTRY_PREFIX, '') || '/') : null;
    // A shopper's own page (the cart, checkout, the account) is rendered for them, with their
    // cookies, and never kept (docs/adr/033).
    const personal = Boolean(renderer?.isPersonal(route, url?.pathname.replace(COUNTRY_PREFIX, '')) && route && !(route.remote in overrides));
    const mayShare = url !== null && (await shareable(req, url, variant, personal, route?.remote));
    let page: RenderedPage | null = null;
    if (url) {
      // After a write through this edge, its purges first: the page then shows what was written.
      await purgesSettled?.();
      // A shared page is rendered from its cache URL: the parameters no page reads change nothing.
      const renderUrl = personal ? `${url.pathname}${url.search}` : pageCacheUrl(url.pathname, url.search);
      page = await renderPage(req, url, renderUrl, hostname, variant, personal).catch((error: unknown) => {
        log(`server render of ${url.pathname} failed: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      });
    }
    const rendered = page?.rendered;
    // The page knows better than the route table (a product that is gone is 404).
    if (typeof rendered?.head.status === 'number' && rendered.head.status >= 400) status = rendered.head.status;
    // `partial`: an area that should have rendered here went to the browser (counted, logged).
    const partial = Boolean(rendered && rendered.failedAreas.length > 0);
    const mayBeShared = Boolean(mayShare && rendered?.complete && !partial && status < 500);
    const entry = await builds.shellEntry(variant.shell.dir);
    // The rendered page's document, the shell's (made once for a kept render); none: the browser's.
    const made =
      renderer && page && entry.length > 0
        ? await renderer.document(page.rendered, documentParts(page, variant, entry, mayBeShared), renderer.keeps({ personal }))
        : null;
    const shared = Boolean(made && mayBeShared);
    const nonce = shared ? null : randomBytes(16).toString('base64');
    const html =
      page && made
        ? // This response's nonce and remotes.json go in.
          made
            .replaceAll(` nonce="${page.rendered.nonce}"`, nonce === null ? '' : ` nonce="${nonce}"`)
            .replace(scriptJson(MANIFEST_TOKEN), () => scriptJson(variant.manifest))
        : await browserDocument(variant, nonce ?? randomBytes(16).toString('base64'));
    // How the page was made, for the bench and for whoever debugs a page: rendered now, from
    // the HTML cache (fresh or stale), or left to the browser.
    const rendering = !rendered || !made ? 'client' : partial ? 'partial' : (rendered.cached ?? 'rendered');
    const timing = rendered && made && !rendered.cached ? rendered.timing : null;
    responder.send(
      req,
      res,
      status,
      {
        'content-type': TYPES['.html'],
        ...(shared && page
          ? sharedPageHeaders({
              keys: ['all', `b-${variant.id}`, ...page.rendered.cacheKeys],
              preloads: [...entry, ...page.assets.js],
              status,
            })
          : { 'cache-control': PRIVATE_PAGE_CACHE_CONTROL }),
        'content-security-policy': contentSecurityPolicy(nonce ?? inlineHashes(html), extraConnect, captchaProvider),
        'x-edge-render': rendering,
        'x-edge-builds': variant.id,
        ...(timing ? { 'server-timing': `render;dur=${timing.ms.toFixed(1)}, cpu;dur=${timing.cpuMs.toFixed(1)}` } : {}),
      },
      Buffer.from(html),
      '.html',
    );
    if (metrics) countPageView(metrics, variant, route?.remote ?? pageOfRender(rendered?.head.page, variant.manifest.remotes)?.remote);
  }

  return { sendDocument };
}

/** A page view for the session's shell build and the page remote's build it was given (its canary where its cohort is 0). */
function countPageView(metrics: EdgeMetrics, variant: Variant, remote: string | undefined) {
  metrics.pageView('shell', variant.shell.version, variant.shell.channel);
  const channels = remote ? variant.manifest.remotes[remote] : undefined;
  if (!remote || !channels) return;
  const canary = channels.canary && variant.manifest.cohorts?.[remote] === 0 ? channels.canary : null;
  metrics.pageView(remote, canary ? canary.version : channels.stable.version, canary ? 'canary' : 'stable');
}
