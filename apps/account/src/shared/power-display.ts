// Declared again here (not imported from the contract's schemas: the browser ships no zod).
export const POWER_LATER = 'Call Me/Email Me for Power';
export const COLOUR_LATER = 'Call Me/Email Me for Color';

/**
 * Power display block per order item (spec/account.md §2): placeholder values ("Call Me/Email
 * Me for Power", "... for Color") or empty values show as a hyphen; a userName of "user", or
 * one already in the cart's list, is replaced by the default "your power" label or hidden.
 */
export function displayPowerValue(value: string | number | undefined | null): string {
  if (value === undefined || value === null) return '-';
  const text = String(value).trim();
  if (!text || text === POWER_LATER || text === COLOUR_LATER) return '-';
  return text;
}

export function displayUserName(userName: string | undefined, knownNames: readonly string[], defaultLabel: string | null): string | null {
  const name = userName?.trim();
  if (!name || name.toLowerCase() === 'user' || knownNames.includes(name)) return defaultLabel;
  return name;
}

/** The parameters shown for each eye, in order, when the prescription has them. */
export const POWER_FIELDS = ['sph', 'cyl', 'axis', 'ap', 'pd', 'boxes'] as const;
