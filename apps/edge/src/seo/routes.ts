// The shell's route table and legacy redirects (libs/federation/src/routes.ts), as the edge
// uses them for a page's status and its legacy redirects (docs/adr/027). The edge is bundled
// by webpack, which bundles the workspace libs: the table is imported from the lib's source,
// not loaded from its build at run time, so the edge and the shell cannot disagree on it.
import { ROUTE_TABLE, legacyRedirect, type RemoteRoute } from '@eyewear/federation';

/** The route table and the legacy redirects: the shell's own, or a test's. */
export interface RouteModule {
  readonly ROUTE_TABLE: readonly RemoteRoute[];
  legacyRedirect(pathname: string, search?: string, hash?: string): string | null;
}

/**
 * What the edge is given as its routes (the server option `routes`): a RouteModule, a promise
 * of one, or null: then every page answers 200 and nothing is redirected (the shell still
 * redirects legacy URLs in the browser), and no sitemap can be made.
 */
export type RoutesOption = RouteModule | Promise<RouteModule | null> | null;

/** The shell's own route table and legacy redirects (the server's default `routes`). */
export function defaultRouteModule(): RouteModule {
  return { ROUTE_TABLE, legacyRedirect };
}
