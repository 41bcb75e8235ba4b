import { SUBSCRIPTION_PLANS, daysPerBox, subscriptionEyes, subscriptionPlanOf, subscriptionPrice } from './subscriptions';

const [threeMonths, sixMonths, year] = SUBSCRIPTION_PLANS;
const dailies30 = { packSize: 30, usage: 'daily' };
const monthlies6 = { packSize: 6, usage: 'monthly' };

describe('contact-lens subscriptions (one rule for the product page and the cart)', () => {
  it('counts a box as the days it lasts one eye', () => {
    expect(daysPerBox(dailies30)).toBe(30);
    expect(daysPerBox(monthlies6)).toBe(180);
    expect(daysPerBox({})).toBe(30);
  });

  it('gives a plan enough boxes for every day, per eye, twice for both eyes', () => {
    expect(subscriptionPrice(dailies30, 1400, year!, 2)).toMatchObject({ boxes: 24, boxesPerEye: 12 });
    expect(subscriptionPrice(dailies30, 1400, year!, 1)).toMatchObject({ boxes: 12, boxesPerEye: 12 });
    expect(subscriptionPrice(monthlies6, 2200, threeMonths!, 2)).toMatchObject({ boxes: 2, boxesPerEye: 1 });
  });

  it('prices each box at the plan discount rounded to the paisa, and the plan as boxes at that price', () => {
    // 1,399.99 at 10% off is 1,259.991 a box: 1,259.99, so 12 boxes are 15,119.88 (not 15,119.89).
    expect(subscriptionPrice(dailies30, 1399.99, sixMonths!, 2)).toEqual({
      boxes: 12,
      boxesPerEye: 6,
      unitPrice: 1259.99,
      price: 15119.88,
      discountAmount: 1680,
    });
    expect(subscriptionPrice(dailies30, 1400, year!, 2)).toMatchObject({ unitPrice: 1190, price: 28560, discountAmount: 5040 });
  });

  it('finds a plan by its id (months), none for another number', () => {
    expect(subscriptionPlanOf(6)).toBe(sixMonths);
    expect(subscriptionPlanOf(2)).toBeUndefined();
  });

  it('is for both eyes unless only one eye has boxes', () => {
    expect(subscriptionEyes({ right: { boxes: 1 }, left: { boxes: 1 } })).toBe(2);
    expect(subscriptionEyes({ right: { boxes: 2 }, left: { boxes: 0 } })).toBe(1);
    expect(subscriptionEyes({ right: {}, left: { boxes: 1 } })).toBe(1);
    expect(subscriptionEyes(null)).toBe(2);
  });
});
