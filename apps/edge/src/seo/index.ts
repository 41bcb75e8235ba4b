// What the edge's server needs of SEO: a page's status and legacy redirects (page-status.ts),
// robots.txt and the sitemaps (seo.ts), the origin a crawler reached (site-origin.ts), and
// the route table they read (routes.ts).
export { defaultRouteModule, type RouteModule, type RoutesOption } from './routes';
export { createPageStatus, type PageStatus, type PageStatusOptions } from './page-status';
export { createSeo, type Seo, type SeoAnswer, type SeoOptions, type Site } from './seo';
export { siteOriginOf, type SiteRequest } from './site-origin';
export { DISALLOW, robotsAllows, robotsTxt } from './robots';
export { SITEMAP_MAX_URLS, SITEMAP_PATH, sitemapEntries, sitemapIndexXml, urlsetXml, type SitemapEntry, type SitemapList } from './sitemap';
export { parseLookup, productIdOf, type Lookup } from './lookup';
