// The edge's options, each with its environment variable's default (deploy/README.md).
import type { RoutesOption } from './seo';
import { defaultRouteModule } from './seo';
import { PURGE_POLL_MS } from './render/settings';
import { MINTS_PER_ADDRESS_MINUTE } from './sessions/sessions';

export interface EdgeOptions {
  /**
   * The deploy root (remotes.json, shell.json, shell/, remotes/); with an origin, only where the
   * edge keeps its session key (.edge/) and release signal (.signal/).
   */
  root: string;
  /** Read the deployed files from this URL instead of the root (ORIGIN_URL; a target of `release publish`). */
  origin?: string | undefined;
  /** How long remotes.json and shell.json from the origin are used before they are read again (ORIGIN_TTL_MS). */
  originTtlMs?: number;
  /** Where /api/ goes (an origin, optionally with a base path). */
  apiUrl?: string;
  /** remote -> manifest URL (development). */
  overrides?: Record<string, string>;
  /** The origin shoppers use (https://shop.example behind a TLS terminator): the scheme and host the API is told. */
  publicOrigin?: string | undefined;
  /** Request body limit (bytes) for JSON and other bodies. */
  bodyLimit?: number;
  /** Request body limit (bytes) for multipart uploads. */
  uploadLimit?: number;
  connectTimeoutMs?: number;
  responseTimeoutMs?: number;
  /** This edge's name in the release signal's files. */
  instance?: string;
  /** New sessions one client address may be given per minute (EDGE_MINTS_PER_ADDRESS_MINUTE). */
  mintsPerAddressMinute?: number;
  /** Load balancers in front of the edge (EDGE_TRUST_PROXY: addresses or subnets). */
  trustProxy?: string[];
  /** The shell's route table and legacy redirects (default: the federation lib's; null: every page 200). */
  routes?: RoutesOption;
  /** Render pages on the server (EDGE_SSR=0: in the browser only; docs/adr/029). */
  ssr?: boolean;
  /** Keep anonymous server-rendered HTML briefly (SSR_HTML_CACHE=0: render every request). */
  ssrCache?: boolean;
  /** The render worker's script (default: render-worker.js beside the edge's main.js). */
  renderWorker?: string;
  /** The edge's own files, served at /static/ for good (the face model, docs/adr/058; default: static/ beside the edge's main.js). */
  staticDir?: string;
  now?: () => number;
  /** Compress the live builds' files ahead of shoppers (EDGE_WARM=0, or files from an origin: on first ask only). */
  warmAhead?: boolean;
  /** The API's captcha provider (CAPTCHA_PROVIDER): its widget's frames are allowed by the pages' CSP. */
  captchaProvider?: string | undefined;
  /** The shared cache in front and how to purge it (CDN_PURGE, CDN_PURGE_URLS, CDN_PURGE_TOKEN; docs/adr/048). */
  cdnPurge?: { kind: string; urls: string[]; token?: string | undefined };
  /** How often the API's purge feed is read (SSR_PURGE_POLL_MS). */
  purgePollMs?: number;
}

const list = (value: string | undefined) =>
  (value || '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const env = process.env;

export function withDefaults(options: EdgeOptions) {
  const origin = options.origin ?? (env['ORIGIN_URL'] || undefined);
  return {
    root: options.root,
    origin,
    originTtlMs: options.originTtlMs ?? (Number(env['ORIGIN_TTL_MS']) || 5000),
    apiUrl: options.apiUrl ?? 'http://127.0.0.1:3000',
    overrides: options.overrides ?? {},
    publicOrigin: options.publicOrigin,
    bodyLimit: options.bodyLimit ?? 256 * 1024,
    uploadLimit: options.uploadLimit ?? 12 * 1024 * 1024,
    connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
    responseTimeoutMs: options.responseTimeoutMs ?? 30_000,
    instance: options.instance,
    mintsPerAddressMinute: options.mintsPerAddressMinute ?? (Number(env['EDGE_MINTS_PER_ADDRESS_MINUTE']) || MINTS_PER_ADDRESS_MINUTE),
    trustProxy: options.trustProxy ?? list(env['EDGE_TRUST_PROXY']),
    routes: options.routes === undefined ? defaultRouteModule() : options.routes,
    ssr: options.ssr ?? env['EDGE_SSR'] !== '0',
    ssrCache: options.ssrCache ?? env['SSR_HTML_CACHE'] !== '0',
    renderWorker: options.renderWorker,
    staticDir: options.staticDir,
    now: options.now ?? Date.now,
    // From an origin, files are compressed when first asked for: no origin read is made ahead.
    warmAhead: options.warmAhead ?? (env['EDGE_WARM'] !== '0' && !origin),
    captchaProvider: options.captchaProvider ?? ((env['CAPTCHA_PROVIDER'] || '').trim().toLowerCase() || undefined),
    cdnPurge: options.cdnPurge ?? { kind: (env['CDN_PURGE'] || 'none').trim().toLowerCase(), urls: list(env['CDN_PURGE_URLS']), token: env['CDN_PURGE_TOKEN'] },
    purgePollMs: options.purgePollMs ?? PURGE_POLL_MS,
  };
}
