/** shopping.md §9: "Image URLs are forced to https." Protocol-relative ones too. */
export function httpsUrl(url: string): string {
  if (url.startsWith('//')) return `https:${url}`;
  return url.replace(/^http:\/\//i, 'https://');
}

/**
 * Where a sign-in may send the shopper back to: a path on this site, or `/`. Refused: anything
 * not starting with one `/` (`//host`, `/\host`: other hosts), backslashes, and control
 * characters, which browsers strip from URLs (`/\t/evil.example` would become `//evil.example`:
 * issue 40's open redirect). One rule for the account pages and the API (social sign-in).
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || value.length > 512 || !value.startsWith('/') || value.startsWith('//')) return '/';
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  return value;
}
