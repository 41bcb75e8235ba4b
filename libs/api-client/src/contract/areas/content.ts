import { z } from 'zod';
import {
  cmsPageSchema,
  collectionPageSchema,
  contentPageSchema,
  homeSectionSchema,
  navigationSchema,
  footerSchema,
  powerTypeSchema,
  classificationSchema,
  remoteConfigSchema,
} from '../../schemas';
import { routeTypes } from '../core';
import { endpoint, q, result } from '../define';
import { params } from '../helpers';
import { catalogueRoutes } from './catalogue-routes';
import { shellRoutes } from './shell-routes';

const SPEC = 'shopping §7 Catalogue and content';

/** Cache-busting `v`: a timestamp on desktop, 3-minute buckets on mobile. */
const cacheBust = z.object({ v: q.int({ min: 0 }).optional() }).strict();
const slug = z.string().regex(/^[\w.-]{1,100}$/, 'Invalid page name');

export const contentEndpoints = {
  home: endpoint({
    ...catalogueRoutes.home,
    query: cacheBust,
    response: result(z.object({ sections: z.array(homeSectionSchema) })),
    summary: `Home page JSON: the sections rendered 7 (then 10) at a time (${SPEC})`,
  }),
  page: endpoint({
    ...catalogueRoutes.page,
    params: params({ page: slug }),
    query: cacheBust,
    response: result(contentPageSchema),
    summary: `Premium and promo page JSON ({json path}/{page}.json) (${SPEC})`,
  }),
  collection: endpoint({
    ...catalogueRoutes.collection,
    query: z.object({ url: z.string().regex(/^\/[^\s]{0,300}$/, 'A site path') }).strict(),
    response: result(collectionPageSchema),
    summary: `A collection page by its URL (${SPEC})`,
  }),
  cms: endpoint({
    ...catalogueRoutes.cms,
    params: params({ pageName: slug }),
    response: result(cmsPageSchema),
    summary: `A CMS page by page name, e.g. customer-feedback (${SPEC})`,
  }),
  categoryConfig: endpoint({
    ...catalogueRoutes.categoryConfig,
    response: result(remoteConfigSchema),
    summary: `Category config JSON (page size, banners per category) (${SPEC})`,
  }),
  lensMapping: endpoint({
    name: 'content.lensMapping',
    method: 'GET',
    path: '/v2/config/lens-mapping',
    response: result(z.object({ mappings: z.array(z.object({ classification: classificationSchema, powerTypes: z.array(powerTypeSchema) })) })),
    summary: `Lens mapping config: which power types each classification offers (${SPEC})`,
  }),
  settings: endpoint({
    ...shellRoutes.settings,
    query: z
      .object({
        keys: z
          .string()
          .regex(/^[A-Z0-9_]+(,[A-Z0-9_]+)*$/)
          .optional(),
      })
      .strict(),
    response: result(remoteConfigSchema),
    summary: `The "redis config" remote settings (NEW_AUTH_POPUP_DESKTOP, LOYALTY_CONFIG...) (${SPEC})`,
  }),
  locale: endpoint({
    name: 'content.locale',
    method: 'GET',
    path: '/v2/content/i18n/:file',
    params: params({ file: z.enum(['home', 'navigation']) }),
    query: z
      .object({
        locale: z
          .string()
          .regex(/^[a-z]{2}_[a-z]{2}$/)
          .optional(),
      })
      .strict(),
    response: result(z.record(z.string(), z.string())),
    summary: `Locale JSON files (home, navigation) for the request's language (${SPEC})`,
  }),
  bannerImage: endpoint({
    name: 'content.bannerImage',
    method: 'GET',
    path: '/v2/images/banner/:id',
    params: params({ id: z.string().regex(/^[a-z0-9-]{1,60}\.svg$/, 'Invalid banner') }),
    // An image, not JSON: used as an <img src>, never through the client.
    response: z.string().meta({ contentType: 'image/svg+xml' }),
    summary: `A home, promo or category banner drawn as SVG (no image is fetched from outside) (${SPEC})`,
  }),
  navigation: endpoint({
    ...shellRoutes.navigation,
    response: result(navigationSchema),
    summary: `Main navigation, fetched once after app load (${SPEC})`,
  }),
  mobileNavigation: endpoint({
    ...shellRoutes.mobileNavigation,
    response: result(navigationSchema),
    summary: `Mobile navigation JSON (${SPEC})`,
  }),
  sitemap: endpoint({
    name: 'content.sitemap',
    method: 'GET',
    path: '/v2/content/sitemap',
    query: z
      .object({
        /** The last URL of the previous page (URLs come in order). */
        after: z
          .string()
          .regex(/^\/[^\s]{0,300}$/, 'A site path')
          .optional(),
        limit: q.int({ min: 1, max: 10_000 }).optional(),
      })
      .strict(),
    response: result(
      z.object({
        /** The routing lookup's URLs (listings, collections, search landings, products, CMS pages), in URL order. */
        urls: z.array(z.object({ url: z.string(), type: z.enum(routeTypes), lastmod: z.string().optional() })),
        /** The last URL of this page when there may be more, else null. */
        next: z.string().nullable(),
        /** On the first page: when each content page (home, premium and promo pages, CMS) last changed. */
        content: z.array(z.object({ kind: z.string(), name: z.string(), lastmod: z.string() })).optional(),
      }),
    ),
    // Read by the edge (apps/edge/src/seo) for /sitemap.xml, never by the browser.
    summary: `The pages the edge lists in /sitemap.xml, page by page, with when they last changed where known (${SPEC})`,
  }),
  renderVersion: endpoint({
    name: 'content.renderVersion',
    method: 'GET',
    path: '/v2/content/render-version',
    response: result(z.object({ version: z.string() })),
    // Read by the edge (apps/edge/src/render/renderer.ts) to key its server-rendered HTML, never by the browser.
    summary:
      "A token that changes whenever data a server-rendered page shows (products, prices, reviews, categories, content pages, the shell's content) may have been written, by any API instance: the edge keeps rendered HTML under it (docs/adr/029)",
  }),
  footer: endpoint({
    ...shellRoutes.footer,
    response: result(footerSchema),
    summary: `Footer data: link sections, bottom row, social icons, app-store links (shopping §2 Shell)`,
  }),
} as const;
