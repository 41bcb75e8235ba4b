import { type ApiArea } from '../area';
import { insertRows } from '../../db/rows';
import { CMS_PAGES, CONTENT_PAGES, DEFAULT_SETTINGS, HOME_SECTIONS } from './content-seed';
import { catalogueMigrations } from './migrations';
import { catalogueRoutes } from './routes';

/** The catalogue area: listings, filters, search, carousels, content pages, CMS, wishlist, barcode, lead gen. */
export const catalogueArea: ApiArea = {
  name: 'catalogue',
  migrations: catalogueMigrations,
  routes: catalogueRoutes,
  async seed(db) {
    const pages: [string, string, string][] = [
      ['home', 'home', JSON.stringify({ sections: HOME_SECTIONS })],
      ...CONTENT_PAGES.map((p): [string, string, string] => ['page', p.name, JSON.stringify(p)]),
      ...CMS_PAGES.map((p): [string, string, string] => ['cms', p.pageName, JSON.stringify(p)]),
    ];
    await insertRows(db, 'content_pages', ['kind', 'name', 'data'], pages, 'on conflict (kind, name) do update set data = excluded.data, updated_at = now()');
    // Settings are seeded once; an operator's later change survives restarts.
    await insertRows(
      db,
      'catalogue_settings',
      ['key', 'value'],
      Object.entries(DEFAULT_SETTINGS).map(([k, v]) => [k, JSON.stringify(v)]),
      'on conflict (key) do nothing',
    );
  },
};
