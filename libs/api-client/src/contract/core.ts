import { z } from 'zod';
import { countryCodeSchema } from '../schemas/common';
import { coreRoutes } from './core-routes';
import { endpoint, result } from './define';

/** Section types of the routing lookup (spec/shopping.md §2 "Page resolution"). */
export const routeTypes = ['cat', 'prod', 'cms', 'col', 'search'] as const;
export type RouteType = (typeof routeTypes)[number];

const sessionResult = result(
  z.object({
    id: z.string().min(32),
    /** The first time this session was seen, ISO. */
    createdAt: z.string(),
    isLoggedIn: z.boolean(),
  }),
);

/** What `GET /me` answers: the guest or the customer of the session, with header counts. */
export const currentUserSchema = z.object({
  id: z.number().int().nullable(),
  login: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  gender: z.string().nullable(),
  phoneCode: z.string().nullable(),
  telephone: z.string().nullable(),
  /** Whether a code proved `telephone` (issue 40): the account page offers to confirm it when not. */
  phoneVerified: z.boolean().optional(),
  countryCode: countryCodeSchema,
  hasPlacedOrder: z.boolean(),
  isLoyalty: z.boolean(),
  dittos: z.array(z.string()),
  cygnus: z.object({ cygnusId: z.string().nullable() }),
  /** Counts the header shows (shopping §6: wishlist and cart counts come from user info). */
  cartCount: z.number().int().min(0),
  wishlistCount: z.number().int().min(0),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const countryDataSchema = z.object({
  countryCode: countryCodeSchema,
  countryName: z.string(),
  currencyCode: z.enum(['INR', 'AED', 'SGD', 'SAR', 'USD']),
  phoneCode: z.string(),
  defaultLocale: z.string(),
  defaultLanguage: z.string(),
  minMobileLength: z.number().int(),
  maxMobileLength: z.number().int(),
  gstRate: z.number().min(0),
});
export type CountryData = z.infer<typeof countryDataSchema>;

export const telemetryEventSchema = z
  .object({
    /** `loaded`: a remote loaded fine (the denominator of failure rates); the rest are failures. */
    kind: z.enum(['loaded', 'load', 'timeout', 'render', 'pageerror']),
    remote: z.string().min(1).max(40),
    expose: z.string().max(80).optional(),
    version: z.string().max(64).optional(),
    channel: z.enum(['stable', 'canary']).optional(),
    message: z.string().max(500),
    path: z.string().max(300).optional(),
  })
  .strict();
export type TelemetryEvent = z.infer<typeof telemetryEventSchema>;

const productId = z.coerce.number().int().positive();

/**
 * The calls this part of the API implements first: sessions, the current user, the routing
 * lookup, country data, telemetry intake and product images (issue 3).
 */
export const coreEndpoints = {
  createSession: endpoint({
    ...coreRoutes.createSession,
    response: sessionResult,
    summary: 'Creates a guest session; the first request without a session cookie (shopping §4, §7).',
  }),
  validateSession: endpoint({
    ...coreRoutes.validateSession,
    response: sessionResult,
    summary: 'Validates the session of the request; 401 when it is unknown or expired (shopping §4).',
  }),
  logout: endpoint({
    ...coreRoutes.logout,
    response: sessionResult,
    summary: 'Ends the session and returns a fresh guest session id to replace the token (account §4).',
  }),
  me: endpoint({
    ...coreRoutes.me,
    response: result(currentUserSchema),
    summary: 'The current customer, or the guest, with header counts (shopping §7, account §3).',
  }),
  routing: endpoint({
    ...coreRoutes.routing,
    query: z.object({ url: z.string().min(1).max(2048).startsWith('/') }).strict(),
    response: result(z.object({ path: z.string().regex(/^(cat|prod|cms|col|search|na):.*$/) })),
    summary: "Resolves a page URL to 'type:id'; 'na:' when nothing matches (shopping §2, §7).",
  }),
  countryData: endpoint({
    ...coreRoutes.countryData,
    params: z.object({ code: countryCodeSchema }).strict(),
    response: result(countryDataSchema),
    summary: 'Country data by code (shopping §7 "Marketing and utility", account §7 "Other").',
  }),
  telemetry: endpoint({
    ...coreRoutes.telemetry,
    body: z.object({ events: z.array(telemetryEventSchema).min(1).max(50) }).strict(),
    response: result(z.object({ accepted: z.number().int() })),
    summary: "Takes the shell's remote-load failures and page errors (DESIGN.md, issue 2).",
  }),
  productImage: endpoint({
    ...coreRoutes.productImage,
    params: z.object({ id: productId, view: z.enum(['front.svg', 'side.svg', 'worn.svg']) }).strict(),
    response: z.string(),
    summary: "A product image drawn as SVG from the product's shape and colour (DESIGN.md seed).",
  }),
} as const;
