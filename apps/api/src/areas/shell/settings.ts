import { type Database } from '../../db/database';
import { insertRows } from '../../db/rows';
import { type SeedCatalogue } from '../../seed/types';

/** A row that holds for every country; a row of one country (e.g. 'ae') overrides it there. */
export const EVERY_COUNTRY = '*';

/**
 * The remote settings ("redis config" of shopping §7) with the spec's defaults. Browser code
 * reads them once per page through `GET /v2/config/settings` (libs/api-client settings.ts).
 * The seed never overwrites a stored value, so a changed setting survives restarts.
 */
export function defaultSettings(catalogue: SeedCatalogue): Record<string, unknown> {
  return {
    // shopping §2 / account §2: the login popup's variant; enable ON means the newer one.
    NEW_AUTH_POPUP_DESKTOP: { enable: 'OFF' },
    // account §2: the cygnus setting hides the face-profile menu entry.
    ENABLE_CYGNUS: false,
    // shopping §8 "Render error boundary": the alert a crashed area shows ('' shows none).
    ERROR_BOUNDARY_MESSAGE: 'We could not show this part of the page. The rest of the store still works.',
    // shopping §3: LOYALTY_CONFIG defaults (gold product, the two house brands, eyeframes).
    LOYALTY_CONFIG: {
      goldPid: 128269,
      brandsAllowed: catalogue.brands.filter((b) => b.house).map((b) => b.name),
      classificationsAllowed: ['eyeframe'],
    },
    // shopping §2 cart: the checkout button's configured texts (CONFIG_CTA_DESKTOP CHECKOUT entry).
    CONFIG_CTA_DESKTOP: { CHECKOUT: { frameOnlySubText: 'Frame only: add lenses later' } },
    // shopping §2 cart: the empty cart's 'search for' links.
    EMPTY_CART_LINKS: [
      { name: 'Eyeglasses', link: '/eyeglasses.html' },
      { name: 'Sunglasses', link: '/sunglasses.html' },
      { name: 'Contact lenses', link: '/search?q=contact%20lenses' },
      { name: 'Kids glasses', link: '/search?q=kids' },
    ],
    // shopping §2 cart: the studio flow (continue-to-select-store for a studio cart); off.
    STUDIO_FLOW: { enable: 'OFF' },
    // shopping §7 payment methods path version: mobile + MSITE_NEW_PAYMENT_DESIGN -> v5,
    // PAYMENT_METHOD_NEW_VERSION -> v4, else the default path; both off.
    MSITE_NEW_PAYMENT_DESIGN: { enable: 'OFF' },
    PAYMENT_METHOD_NEW_VERSION: { enable: 'OFF' },
  };
}

export async function seedSettings(db: Pick<Database, 'query' | 'exec'>, catalogue: SeedCatalogue) {
  const rows = Object.entries(defaultSettings(catalogue)).map(([key, value]) => [key, EVERY_COUNTRY, JSON.stringify(value)]);
  await insertRows(db, 'shell_settings', ['key', 'country', 'value'], rows, 'on conflict (key, country) do nothing');
}

/** The settings of a country (its own rows over the every-country ones), optionally only `keys`. */
export async function settingsFor(db: Pick<Database, 'query'>, country: string, keys?: string[]): Promise<Record<string, unknown>> {
  const rows = await db.query<{ key: string; value: unknown }>(
    `select distinct on (key) key, value from shell_settings
      where country in ($1, $2) and ($3::text[] is null or key = any($3::text[]))
      order by key, country = $2`,
    [country, EVERY_COUNTRY, keys ?? null],
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
