import { z } from 'zod';
import {
  collectionDataSchema,
  customerInfoSchema,
  emailSchema,
  leadGenSchema,
  marketingSubscriptionInputSchema,
  marketingSubscriptionSchema,
  phoneCodeSchema,
  phoneSchema,
  powerPhoneSchema,
  salesmanSchema,
  userLocationSchema,
  utmSchema,
} from '../../schemas';
import { endpoint, result } from '../define';
import { ackResponse, idParam, params } from '../helpers';
import { subscriptionRoutes } from './account-routes';
import { catalogueRoutes } from './catalogue-routes';
import { shellRoutes } from './shell-routes';

const SPEC = 'shopping §7 Marketing and utility';
const OTHER = 'account §7 Other';

const phoneQuery = z.object({ phone: phoneSchema }).strict();
const exists = result(z.object({ exists: z.boolean() }));

export const marketingEndpoints = {
  utm: endpoint({
    ...shellRoutes.utm,
    body: utmSchema,
    response: ackResponse,
    summary: `Send the five UTM keys, also after a login with a new user id (${SPEC}; ${OTHER})`,
  }),
  leadGen: endpoint({
    ...catalogueRoutes.leadGen,
    body: leadGenSchema,
    response: ackResponse,
    summary: `Lead-generation form (/lead-gen/user-detail) (${SPEC}; ${OTHER})`,
  }),
  leadCapture: endpoint({
    name: 'marketing.leadCapture',
    method: 'GET',
    path: '/v2/marketing/lead-capture',
    response: result(z.object({ enabled: z.boolean(), campaign: z.string().optional(), fields: z.array(z.string()) })),
    summary: `Lead-capture settings: whether and what to ask (${OTHER})`,
  }),
  subscription: endpoint({
    ...subscriptionRoutes.subscription,
    response: result(marketingSubscriptionSchema),
    summary: `The shopper's marketing subscription (${SPEC}; account §7 Auth/account)`,
  }),
  subscribe: endpoint({
    ...subscriptionRoutes.subscribe,
    body: marketingSubscriptionInputSchema,
    response: result(marketingSubscriptionSchema),
    summary: `Subscribe or unsubscribe; failures are swallowed (${SPEC}; account §7 Auth/account)`,
  }),
  location: endpoint({
    ...shellRoutes.location,
    response: result(userLocationSchema),
    summary: `Location by IP, read as result.audienceType ('default' on failure) (${SPEC}; ${OTHER})`,
  }),
  userExists: endpoint({
    name: 'marketing.userExists',
    method: 'GET',
    path: '/v2/marketing/users/exists',
    query: phoneQuery,
    response: exists,
    summary: `Whether a customer has this phone (false on failure) (${SPEC})`,
  }),
  firstDealUserExists: endpoint({
    name: 'marketing.firstDealUserExists',
    method: 'GET',
    path: '/v2/campaigns/first-deal/users/exists',
    query: phoneQuery,
    response: exists,
    summary: `Whether a phone already took the first deal (${SPEC})`,
  }),
  firstDeal: endpoint({
    name: 'marketing.firstDeal',
    method: 'POST',
    headers: { idempotencyKey: true },
    path: '/v2/campaigns/first-deal',
    body: z
      .object({
        name: z.string().trim().min(1).max(80),
        phoneCode: phoneCodeSchema.optional(),
        phone: phoneSchema,
        email: emailSchema.optional(),
        utm: utmSchema.optional(),
      })
      .strict(),
    response: ackResponse,
    summary: `Register a shopper for the first-deal campaign (${SPEC})`,
  }),
  storeStaffSalesData: endpoint({
    name: 'marketing.storeStaffSalesData',
    method: 'POST',
    headers: { idempotencyKey: true },
    path: '/v2/campaigns/camp_MSiteStoreStaffSalesData',
    body: z.object({ collectionData: collectionDataSchema }).strict(),
    response: ackResponse,
    summary: `Store staff sales data campaign (collectionData rows) (${SPEC})`,
  }),
  mobileData: endpoint({
    name: 'marketing.mobileData',
    method: 'POST',
    headers: { idempotencyKey: true },
    path: '/v2/campaigns/MobileData',
    body: z.object({ jsonData: z.object({ phone: phoneSchema }).catchall(z.union([z.string(), z.number(), z.boolean()])) }).strict(),
    response: ackResponse,
    summary: `Campaign phone capture (${OTHER})`,
  }),
  whatsappConsentCampaign: endpoint({
    name: 'marketing.whatsappConsentCampaign',
    method: 'POST',
    headers: { idempotencyKey: true },
    path: '/v2/campaigns/camp_whatsapp_consent',
    body: z.object({ collectionData: collectionDataSchema }).strict(),
    response: ackResponse,
    summary: `WhatsApp consent campaign rows (${OTHER})`,
  }),
  salesman: endpoint({
    name: 'marketing.salesman',
    method: 'GET',
    path: '/v2/presales/salesmen/:salesmanId',
    params: params({ salesmanId: z.string().regex(/^[A-Za-z0-9-]{2,32}$/, 'Invalid salesman id') }),
    response: result(salesmanSchema),
    summary: `Salesman details by id, for offline sales (${SPEC}; ${OTHER})`,
  }),
  enterMyPower: endpoint({
    ...shellRoutes.enterMyPower,
    query: z.object({ phone: powerPhoneSchema }).strict(),
    response: ackResponse,
    summary: `Power-by-phone: ask to be called for power (footer 'Enter my power') (${SPEC}; ${OTHER})`,
  }),
  customerInfo: endpoint({
    name: 'marketing.customerInfo',
    method: 'GET',
    path: '/v2/marketing/customers/:customerId',
    params: params({ customerId: idParam() }),
    response: result(customerInfoSchema),
    summary: `Customer info by customerId for marketing (${OTHER})`,
  }),
} as const;
