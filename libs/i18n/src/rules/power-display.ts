/**
 * Power display rules; the cart shows powers the same way. account.md §2: "Power display block
 * per order item (...): placeholder values "Call Me/Email Me for Power" and "Call Me/Email Me
 * for Color" or empty show as a hyphen; a userName of "user" or one already in the cart's list
 * is replaced by the default "your power" label or hidden." Pure functions, no React.
 */
/** shopping.md §4: "The power option 'Call Me/Email Me for Power' means power is supplied later." */
export const POWER_LATER = 'Call Me/Email Me for Power';
export const COLOUR_LATER = 'Call Me/Email Me for Color';

/** The parameters of each eye, in the order they are shown. */
export const POWER_FIELDS = ['sph', 'cyl', 'axis', 'ap', 'pd', 'boxes'] as const;
export type PowerField = (typeof POWER_FIELDS)[number];

export function displayPowerValue(value: string | number | undefined | null): string {
  if (value === undefined || value === null) return '-';
  const text = String(value).trim();
  if (!text || text === POWER_LATER || text === COLOUR_LATER) return '-';
  return text;
}

/**
 * The owner label of a power block: "user" or no name -> the default label; a name already
 * shown for an earlier item -> null (hidden); any other name as given.
 */
export function powerOwnerLabel(userName: string | undefined | null, shownBefore: readonly string[], defaultLabel: string): string | null {
  const name = userName?.trim();
  if (!name || name.toLowerCase() === 'user') return defaultLabel;
  if (shownBefore.includes(name)) return null;
  return name;
}
