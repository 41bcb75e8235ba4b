import { z } from 'zod';
import {
  ANY_MOBILE_PATTERN,
  ANY_POSTCODE_PATTERN,
  COUNTRY_CODES,
  CURRENCY_CODES,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  POWER_PHONE_PATTERN,
} from '@eyewear/i18n/rules';

/** shopping §1: the five countries the storefront serves; `in` is the default. */
export const countryCodeSchema = z.enum(COUNTRY_CODES);
export type CountryCode = z.infer<typeof countryCodeSchema>;

export const currencyCodeSchema = z.enum(CURRENCY_CODES);
export type CurrencyCode = z.infer<typeof currencyCodeSchema>;

export const idSchema = z.number().int().positive();
export const moneySchema = z.number().min(0);
export const quantitySchema = z.number().int().min(0);

/** The one e-mail rule of every call: EMAIL_PATTERN of @eyewear/i18n/rules (account.md §5, shopping.md §5). */
export const emailSchema = z.string().max(EMAIL_MAX_LENGTH, 'Please enter a valid email').regex(EMAIL_PATTERN, 'Please enter a valid email');

/**
 * Mobile numbers are digits only; per-country lengths (MOBILE_RULES of @eyewear/i18n/rules)
 * depend on the country header, so the contract checks the widest envelope and the API narrows it.
 */
export const phoneSchema = z.string().regex(ANY_MOBILE_PATTERN, 'Please enter a valid mobile number');
export const phoneCodeSchema = z.string().regex(/^\+?\d{1,4}$/, 'Please enter a valid phone code');

/** Power-by-phone: POWER_PHONE_PATTERN of @eyewear/i18n/rules (shopping.md §5). */
export const powerPhoneSchema = z.string().regex(POWER_PHONE_PATTERN, 'PLEASE_ENTER_VALID_PHONE_NUMBER');

/**
 * Any country's pincode or postcode. The contract checks this envelope; where the country is
 * known, POSTCODE_RULES of @eyewear/i18n/rules narrow it (the API checks with the session's country).
 */
export const PINCODE_MESSAGE = 'Please enter a valid pincode';
export const pincodeSchema = z.string().regex(ANY_POSTCODE_PATTERN, PINCODE_MESSAGE);

export const isoDateTimeSchema = z.iso.datetime({ offset: true });
export const isoDateSchema = z.iso.date();
export const genderSchema = z.enum(['male', 'female', 'other']);

/** A named price (shopping §3 Product.prices, catalogPrices): 'Market Price' or the retailer's own. */
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
