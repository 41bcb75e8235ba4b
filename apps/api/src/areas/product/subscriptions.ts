import { type Subscription, type SubscriptionDiscount } from '@eyewear/api-client';
import { SUBSCRIPTION_PLANS, subscriptionPrice, type SubscriptionPlan } from '@eyewear/i18n/rules';
import { type ProductRow } from './catalogue';

/**
 * Contact-lens subscriptions: the plans and their prices come from `@eyewear/i18n/rules`
 * (subscriptions.ts), the same rule the cart prices a subscription line with, so the plan's
 * price shown on the product page is what the cart charges (issue 20). The id is the number of months.
 */
export { SUBSCRIPTION_PLANS, type SubscriptionPlan };

export function subscriptionsOf(row: ProductRow, bothEyes: boolean): Subscription[] {
  return SUBSCRIPTION_PLANS.map((plan) => {
    const { boxes, price } = subscriptionPrice(row.data, row.selling_price, plan, bothEyes ? 2 : 1);
    return {
      id: plan.months,
      name: `${plan.months} months`,
      months: plan.months,
      boxes,
      discountPercent: plan.discountPercent,
      price,
      currencyCode: row.currency,
    };
  });
}

/** The saving of a plan for both eyes, against buying the same boxes at the selling price. */
export function subscriptionDiscount(row: ProductRow, plan: SubscriptionPlan): SubscriptionDiscount {
  return {
    productId: row.data.id,
    subscriptionType: plan.type,
    discountPercent: plan.discountPercent,
    discountAmount: subscriptionPrice(row.data, row.selling_price, plan, 2).discountAmount,
    currencyCode: row.currency,
  };
}
