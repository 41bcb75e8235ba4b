// Server rendering at the edge (issue 19, docs/adr/029 and 046). For a page request the edge
// picks the shopper's builds (the browser's own choice, from the remotes.json it is given), and
// the render worker of the shopper's shell build renders the page with those builds. Whatever
// fails on the way leaves that area, or the whole page, to the browser: the answer is still
// the page, and the failure is logged and counted against its build (outcomes.ts).
import { randomUUID } from 'node:crypto';
import { CUSTOMER_COOKIE } from '@eyewear/federation';
import { isCrawler, isMobileRequest } from '@eyewear/i18n/rules';
import type { EdgeMetrics } from '../metrics/metrics';
import { readCookie } from '../sessions/session';
import { createOutcomes } from './outcomes';
import { createRenderPool } from './pool';
import * as settings from './settings';
import type { DocumentParts, RenderJob, RenderResult, ServerContainer, WorkerSetup } from './types';

/** A phone (the mobile layout), by the rule the shared cache's configuration is generated from. */
export { isMobileRequest };

const isRepeatCustomer = (cookie: string) => readCookie(cookie, CUSTOMER_COOKIE) === 'true';

export interface RenderRequest {
  url: string;
  hostname: string;
  headers: Record<string, string | string[] | undefined>;
  shellVersion: string;
  chosen: Record<string, { version: string; entry: string; channel: string }>;
  /** Where the worker fetches a deployed file (the edge itself on loopback, or the origin). */
  urlOf: (path: string) => string;
  only?: string[];
  personal?: boolean;
  /** The page's remote (the route table's), when known: its build is counted with the render (docs/adr/055). */
  page?: string | undefined;
}

/** A render as the edge keeps it: which render it was (its document is made once), in which worker. */
export type Rendered = RenderResult & { id: string; setup: WorkerSetup };
export type RenderAnswer = Rendered & { cached?: 'fresh' | 'stale' };

export interface RendererOptions {
  apiUrl: string;
  /** A deployed server build's build.json, null when absent. */
  readBuildInfo: (path: string) => Promise<unknown>;
  /** The render worker's script. */
  workerFile: string;
  log?: (line: string) => void;
  cacheEnabled?: boolean;
  serverRemotes?: string[];
  personalPages?: string[];
  now?: () => number;
  metrics?: EdgeMetrics;
}

export type Renderer = ReturnType<typeof createRenderer>;

