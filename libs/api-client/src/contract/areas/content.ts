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
  purges: endpoint({
    name: 'content.purges',
    method: 'GET',
    path: '/v2/content/purges',
    query: z
      .object({
        /** The `last` of the previous answer: rows with a higher id (none: the last hour's). */
        after: q.int({ min: 0, max: Number.MAX_SAFE_INTEGER }).optional(),
      })
      .strict(),
    response: result(
      z.object({
        /** Purges after `after`, of the last hour, in id order, at most 1000: each the cache keys (cache-keys.ts) a write changed. */
        purges: z.array(z.object({ id: z.number().int(), keys: z.array(z.string()) })),
        /**
         * The id to ask after next: the highest id (0 when none) once everything after `after` was
         * answered; else the last id answered (a full page), or `after` (a row held back while an
         * older transaction may still commit a lower id).
         */
        last: z.number().int().min(0),
      }),
    ),
    // Read by the edges (every 500 ms) to purge their page caches and the shared cache by key, never by the browser.
    summary:
      'The purge outbox (issue 39, docs/adr/048): the cache keys each write to what a cached page shows changed (a price, a review, stock shown), in order, for the edges to purge by key',
  }),
  footer: endpoint({
    ...shellRoutes.footer,
    response: result(footerSchema),
    summary: `Footer data: link sections, bottom row, social icons, app-store links (shopping §2 Shell)`,
  }),
} as const;
