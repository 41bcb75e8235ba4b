import { type Subscription, type SubscriptionDiscount } from '@eyewear/api-client';
import { type ProductRow } from './catalogue';

/**
 * Contact-lens subscriptions: a supply for 3, 6 or 12 months, delivered up front, with a
 * larger discount the longer the plan. The id is the number of months.
 */
export const SUBSCRIPTION_PLANS = [
  { type: '3_MONTHS', months: 3, discountPercent: 5 },
  { type: '6_MONTHS', months: 6, discountPercent: 10 },
  { type: '12_MONTHS', months: 12, discountPercent: 15 },
] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

const DAYS_PER_LENS: Record<string, number> = { daily: 1, fortnightly: 14, monthly: 30, yearly: 365 };

/** Days one box lasts one eye: a box of 30 dailies is a month, a box of 6 monthlies half a year. */
export function daysPerBox(row: ProductRow): number {
  return (row.data.packSize ?? 1) * (DAYS_PER_LENS[row.data.usage ?? 'monthly'] ?? 30);
}

/** Boxes a plan needs: enough for every day of the plan (30-day months), per eye. */
export function boxesFor(row: ProductRow, months: number, bothEyes: boolean): number {
  return Math.ceil((months * 30) / daysPerBox(row)) * (bothEyes ? 2 : 1);
}

const round2 = (v: number) => Math.round(v * 100) / 100;

export function subscriptionsOf(row: ProductRow, bothEyes: boolean): Subscription[] {
  return SUBSCRIPTION_PLANS.map((plan) => {
    const boxes = boxesFor(row, plan.months, bothEyes);
    return {
      id: plan.months,
      name: `${plan.months} months`,
      months: plan.months,
      boxes,
      discountPercent: plan.discountPercent,
      price: round2(boxes * row.selling_price * (1 - plan.discountPercent / 100)),
      currencyCode: row.currency,
    };
  });
}

/** The saving of a plan for both eyes, against buying the same boxes at the selling price. */
export function subscriptionDiscount(row: ProductRow, plan: SubscriptionPlan): SubscriptionDiscount {
  const boxes = boxesFor(row, plan.months, true);
  return {
    productId: row.data.id,
    subscriptionType: plan.type,
    discountPercent: plan.discountPercent,
    discountAmount: round2((boxes * row.selling_price * plan.discountPercent) / 100),
    currencyCode: row.currency,
  };
}
