import { ensureCohort } from './cohort';
import { chooseReleases, parseRemotesManifest, type RemotesManifest } from './manifest';
import { applyOverrides, readOverrides } from './override';
import { ROUTE_TABLE, type RemoteRoute } from './routes';

/**
 * First-load preloading (ADR 010). Before the shell's bootstrap has even downloaded, the
 * entry point reads remotes.json (the document preloads it), works out which remote and
 * page the address belongs to, fetches that remote's mf-manifest.json and asks the browser
 * to preload its remoteEntry and the page's chunks. Loading the page then finds them in the
 * cache: the chain remotes.json -> manifest -> entry -> chunk no longer starts after the
 * shell has booted. Only the route's own remote is touched (no off-route bytes).
 */

let early: { url: string; manifest: Promise<RemotesManifest> } | null = null;

/** The manifest fetched by `preloadRoute`, handed once to the runtime's first fetch. */
export function takeEarlyManifest(url: string): Promise<RemotesManifest> | null {
  if (!early || early.url !== url) return null;
  const { manifest } = early;
  early = null;
  return manifest;
}

/**
 * remotes.json as the server rendered the page with it (issue 19): the runtime's first read
 * takes it, so the browser chooses the builds the HTML came from.
 */
export function adoptInlineManifest(manifest: RemotesManifest, url = '/remotes.json'): void {
  early = { url, manifest: Promise.resolve(manifest) };
}

interface Ranked {
  route: RemoteRoute;
  score: number;
}

/**
 * The table's route for a path, ranked like React Router does: static segments beat
 * parameters, which beat a splat. Case-insensitive; `/*` makes the rest optional.
 */
export function matchRoute(pathname: string, table: readonly RemoteRoute[] = ROUTE_TABLE): RemoteRoute | null {
  const parts = pathname.toLowerCase().split('/').filter(Boolean);
  let best: Ranked | null = null;
  for (const route of table) {
    const pattern = route.path.toLowerCase().split('/').filter(Boolean);
    const splat = pattern[pattern.length - 1] === '*';
    const fixed = splat ? pattern.slice(0, -1) : pattern;
    if (parts.length < fixed.length || (!splat && parts.length !== fixed.length)) continue;
    let score = splat ? -2 : 0;
    let ok = true;
    for (let i = 0; i < fixed.length && ok; i += 1) {
      if (fixed[i]!.startsWith(':')) score += 3;
      else if (fixed[i] === parts[i]) score += 10;
      else ok = false;
    }
    if (ok && (!best || score > best.score)) best = { route, score };
  }
  return best?.route ?? null;
}

interface RemoteManifestFile {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[] } } }>;
}

function addPreload(doc: Document, href: string, nonce: string | undefined) {
  if (doc.head.querySelector(`link[rel="preload"][href="${href}"]`)) return;
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  // The page's CSP allows scripts by nonce: a preload of a script must carry it too.
  if (nonce) link.nonce = nonce;
  doc.head.appendChild(link);
}

/** The scripts a page of a remote needs: the entry, then the page's own chunks. */
export function assetsFor(manifestUrl: string, file: RemoteManifestFile, expose: string): string[] {
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const entry = file.metaData?.remoteEntry;
  const urls: string[] = [];
  if (entry?.name) urls.push(new URL(`${entry.path ?? ''}${entry.name}`, new URL(base, 'http://x')).pathname);
  const page = file.exposes?.find((e) => e.path === expose);
  for (const chunk of page?.assets?.js?.sync ?? []) urls.push(new URL(chunk, new URL(base, 'http://x')).pathname);
  return urls;
}

/**
 * Starts the first page's remote downloads. Never throws: anything it cannot do, the normal
 * loader does later.
 */
export function preloadRoute(
  options: { pathname?: string; search?: string; manifestUrl?: string; doc?: Document; fetchImpl?: typeof fetch; nonce?: string } = {},
): Promise<string[]> {
  const doc = options.doc ?? document;
  const url = options.manifestUrl ?? '/remotes.json';
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const manifest = fetchImpl(url, { credentials: 'same-origin' }).then(async (response) => {
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return parseRemotesManifest(await response.json());
  });
  early = { url, manifest };
  manifest.catch(() => undefined);
  const route = matchRoute(options.pathname ?? location.pathname);
  if (!route) return Promise.resolve([]);
  return manifest
    .then(async (remotes) => {
      const { chosen } = applyOverrides(chooseReleases(remotes, ensureCohort(doc)), remotes, readOverrides(options.search ?? location.search, doc));
      const entry = chosen[route.remote].entry;
      const response = await fetchImpl(entry, { credentials: 'same-origin' });
      if (!response.ok) return [];
      const urls = assetsFor(entry, (await response.json()) as RemoteManifestFile, route.expose);
      for (const href of urls) addPreload(doc, href, options.nonce);
      return urls;
    })
    .catch(() => []);
}
