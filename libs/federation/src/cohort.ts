/** The cookie that keeps a shopper in the same canary cohort across visits. */
export const COHORT_COOKIE = 'mf_cohort';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function parseCohort(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,2}$/.test(value)) return null;
  return Number(value);
}

export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * The shopper's cohort (0-99). Drawn once on the first visit and kept in a long-lived
 * cookie, so a shopper sees the same build of a remote on every page.
 */
export function ensureCohort(doc: Pick<Document, 'cookie'> = document, random: () => number = Math.random): number {
  const existing = parseCohort(readCookie(doc.cookie, COHORT_COOKIE));
  if (existing !== null) return existing;
  const cohort = Math.min(99, Math.floor(random() * 100));
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${COHORT_COOKIE}=${cohort}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
  return cohort;
}
