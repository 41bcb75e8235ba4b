/** Titles over 32 characters show the first 29 plus an ellipsis (shopping §2 Listing page). */
export function trimTitle(title: string): string {
  return title.length > 32 ? `${title.slice(0, 29)}…` : title;
}
