import { z } from 'zod';

/** Spec §1: the five countries the storefront serves; `in` is the default. */
export const countryCodeSchema = z.enum(['in', 'ae', 'sg', 'sa', 'us']);
export type CountryCode = z.infer<typeof countryCodeSchema>;

export const currencyCodeSchema = z.enum(['INR', 'AED', 'SGD', 'SAR', 'USD']);
export type CurrencyCode = z.infer<typeof currencyCodeSchema>;

export const idSchema = z.number().int().positive();
export const moneySchema = z.number().min(0);
export const quantitySchema = z.number().int().min(0);

/** Spec §5 (both documents): non-space, @, non-space, a dot, non-space. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
export const emailSchema = z.string().regex(EMAIL_PATTERN, 'Please enter a valid email');

/**
 * Mobile numbers are digits only; per-country lengths (§5: in 10, ae 9, sg 8, sa 9, us 10) depend
 * on the country header, so the contract checks the widest envelope and the API narrows it.
 */
export const PHONE_PATTERN = /^\d{8,10}$/;
export const phoneSchema = z.string().regex(PHONE_PATTERN, 'Please enter a valid mobile number');
export const phoneCodeSchema = z.string().regex(/^\+?\d{1,4}$/, 'Please enter a valid phone code');

/** Power-by-phone (§5): optional leading 0, then 7, 8 or 9, then nine digits. */
export const POWER_PHONE_PATTERN = /^0?[789]\d{9}$/;
export const powerPhoneSchema = z.string().regex(POWER_PHONE_PATTERN, 'PLEASE_ENTER_VALID_PHONE_NUMBER');

/** India's six-digit pincodes, Singapore's six, the US and Saudi five-digit codes. */
export const PINCODE_PATTERN = /^\d{5,6}$/;
export const pincodeSchema = z.string().regex(PINCODE_PATTERN, 'Please enter a valid pincode');

export const isoDateTimeSchema = z.iso.datetime({ offset: true });
export const isoDateSchema = z.iso.date();
export const genderSchema = z.enum(['male', 'female', 'other']);

/** A named price (§3 Product.prices, catalogPrices): 'Market Price' or the retailer's own. */
export const priceSchema = z.object({
  /** 1000 flags the first-buy (first frame free) price. */
  id: z.number().int().optional(),
  name: z.string().min(1),
  price: moneySchema,
  currencyCode: currencyCodeSchema,
});
export type Price = z.infer<typeof priceSchema>;
export const FIRST_BUY_PRICE_FLAG = 1000;

export const amountSchema = z.object({ value: moneySchema, currencyCode: currencyCodeSchema });
export type Amount = z.infer<typeof amountSchema>;

/** Acknowledgement for calls whose answer carries nothing but the outcome. */
export const ackSchema = z.object({ success: z.boolean(), message: z.string().optional() });
export type Ack = z.infer<typeof ackSchema>;
