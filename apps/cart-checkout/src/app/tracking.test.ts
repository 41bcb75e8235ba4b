import { PURCHASE_SENT_KEY, trackPurchaseOnce } from './tracking';

/** A session storage that survives a page reload (same tab), like the browser's. */
function sessionStore() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}
const purchases = () =>
  ((globalThis as { dataLayer?: Array<{ event: string; transaction_id?: string }> }).dataLayer ?? []).filter((e) => e.event === 'purchase');

describe('purchase analytics event (shopping §4: once per session)', () => {
  beforeEach(() => {
    delete (globalThis as { dataLayer?: unknown }).dataLayer;
  });

  it('fires once per order per session: a reload of the success page does not fire it again', () => {
    const storage = sessionStore();
    expect(trackPurchaseOnce({ id: 501, total: 2999, currencyCode: 'INR' }, storage)).toBe(true);
    // Reload: the page runs again with the same session storage.
    expect(trackPurchaseOnce({ id: 501, total: 2999, currencyCode: 'INR' }, storage)).toBe(false);
    expect(purchases()).toEqual([expect.objectContaining({ event: 'purchase', transaction_id: '501' })]);
    expect(storage.getItem(PURCHASE_SENT_KEY)).toBe('501');
  });

  it('another order in the same session fires its own event once; a new session fires again', () => {
    const storage = sessionStore();
    trackPurchaseOnce({ id: 1, total: 10, currencyCode: 'INR' }, storage);
    expect(trackPurchaseOnce({ id: 2, total: 20, currencyCode: 'INR' }, storage)).toBe(true);
    expect(trackPurchaseOnce({ id: 2, total: 20, currencyCode: 'INR' }, storage)).toBe(false);
    expect(purchases().map((e) => e.transaction_id)).toEqual(['1', '2']);
    expect(trackPurchaseOnce({ id: 1, total: 10, currencyCode: 'INR' }, sessionStore())).toBe(true);
  });
});
