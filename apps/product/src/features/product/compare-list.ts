/** Products picked for compare looks (up to four), kept for the session in this tab. */
export const COMPARE_KEY = 'eyewear.compareLooks';
export const COMPARE_MAX = 4;

export function readCompare(): number[] {
  try {
    const ids = JSON.parse(sessionStorage.getItem(COMPARE_KEY) ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id) && id > 0).slice(0, COMPARE_MAX) : [];
  } catch {
    return [];
  }
}

export function writeCompare(ids: number[]) {
  sessionStorage.setItem(COMPARE_KEY, JSON.stringify(ids.slice(0, COMPARE_MAX)));
}
