/** The path and hash of a product URL, whatever host it names (shopping §2 Wishlist panel). */
export function pathAndHash(url: string): string {
  try {
    const parsed = new URL(url, 'https://placeholder.invalid');
    return `${parsed.pathname}${parsed.hash}`;
  } catch {
    return '/';
  }
}
