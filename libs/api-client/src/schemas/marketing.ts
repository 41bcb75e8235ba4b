import { z } from 'zod';
import { UTM_VALUE_MAX, type UtmKey } from '@eyewear/i18n/rules';
import { AUDIENCE_TYPES } from '../audience';
import { emailSchema, idSchema, isoDateTimeSchema, phoneCodeSchema, phoneSchema, pincodeSchema } from './common';

/** shopping §9: the five UTM keys (UTM_KEYS of @eyewear/i18n/rules; `satisfies` keeps the two the same). */
const utmValue = z.string().max(UTM_VALUE_MAX);
export const utmSchema = z
  .object({ source: utmValue, medium: utmValue, campaign: utmValue, term: utmValue, content: utmValue } satisfies Record<UtmKey, typeof utmValue>)
  .partial()
  .strict();
export type Utm = z.infer<typeof utmSchema>;

export const leadGenSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    phoneCode: phoneCodeSchema.optional(),
    phone: phoneSchema,
    email: emailSchema.optional(),
    pincode: pincodeSchema.optional(),
    interest: z.enum(['eyeglasses', 'sunglasses', 'contact_lenses', 'eye_test', 'kids']).optional(),
    utm: utmSchema.optional(),
  })
  .strict();
export type LeadGen = z.infer<typeof leadGenSchema>;

export const marketingSubscriptionSchema = z.object({
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
  subscribed: z.boolean(),
  channels: z.array(z.enum(['email', 'sms', 'whatsapp'])),
  updatedAt: isoDateTimeSchema.optional(),
});
export type MarketingSubscription = z.infer<typeof marketingSubscriptionSchema>;

export const marketingSubscriptionInputSchema = z
  .object({
    email: emailSchema.optional(),
    phone: phoneSchema.optional(),
    subscribed: z.boolean().default(true),
    channels: z
      .array(z.enum(['email', 'sms', 'whatsapp']))
      .min(1)
      .default(['email']),
  })
  .strict()
  .refine((v) => v.email !== undefined || v.phone !== undefined, { message: 'Email or phone is required', path: ['email'] });
export type MarketingSubscriptionInput = z.input<typeof marketingSubscriptionInputSchema>;

/** WhatsApp opt-in: status OPT_IN, anything else is opted out. */
export const whatsappConsentSchema = z.object({
  optin: z.boolean(),
  id: z.string().optional(),
  status: z.string(),
});
export type WhatsappConsent = z.infer<typeof whatsappConsentSchema>;

/** The consent update answer is read as result.response (status, details, id; success needs 'success'). */
export const whatsappConsentUpdateSchema = z.object({
  response: z.object({ status: z.string(), details: z.string().optional(), id: z.string().optional() }),
});
export type WhatsappConsentUpdate = z.infer<typeof whatsappConsentUpdateSchema>;

/** The audience types the location lookup gives (shopping §4 Marketing), the lens-package call's `audienceType`. */
export const audienceTypeSchema = z.enum(AUDIENCE_TYPES);

/** Location by IP; the audience type is stored in a cookie ('default' on failure). */
export const userLocationSchema = z.object({
  audienceType: audienceTypeSchema,
  country: z.string().optional(),
  city: z.string().optional(),
});
export type UserLocation = z.infer<typeof userLocationSchema>;

export const customerInfoSchema = z.object({
  customerId: idSchema,
  firstName: z.string(),
  lastName: z.string().optional(),
  hasPlacedOrder: z.boolean(),
  isLoyalty: z.boolean(),
});
export type CustomerInfo = z.infer<typeof customerInfoSchema>;

/** Campaign payloads carry a free list of collected rows. */
export const collectionDataSchema = z
  .array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])))
  .min(1)
  .max(100);

export const salesmanSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  storeCode: z.string().optional(),
  active: z.boolean(),
});
export type Salesman = z.infer<typeof salesmanSchema>;
