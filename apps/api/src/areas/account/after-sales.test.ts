import { eligibilityOf, RETURN_CONFIG, returnReasonsOf } from './after-sales-rules';

const now = new Date('2026-06-30T12:00:00Z');
const item = (status: string, classification = 'eyeframe') => ({ id: 7, status, classification, total: 1500 }) as Parameters<typeof eligibilityOf>[0];
const order = (payment_method: string) => ({ payment_method, currency: 'INR' as const });
const delivered = new Date('2026-06-20T12:00:00Z');

describe('return eligibility (account §4)', () => {
  it("follows the payment method's allowed statuses", () => {
    expect(eligibilityOf(item('SHIPPED'), order('upi'), null, now).returnable).toBe(true);
    expect(eligibilityOf(item('SHIPPED'), order('cod'), null, now)).toMatchObject({ returnable: false, isRefundable: false, isExchangeable: false });
    expect(eligibilityOf(item('DELIVERED'), order('cod'), delivered, now).returnable).toBe(true);
    expect(eligibilityOf(item('PROCESSING'), order('cc'), null, now).returnable).toBe(false);
  });

  it("puts unlisted methods under 'others'", () => {
    expect(RETURN_CONFIG.allowedStatusByPaymentMethod.wallet).toBeUndefined();
    expect(eligibilityOf(item('SHIPPED'), order('wallet'), null, now).returnable).toBe(false);
    expect(eligibilityOf(item('DELIVERED'), order('wallet'), delivered, now).returnable).toBe(true);
    const noOthers = { ...RETURN_CONFIG, allowedStatusByPaymentMethod: { cc: ['DELIVERED'] } };
    expect(eligibilityOf(item('DELIVERED'), order('wallet'), delivered, now, noOthers).returnable).toBe(false);
  });

  it('closes after the return window and never returns an item twice or a service', () => {
    const old = new Date(now.getTime() - 31 * 86400000);
    expect(eligibilityOf(item('DELIVERED'), order('cc'), old, now)).toMatchObject({ returnable: false, reason: 'The 30-day return window has closed' });
    expect(eligibilityOf(item('RETURN_REQUESTED'), order('cc'), delivered, now).returnable).toBe(false);
    expect(eligibilityOf(item('DELIVERED', 'services'), order('cc'), delivered, now).returnable).toBe(false);
  });

  it('exchanges frames and sunglasses only, and gives refund details when asked', () => {
    expect(eligibilityOf(item('DELIVERED', 'sunglasses'), order('cc'), delivered, now).isExchangeable).toBe(true);
    expect(eligibilityOf(item('DELIVERED', 'contact_lens'), order('cc'), delivered, now)).toMatchObject({ returnable: true, isExchangeable: false });
    expect(eligibilityOf(item('DELIVERED'), order('cc'), delivered, now, RETURN_CONFIG, true).refundExchangeDetails).toEqual({
      refundAmount: 1500,
      currencyCode: 'INR',
      exchangeCredit: 1500,
    });
  });

  it('has reasons per classification', () => {
    expect(returnReasonsOf('eyeframe').map((r) => r.id)).toContain(5);
    expect(returnReasonsOf('sunglasses').map((r) => r.id)).not.toContain(5);
    expect(returnReasonsOf('contact_lens').every((r) => r.classification === 'contact_lens')).toBe(true);
  });
});
