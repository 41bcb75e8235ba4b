/**
 * Contact-lens subscriptions (shopping §3 "subscriptions and subscription discounts"): a supply
 * for 3, 6 or 12 months, delivered up front, with a larger discount the longer the plan. One
 * rule for the product page's plans (GET .../subscriptions) and the cart's price of the line
 * (issue 20: "the subscription price shown on the product page is what the cart charges").
 * The plan's id is its number of months.
 */
export const SUBSCRIPTION_PLANS = [
  { type: '3_MONTHS', months: 3, discountPercent: 5 },
  { type: '6_MONTHS', months: 6, discountPercent: 10 },
  { type: '12_MONTHS', months: 12, discountPercent: 15 },
] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

export const subscriptionPlanOf = (id: number): SubscriptionPlan | undefined => SUBSCRIPTION_PLANS.find((p) => p.months === id);

/** Days one lens lasts, by usage. */
export const LENS_USAGE_DAYS: Readonly<Record<string, number>> = { daily: 1, fortnightly: 14, monthly: 30, yearly: 365 };

export interface LensPack {
  /** Lenses in a box (one eye's). */
  packSize?: number;
  usage?: string;
}

/** Days one box lasts one eye: a box of 30 dailies is a month, a box of 6 monthlies half a year. */
export function daysPerBox(lens: LensPack): number {
  return (lens.packSize ?? 1) * (LENS_USAGE_DAYS[lens.usage ?? 'monthly'] ?? 30);
}

/** Boxes a plan needs: enough for every day of the plan (30-day months), per eye. */
export function subscriptionBoxesPerEye(lens: LensPack, plan: SubscriptionPlan): number {
  return Math.ceil((plan.months * 30) / daysPerBox(lens));
}

/**
 * The eyes a contact-lens order is for: those with boxes. A plan for both eyes has twice the
 * boxes of a plan for one.
 */
export function subscriptionEyes(powers: { left?: { boxes?: number } | null; right?: { boxes?: number } | null } | null | undefined): 1 | 2 {
  if (!powers) return 2;
  const eyes = [powers.left, powers.right].filter((eye) => (eye?.boxes ?? 0) > 0).length;
  return eyes === 1 ? 1 : 2;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

export interface SubscriptionPrice {
  boxes: number;
  boxesPerEye: number;
  /** The price of one box on the plan: the selling price less the plan's discount, in paisa (cents). */
  unitPrice: number;
  /** What the plan costs, and what the cart charges for it: boxes x unitPrice. */
  price: number;
  /** The saving against the same boxes at the selling price. */
  discountAmount: number;
}

/**
 * The price of a plan. The box price is rounded to the paisa first, so the cart's line
 * (boxes at the box price) and the product page's plan price are the same number.
 */
export function subscriptionPrice(lens: LensPack, sellingPrice: number, plan: SubscriptionPlan, eyes: 1 | 2): SubscriptionPrice {
  const boxesPerEye = subscriptionBoxesPerEye(lens, plan);
  const boxes = boxesPerEye * eyes;
  const unitPrice = round2((sellingPrice * (100 - plan.discountPercent)) / 100);
  const price = round2(boxes * unitPrice);
  return { boxes, boxesPerEye, unitPrice, price, discountAmount: round2(boxes * sellingPrice - price) };
}