export function createRenderer({
  apiUrl,
  readBuildInfo,
  workerFile,
  log = (line) => console.error(`[edge] ${line}`),
  cacheEnabled = process.env['SSR_HTML_CACHE'] !== '0',
  serverRemotes = settings.serverRemotesSetting(),
  personalPages = settings.personalPagesSetting(),
  now = Date.now,
  metrics,
}: RendererOptions) {
  const pool = createRenderPool({
    workerFile,
    retryFailedMs: settings.RETRY_FAILED_MS,
    stuckMs: settings.RENDER_DEADLINE_MS + 2 * settings.MODULE_DEADLINE_MS + 10_000,
    log,
    now,
  });
  const outcomes = createOutcomes({ log, now, metrics });

  /** A server build's container name (its build.json), or null when the build has none. */
  const containerNames = new Map<string, Promise<string | null>>();
  function containerNameOf(path: string): Promise<string | null> {
    let name = containerNames.get(path);
    if (!name) {
      name = readBuildInfo(path).then((info) => {
        const namespace = (info as { namespace?: unknown } | null)?.namespace;
        return typeof namespace === 'string' && /^[A-Za-z_]\w*$/.test(namespace) ? namespace : null;
      });
      containerNames.set(path, name);
      // A read that failed (the origin down) is tried again.
      name.catch(() => containerNames.delete(path));
      if (containerNames.size > 500) containerNames.delete(containerNames.keys().next().value as string);
    }
    return name;
  }

  async function containersOf(chosen: RenderRequest['chosen'], urlOf: RenderRequest['urlOf']) {
    const containers: Record<string, ServerContainer> = {};
    for (const [remote, release] of Object.entries(chosen)) {
      const base = `/remotes/${remote}/${release.version}/server/`;
      const name = await containerNameOf(`${base}build.json`).catch(() => null);
      if (name) containers[remote] = { name, entry: urlOf(`${base}remoteEntry.js`) };
    }
    return containers;
  }

  async function renderNow(request: RenderRequest): Promise<Rendered | null> {
    const shellPath = `/_edge/shell/${request.shellVersion}/server/`;
    const shellName = await containerNameOf(`${shellPath}build.json`).catch(() => null);
    if (!shellName) {
      outcomes.refused(request.url, request.shellVersion, 'the shell build has no server build');
      return null;
    }
    const cookie = String(request.headers['cookie'] || '');
    const job: RenderJob = {
      url: request.url,
      hostname: request.hostname,
      userAgent: String(request.headers['user-agent'] || ''),
      mobile: isMobileRequest(request.headers),
      customerType: isRepeatCustomer(cookie) ? 'REPEAT' : 'NEW',
      ...(request.personal ? { cookie } : {}),
      apiUrl,
      chosen: request.chosen,
      containers: await containersOf(request.chosen, request.urlOf),
      serverRemotes: request.only ?? serverRemotes,
      deadlineMs: settings.RENDER_DEADLINE_MS,
      moduleDeadlineMs: settings.MODULE_DEADLINE_MS,
    };
    const setup = { shellVersion: request.shellVersion, shell: { name: shellName, entry: request.urlOf(`${shellPath}remoteEntry.js`) } };
    const answer = await pool.render(setup, job);
    if ('refused' in answer) {
      outcomes.refused(request.url, request.shellVersion, `${answer.refused}: ${answer.message}`);
      return null;
    }
    const named = answer.result.head.page?.remote;
    outcomes.rendered(request.url, request.shellVersion, request.chosen, answer.result, request.page ?? (typeof named === 'string' ? named : undefined));
    return { ...answer.result, id: randomUUID(), setup };
  }

  /**
   * Documents made, by render and kind (a shared cache's, or one response's): a kept render's
   * once, for the DOCUMENTS_KEPT most recently asked (a document is the page's size again; one
   * not kept is made again in its worker, a millisecond or two).
   */
  const documents = new Map<string, Promise<string | null>>();

  /**
   * The document around a render, made by its shell build as React (issue 39) in the render's
   * worker; null when it could not be (the page then goes to the browser, and it is counted).
   * `keep`: the render is kept (the page cache's), so its document is made once per kind.
   */
  function document(rendered: RenderAnswer, parts: DocumentParts, keep: boolean): Promise<string | null> {
    const key = `${rendered.id}|${parts.nonce === null ? 'shared' : 'own'}`;
    const kept = keep ? documents.get(key) : undefined;
    if (kept) {
      // The most recently asked stay.
      documents.delete(key);
      documents.set(key, kept);
      return kept;
    }
    const made = pool.document(rendered.setup, parts).then((answer) => {
      if ('document' in answer) return answer.document;
      outcomes.refused('the document', rendered.setup.shellVersion, `${answer.refused}: ${answer.message}`);
      documents.delete(key);
      return null;
    });
    if (keep) {
      documents.set(key, made);
      if (documents.size > settings.DOCUMENTS_KEPT) documents.delete(documents.keys().next().value as string);
    }
    return made;
  }

  const cache = createPageCache({ now, renderNow });

  /**
   * Anonymous HTML per (builds, host, URL, customer type, phone or not, crawler or not): every
   * server render but a shopper's own is anonymous, so one answer serves every shopper of that
   * key (the shared cache's key is the same, docs/adr/048). A render that left an area to the
   * browser is not kept; a purge of one of its cache keys drops it.
   */
  const keyOf = (request: RenderRequest) =>
    [
      request.shellVersion,
      (request.only ?? serverRemotes).join(','),
      // A build is its version and where its files are (remotes.json may point a version at another folder).
      ...Object.values(request.chosen).map((release) => `${release.version}@${release.entry}`),
      request.hostname,
      request.url,
      isRepeatCustomer(String(request.headers['cookie'] || '')) ? 'R' : 'N',
      isMobileRequest(request.headers) ? 'm' : 'd',
      // The crawler rule of the apps (one rule, @eyewear/i18n/rules): crawlers get whole listings.
      isCrawler(String(request.headers['user-agent'] || '')) ? 'bot' : 'person',
    ].join('|');

  async function render(request: RenderRequest): Promise<RenderAnswer | null> {
    // A shopper's own page is theirs alone: rendered for each request, never kept.
    if (!cacheEnabled || request.personal) return renderNow(request);
    const answer = await cache.get(keyOf(request), request);
    metrics?.cache('html', answer?.cached === 'fresh' ? 'hit' : answer?.cached === 'stale' ? 'stale' : 'miss');
    return answer;
  }

  /**
   * Whether a route (`{ remote, expose }` of the route table) is a shopper's own page rendered for
   * them at this path: an entry `remote/Expose` names every path of the page, `remote/Expose@/path`
   * that path alone (the account's dashboard, not each of its sections).
   */
  const isPersonal = (route: { remote: string; expose: string } | null, pathname = '') =>
    Boolean(route) &&
    personalPages.some((entry) => {
      const [page = '', path] = entry.split('@');
      if (page !== `${route?.remote}/${String(route?.expose).replace(/^\.\//, '')}`) return false;
      return path === undefined || pathname.replace(/\/$/, '') === path.replace(/\/$/, '');
    });

  return {
    render,
    document,
    /** Whether a request's render is kept (and its document made once). */
    keeps: (request: Pick<RenderRequest, 'personal'>) => cacheEnabled && !request.personal,
    /** Drops the kept pages tagged with any of these cache keys (the API's purge feed, docs/adr/048). */
    purge: (keys: readonly string[]) => cache.purge(keys),
    isPersonal,
    serverRemotes,
    outcomes: () => outcomes.snapshot(),
    workers: () => pool.describe(),
    keepShells: (versions: readonly string[]) => pool.keepOnly(versions),
    cache,
    close: () => pool.close(),
  };
}

