// The route pattern of an edge request, as a metric label: a fixed set, never the raw URL (a
// stranger's URLs would make a series each). Read with string tests only (no URL parse).
import { REMOTE_IDS } from '@eyewear/federation';

const REMOTE_ROUTES = new Map<string, string>(REMOTE_IDS.map((remote) => [remote, `/remotes/${remote}/:version/*`]));

/** The edge's routes, as handler.ts answers them. */
export function edgeRouteOf(url: string | undefined): string {
  if (!url || url.charCodeAt(0) !== 47 /* / */) return 'invalid';
  if (url.startsWith('/api/') || url === '/api' || url.startsWith('/api?')) return '/api/*';
  if (url.startsWith('/remotes/')) {
    const end = url.indexOf('/', 9);
    return (end > 0 && REMOTE_ROUTES.get(url.slice(9, end))) || '/remotes/*';
  }
  if (url.startsWith('/remotes.json')) return '/remotes.json';
  if (url.startsWith('/_edge/beacon')) return '/_edge/beacon';
  if (url.startsWith('/_edge/shell/')) return '/_edge/shell/:version/server/*';
  if (url === '/livez' || url === '/healthz' || url === '/readyz') return url;
  if (url.startsWith('/robots.txt')) return '/robots.txt';
  if (url.includes('sitemap') && url.includes('.xml')) return 'sitemap';
  // A file of the shell (an extension, not a legacy .html page), else a page.
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  const dot = path.lastIndexOf('.');
  if (dot > path.lastIndexOf('/') && !path.endsWith('.html')) return 'shell file';
  return 'page';
}
