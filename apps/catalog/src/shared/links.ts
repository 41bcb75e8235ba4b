/** The path and hash of a product URL, whatever host it names (shopping §2 Wishlist panel). */
export function pathAndHash(url: string): string {
  try {
    const parsed = new URL(url, 'https://placeholder.invalid');
    return `${parsed.pathname}${parsed.hash}`;
  } catch {
    return '/';
  }
}

/** Titles over 32 characters show the first 29 plus an ellipsis (shopping §2 Listing page). */
export function trimTitle(title: string): string {
  return title.length > 32 ? `${title.slice(0, 29)}…` : title;
}
