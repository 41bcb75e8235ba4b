import { type FastifyRequest } from 'fastify';
import { areaEndpoints, AUDIENCE_COOKIE, cacheKeys, type AudienceType, type FooterData, type Navigation } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { insertRows } from '../../db/rows';
import { setCacheKeys } from '../../http/cache-keys';
import { setCookie } from '../../http/cookies';
import { route } from '../../http/endpoint';
import { badRequest, notFound } from '../../http/errors';
import { countryOf, currentSession, requireSession } from '../../http/session';
import { type ApiArea } from '../area';
import { buildNavigation, FOOTER, IP_LOCATIONS } from './content';
import { SHELL_MIGRATIONS } from './migrations';
import { suggestionsFor } from './search';
import { seedSettings, settingsFor } from './settings';
import { TRENDING } from './trending';

const { content, catalogue, reviews, marketing } = areaEndpoints;

/** How long the audience-type cookie (AUDIENCE_COOKIE, read by the lens-package calls) is kept. */
const AUDIENCE_DAYS = 30;

async function contentOf<T>(db: Pick<Database, 'query'>, key: string): Promise<T> {
  const [row] = await db.query<{ data: T }>('select data from shell_content where key = $1', [key]);
  if (!row) throw notFound(`No ${key} content`);
  return row.data;
}

/** The visitor's address as the edge saw it (Fastify trusts the local proxy's X-Forwarded-For). */
function clientIp(request: FastifyRequest): string {
  return request.ip.replace(/^::ffff:/, '');
}

export const shellArea: ApiArea = {
  name: 'shell',
  migrations: SHELL_MIGRATIONS,
  routes(app, _db) {
    // What every page's shell shows is under one cache key, `shell` (http/cache-keys.ts).
    const shell = (reply: Parameters<typeof setCacheKeys>[0]) => setCacheKeys(reply, [cacheKeys.shell]);
    route(app, content.navigation, async ({ reply, db }) => {
      shell(reply);
      return { result: await contentOf<Navigation>(db, 'navigation:desktop') };
    });
    route(app, content.mobileNavigation, async ({ reply, db }) => {
      shell(reply);
      return { result: await contentOf<Navigation>(db, 'navigation:mobile') };
    });
    route(app, content.footer, async ({ reply, db }) => {
      shell(reply);
      return { result: await contentOf<FooterData>(db, 'footer') };
    });
    route(app, content.settings, async ({ query, request, reply, db }) => {
      shell(reply);
      return { result: await settingsFor(db, countryOf(request), query.keys?.split(',')) };
    });

    // Suggestions answer what a shopper types (never rendered on the server): no keys.
    route(app, catalogue.suggestions, async ({ params, request, db }) => ({ result: await suggestionsFor(db, params.query, countryOf(request)) }));
    route(app, catalogue.trending, async ({ request, reply }) => {
      shell(reply);
      return { result: TRENDING[countryOf(request)] };
    });

    // The site's rating over every review: `shell` too. A review posted does not purge it (it would
    // empty every page for a change of at most a tenth of a star); it follows with the pages' age.
    route(app, reviews.siteRating, async ({ reply, db }) => {
      shell(reply);
      const [row] = await db.query<{ average: number | null; total: number }>(
        'select round(avg(rating)::numeric, 1) as average, count(*) as total from reviews',
      );
      return { result: { average_score: Number(row?.average ?? 0), total_reviews: Number(row?.total ?? 0) } };
    });

    route(app, marketing.location, async ({ request, reply }) => {
      const ip = clientIp(request);
      const match = IP_LOCATIONS.filter(([prefix]) => ip.startsWith(prefix)).sort((a, b) => b[0].length - a[0].length)[0];
      const siteCountry = countryOf(request);
      // Unknown addresses are 'default' (shopping §8 "Audience lookup failure").
      const audienceType: AudienceType = !match ? 'default' : match[1] === siteCountry ? 'domestic' : 'international';
      setCookie(request, reply, AUDIENCE_COOKIE, audienceType, { maxAgeSeconds: AUDIENCE_DAYS * 86400, httpOnly: false });
      return { result: match ? { audienceType, country: match[1], city: match[2] } : { audienceType } };
    });

    route(app, marketing.enterMyPower, async ({ query, request, db }) => {
      const session = await currentSession(db, request);
      await db.query('insert into shell_power_requests (session_id, country, phone) values ($1, $2, $3)', [
        session?.id ?? null,
        countryOf(request),
        query.phone,
      ]);
      return { result: { success: true, message: 'We will call you to take your power.' } };
    });

    route(app, marketing.utm, async ({ body, request, reply, db }) => {
      const keys = (['source', 'medium', 'campaign', 'term', 'content'] as const).filter((k) => body[k] !== undefined && body[k] !== '');
      if (keys.length === 0) throw badRequest('At least one of source, medium, campaign, term, content is required', 'source');
      const session = await requireSession(db, request, reply);
      await db.query(
        'insert into shell_utm (session_id, customer_id, country, source, medium, campaign, term, content) values ($1, $2, $3, $4, $5, $6, $7, $8)',
        [
          session.id,
          session.customer_id,
          session.country,
          body.source ?? null,
          body.medium ?? null,
          body.campaign ?? null,
          body.term ?? null,
          body.content ?? null,
        ],
      );
      return { result: { success: true } };
    });
  },
  async seed(db, catalogue) {
    const navigation = buildNavigation(catalogue);
    await insertRows(
      db,
      'shell_content',
      ['key', 'data'],
      [
        ['navigation:desktop', JSON.stringify(navigation.desktop)],
        ['navigation:mobile', JSON.stringify(navigation.mobile)],
        ['footer', JSON.stringify(FOOTER)],
      ],
      'on conflict (key) do update set data = excluded.data, updated_at = now()',
    );
    await seedSettings(db, catalogue);
    await insertRows(
      db,
      'shell_ip_locations',
      ['prefix', 'country', 'city'],
      IP_LOCATIONS.map((row) => [...row]),
      'on conflict (prefix) do update set country = excluded.country, city = excluded.city',
    );
  },
};