/**
 * Kept HTML: fresh for HTML_TTL_MS, then served stale while one request renders it again (up
 * to HTML_STALE_MS); one render per key at a time (requests meanwhile wait for it); only a
 * complete render is kept; `purge(keys)` drops every page tagged with one of the keys (and a
 * render under way when the purge came is not kept: it may have read the old data).
 */
function createPageCache({ now, renderNow }: { now: () => number; renderNow: (request: RenderRequest) => Promise<Rendered | null> }) {
  const entries = new Map<string, { at: number; value: Promise<Rendered | null>; refreshing?: boolean; keys?: readonly string[] }>();
  let purges = 0;
  /** Renders and keeps the page when complete and not purged meanwhile. */
  function renderAndKeep(key: string, request: RenderRequest, at: number) {
    const purgesBefore = purges;
    const value = renderNow(request);
    return value.then((result) => {
      if (result?.complete && purges === purgesBefore) entries.set(key, { at, value, keys: result.cacheKeys });
      return result;
    });
  }
  async function get(key: string, request: RenderRequest): Promise<RenderAnswer | null> {
    const hit = entries.get(key);
    const at = now();
    if (hit && at - hit.at < settings.HTML_TTL_MS) {
      const value = await hit.value;
      return value && { ...value, cached: 'fresh' };
    }
    if (hit && at - hit.at < settings.HTML_TTL_MS + settings.HTML_STALE_MS) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        renderAndKeep(key, request, now())
          .then((value) => {
            if (!value?.complete) hit.refreshing = false;
          })
          .catch(() => (hit.refreshing = false));
      }
      const value = await hit.value;
      return value && { ...value, cached: 'stale' };
    }
    const value = renderNow(request);
    const purgesBefore = purges;
    entries.set(key, { at, value });
    const result = await value.catch(() => null);
    if (!result?.complete || purges !== purgesBefore) entries.delete(key);
    else entries.set(key, { at, value, keys: result.cacheKeys });
    if (entries.size > settings.MAX_CACHED_PAGES) entries.delete(entries.keys().next().value as string);
    return result;
  }
  function purge(keys: readonly string[]): number {
    if (keys.length === 0) return 0;
    purges += 1;
    const wanted = new Set(keys);
    let dropped = 0;
    for (const [key, entry] of entries) {
      if (wanted.has('all') || entry.keys?.some((tag) => wanted.has(tag))) {
        entries.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  }
  return { get, purge, size: () => entries.size, clear: () => entries.clear() };
}
