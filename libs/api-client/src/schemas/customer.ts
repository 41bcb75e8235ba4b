import { z } from 'zod';
import {
  countryCodeSchema,
  currencyCodeSchema,
  emailSchema,
  genderSchema,
  idSchema,
  isoDateTimeSchema,
  moneySchema,
  phoneCodeSchema,
  phoneSchema,
  quantitySchema,
} from './common';
import { cardTypeSchema } from './checkout';

/** account §3 User info. */
export const userInfoSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  gender: genderSchema.optional(),
  email: emailSchema.optional(),
  phoneCode: phoneCodeSchema.optional(),
  telephone: phoneSchema.optional(),
  /** Whether a code proved `telephone` (only then does a code sign-in with it land here). */
  phoneVerified: z.boolean().optional(),
  login: z.boolean(),
  dittos: z.array(z.string()),
  /** The customer's cygnus profile: its id, or null when none is linked (issue 42: it was left out). */
  cygnus: z.object({ cygnusId: z.string().nullable() }),
  hasPlacedOrder: z.boolean(),
  countryCode: countryCodeSchema,
  isLoyalty: z.boolean(),
  /** Header badges come from user info (shopping §6). */
  cartItemsCount: quantitySchema.optional(),
  wishlistCount: quantitySchema.optional(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** shopping §3 Session. */
export const sessionSchema = z.object({
  id: z.string().min(22),
  login: z.boolean(),
  cartIds: z.array(idSchema),
  itemsCount: quantitySchema,
  wishlist: z.array(idSchema),
  hasPlacedOrder: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** Login answer (account §3): token, cygnus id, e-mail verification status. */
export const loginResultSchema = z.object({
  token: z.string().min(22),
  // account §3 "Login response: result.token, result.cygnus.cygnusId": always there, null without a linked profile (issue 42).
  cygnus: z.object({ cygnusId: z.string().nullable() }),
  emailVerificationStatus: z.enum(['VERIFIED', 'UNVERIFIED']),
  user: userInfoSchema.optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const passwordSchema = z.string().min(6, 'Password must be at least 6 characters').max(64);

export const registerCustomerSchema = z
  .object({
    firstName: z.string().trim().min(1).max(60),
    lastName: z.string().trim().max(60).optional(),
    email: emailSchema,
    password: passwordSchema,
    phoneCode: phoneCodeSchema.optional(),
    telephone: phoneSchema.optional(),
    gender: genderSchema.optional(),
    whatsappOptIn: z.boolean().optional(),
    /**
     * The one-time code sent to `telephone` (POST /v2/customers/mobile/send-otp): the number is
     * confirmed at sign-up, in the same form (issue 40). Without it the number is kept
     * unconfirmed and no code sign-in lands in this account until it is confirmed.
     */
    code: z
      .string()
      .regex(/^\d{4,6}$/, 'Please enter the code you received')
      .optional(),
  })
  .strict();
export type RegisterCustomer = z.infer<typeof registerCustomerSchema>;

export const updateUserInfoSchema = z
  .object({
    firstName: z.string().trim().min(1).max(60),
    lastName: z.string().trim().max(60),
    gender: genderSchema,
    email: emailSchema,
    phoneCode: phoneCodeSchema,
    telephone: phoneSchema,
  })
  .partial()
  .strict();
export type UpdateUserInfo = z.infer<typeof updateUserInfoSchema>;

/** account §5: account lookup by email, or by mobile with its phone code. */
export const accountInfoSchema = z.object({
  exists: z.boolean(),
  isMobileUser: z.boolean().optional(),
  hasPassword: z.boolean().optional(),
  maskedEmail: z.string().optional(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

/** account §3 Saved card: token, emailId, gateway (default PU). */
export const savedCardSchema = z.object({
  token: z.string().min(1),
  emailId: emailSchema,
  gatewayId: z.string().min(1).default('PU'),
  cardType: cardTypeSchema,
  maskedNumber: z.string().regex(/^[\dX* ]{12,23}$/),
  nameOnCard: z.string(),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int(),
  offerApplicable: z.boolean().optional(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

export const storeCreditSchema = z.object({
  balance: moneySchema,
  currencyCode: currencyCodeSchema,
  codes: z.array(z.object({ code: z.string(), balance: moneySchema, expiresAt: isoDateTimeSchema.optional() })),
});
export type StoreCredit = z.infer<typeof storeCreditSchema>;

export const storeCreditEntrySchema = z.object({
  id: idSchema,
  orderId: idSchema.optional(),
  type: z.enum(['CREDIT', 'DEBIT']),
  amount: moneySchema,
  currencyCode: currencyCodeSchema,
  description: z.string(),
  createdAt: isoDateTimeSchema,
});
export type StoreCreditEntry = z.infer<typeof storeCreditEntrySchema>;

export const giftVoucherSchema = z.object({
  code: z.string().min(1),
  balance: moneySchema,
  currencyCode: currencyCodeSchema,
  expiresAt: isoDateTimeSchema.optional(),
  active: z.boolean(),
});
export type GiftVoucher = z.infer<typeof giftVoucherSchema>;

/** shopping §3 Tracking user info, built from user info for analytics. */
export const trackingUserSchema = z.object({
  loginStatus: z.enum(['guest', 'registered']),
  customerID: z.string().optional(),
  email: z.object({ email: z.string() }).optional(),
  mobile: z.string().optional(),
  userType: z.enum(['old', 'new']),
  lastPurchaseDate: z.string().optional(),
  platform: z.string(),
  deviceType: z.string(),
});
export type TrackingUser = z.infer<typeof trackingUserSchema>;
