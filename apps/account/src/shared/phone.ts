import { type CountryCode } from '@eyewear/i18n';

/** spec/account.md §5: India exactly 10 starting 6-9; UAE 9; Singapore 8; Saudi Arabia 9; US 10 (digits only). */
export const MOBILE_RULES: Record<CountryCode, { phoneCode: string; pattern: RegExp; length: number }> = {
  in: { phoneCode: '+91', pattern: /^[6-9]\d{9}$/, length: 10 },
  ae: { phoneCode: '+971', pattern: /^\d{9}$/, length: 9 },
  sg: { phoneCode: '+65', pattern: /^\d{8}$/, length: 8 },
  sa: { phoneCode: '+966', pattern: /^\d{9}$/, length: 9 },
  us: { phoneCode: '+1', pattern: /^\d{10}$/, length: 10 },
};

export const isValidMobile = (country: CountryCode, telephone: string) => MOBILE_RULES[country].pattern.test(telephone);

/** spec §5: non-space, @, non-space, a dot, non-space. */
export const isValidEmail = (email: string) => /^\S+@\S+\.\S+$/.test(email);
