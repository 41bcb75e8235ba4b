import { readCookie } from './client';

/**
 * The audience type (shopping §4 Marketing): the location lookup stores it in this cookie,
 * 'default' when the lookup fails; the lens-package call sends it as `audienceType` (shopping §7).
 */
export const AUDIENCE_COOKIE = 'audienceType';
export const AUDIENCE_TYPES = ['domestic', 'international', 'default'] as const;
export type AudienceType = (typeof AUDIENCE_TYPES)[number];

/** The shopper's audience type from their cookies: 'default' when there is none (not looked up yet) or it is not one of ours. */
export function audienceTypeOf(cookies: string): AudienceType {
  const value = readCookie(cookies, AUDIENCE_COOKIE);
  return (AUDIENCE_TYPES as readonly string[]).includes(value ?? '') ? (value as AudienceType) : 'default';
}
