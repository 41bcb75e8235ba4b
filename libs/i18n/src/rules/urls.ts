/** shopping.md §9: "Image URLs are forced to https." Protocol-relative ones too. */
export function httpsUrl(url: string): string {
  if (url.startsWith('//')) return `https:${url}`;
  return url.replace(/^http:\/\//i, 'https://');
}
