// A page's document (docs/adr/029, 046): the shell's index.html, rendered on the server for the
// session's builds when it can be, in the browser when not. Says which in `x-edge-render`.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { applyOverrides, chooseReleases, matchRoute, OVERRIDE_COOKIE, OVERRIDE_PARAM, parseOverrides, parseRemotesManifest } from '@eyewear/federation';
import { contentSecurityPolicy } from '../http/csp';
import { TYPES, type Responder } from '../http/respond';
import type { Cohorts, ShellBuild } from '../sessions/cohorts';
import { readCookie } from '../sessions/session';
import type { Session } from '../sessions/sessions';
import { composeDocument, type PageFiles } from './document';
import { pageAssets } from './page-assets';
import type { Renderer } from './renderer';
import type { BuildFiles } from './build-files';

const COUNTRY_PREFIX = /^\/(ae|sg|sa|us)(?=\/|$)/i;

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
  log: (line: string) => void;
}

export function createPages({ renderer, cohorts, builds, responder, overrides, extraConnect, captchaProvider, deployedUrl, log }: PageOptions) {
  /** The page rendered on the server, as a document; null when it is left to the browser. */
  async function renderedDocument(req: IncomingMessage, url: URL, hostname: string, shell: ShellBuild, session: Session, indexHtml: string, nonce: string) {
    if (!renderer) return null;
    const served = await cohorts.servedManifest(session.id);
    const manifest = parseRemotesManifest(served);
    const query = url.searchParams.get(OVERRIDE_PARAM);
    const qa = query === 'clear' ? {} : parseOverrides(query || readCookie(req.headers.cookie, OVERRIDE_COOKIE));
    const { chosen } = applyOverrides(chooseReleases(manifest, 99), manifest, qa);
    const route = matchRoute(url.pathname.replace(COUNTRY_PREFIX, '') || '/');
    // A remote in development (npm run dev) renders in the browser, with its hot reload.
    const only = renderer.serverRemotes.filter((remote) => !(remote in overrides));
    // A shopper's own page (the cart, checkout, the order list) is rendered for them, with their
    // cookies, and never kept (docs/adr/033).
    const personal = renderer.isPersonal(route) && !(route!.remote in overrides);
    const rendered = await renderer.render({
      url: `${url.pathname}${url.search}`,
      hostname,
      headers: req.headers,
      shellVersion: shell.version,
      chosen,
      urlOf: (path) => deployedUrl(req, path),
      only: personal && route && !only.includes(route.remote) ? [...only, route.remote] : only,
      personal,
    });
    if (!rendered) return null;
    let assets: PageFiles = { css: [], js: [], styles: await builds.shellStyles(shell.dir) };
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
        assets = { js: files.js, css: [], styles: [...(assets.styles ?? []), ...styles] };
      }
    }
    return {
      html: composeDocument(indexHtml, rendered, assets, nonce, served),
      status: rendered.head.status,
      cached: rendered.cached,
      partial: rendered.failedAreas.length > 0,
      timing: rendered.cached ? null : rendered.timing,
    };
  }

  /** The page a render says it was (`head.page`), if it names a remote of this session's builds. */
  function pageOfRender(page: { remote?: unknown; expose?: unknown } | undefined, chosen: Record<string, unknown>) {
    if (!page || typeof page.remote !== 'string' || typeof page.expose !== 'string') return null;
    if (!Object.hasOwn(chosen, page.remote) || !/^\.\/\w+$/.test(page.expose)) return null;
    return { remote: page.remote, expose: page.expose };
  }

  /** The shell's document; `status` 404 for a page the shell shows as not found. */
  async function sendDocument(
    req: IncomingMessage,
    res: ServerResponse,
    shell: ShellBuild,
    session: Session,
    hostname: string,
    status: number,
    url: URL | null,
  ) {
    const nonce = randomBytes(16).toString('base64');
    let html = (await builds.files.readFile(join(shell.dir, 'index.html'), 'utf8'))
      .replace(/<script\b/g, `<script nonce="${nonce}"`)
      // Which shell build this is, for the shell's own release beacons.
      .replace(/<head>/i, `<head><meta name="eyewear-shell" content="${shell.version}" data-channel="${shell.channel}">`);
    // How the page was made, for the bench and for whoever debugs a page: rendered now, from
    // the HTML cache (fresh or stale), or left to the browser.
    let rendering = 'client';
    let serverTiming: string | null = null;
    if (url) {
      const rendered = await renderedDocument(req, url, hostname, shell, session, html, nonce).catch((error: unknown) => {
        log(`server render of ${url.pathname} failed: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      });
      if (rendered) {
        html = rendered.html;
        // `partial`: an area that should have rendered here went to the browser (counted, logged).
        rendering = rendered.partial ? 'partial' : (rendered.cached ?? 'rendered');
        if (rendered.timing) serverTiming = `render;dur=${rendered.timing.ms.toFixed(1)}, cpu;dur=${rendered.timing.cpuMs.toFixed(1)}`;
        // The page knows better than the route table (a product that is gone is 404).
        if (typeof rendered.status === 'number' && rendered.status >= 400) status = rendered.status;
      }
    }
    responder.send(
      req,
      res,
      status,
      {
        'content-type': TYPES['.html'],
        // Private: the document names the session's shell build and may set its cookie.
        'cache-control': 'no-cache, private',
        'content-security-policy': contentSecurityPolicy(nonce, extraConnect, captchaProvider),
        'x-edge-render': rendering,
        ...(serverTiming ? { 'server-timing': serverTiming } : {}),
        ...(session.setCookie ? { 'set-cookie': session.setCookie } : {}),
      },
      Buffer.from(html),
      '.html',
    );
  }

  return { sendDocument };
}
