import { z } from 'zod';

/** Spec §1: the five countries the storefront serves; `in` is the default. */
export const countryCodeSchema = z.enum(['in', 'ae', 'sg', 'sa', 'us']);
export type CountryCode = z.infer<typeof countryCodeSchema>;

export const currencyCodeSchema = z.enum(['INR', 'AED', 'SGD', 'SAR', 'USD']);
export type CurrencyCode = z.infer<typeof currencyCodeSchema>;

export const idSchema = z.number().int().positive();
export const moneySchema = z.number().min(0);
export const quantitySchema = z.number().int().min(0);

/**
 * Spec §5 (both documents): non-space, @, non-space, a dot, non-space; made exact the way
 * mail servers read it (RFC 5322 without its quoted and commented forms): one @, a local part
 * of at most 64 characters, a domain of dot-separated non-empty labels, at most 254 in all,
 * and none of the characters that only quoting allows. The one e-mail rule of every call.
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]{1,64}@[^\s@<>()[\]\\,;:".]+(?:\.[^\s@<>()[\]\\,;:".]+)+$/;
export const EMAIL_MAX_LENGTH = 254;
export const emailSchema = z.string().max(EMAIL_MAX_LENGTH, 'Please enter a valid email').regex(EMAIL_PATTERN, 'Please enter a valid email');

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

/**
 * Any country's pincode or postcode: India's and Singapore's six digits, Saudi Arabia's and the
 * US five (the US also ZIP+4, 12345-6789). The contract checks this envelope; where the
 * country is known, `POSTCODE_RULES` narrows it (the API checks with the session's country).
 */
export const PINCODE_PATTERN = /^(?:\d{5,6}|\d{5}-\d{4})$/;
export const PINCODE_MESSAGE = 'Please enter a valid pincode';
export const pincodeSchema = z.string().regex(PINCODE_PATTERN, PINCODE_MESSAGE);

/**
 * Pincodes per country, the one table the API and the forms use: India six digits not
 * starting with 0; Singapore six digits; Saudi Arabia five; the US five or ZIP+4. The UAE has
 * no postcodes (its forms hide the field, isPinCodeHide); a code given there is 5 or 6 digits.
 */
export const POSTCODE_RULES: Record<CountryCode, RegExp> = {
  in: /^[1-9]\d{5}$/,
  ae: /^\d{5,6}$/,
  sg: /^\d{6}$/,
  sa: /^\d{5}$/,
  us: /^\d{5}(?:-\d{4})?$/,
};
export const isPincodeOf = (country: CountryCode, pincode: string) => POSTCODE_RULES[country].test(pincode);

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
