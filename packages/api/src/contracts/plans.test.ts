import { describe, expect, it } from 'vitest';
import {
  PLANS,
  PLAN_LIST,
  SETUP_FEE_PENCE,
  calculateSavings,
  formatGbp,
  platformMonthlyCost,
} from './plans';

describe('plan catalogue (spec part 1 §9, part 2 §3)', () => {
  it('has Basic and Unlimited with the spec prices', () => {
    expect(PLAN_LIST.map((p) => p.id)).toEqual(['basic', 'unlimited']);
    expect(SETUP_FEE_PENCE).toBe(20_000);
    expect(PLANS.basic).toMatchObject({
      name: 'Basic',
      pricePence: 20_000,
      locations: 1,
      additionalVenuePricePence: 5_000,
    });
    expect(PLANS.unlimited).toMatchObject({
      name: 'Unlimited',
      pricePence: 120_000,
      locations: 'unlimited',
      additionalVenuePricePence: 0,
    });
    expect(PLANS.basic.features).toEqual([
      'Custom branding',
      'Email support',
      'SSL certificates',
      'Basic analytics',
    ]);
    expect(PLANS.unlimited.features).toEqual([
      'Priority support',
      'Advanced analytics',
      'API access',
      'Custom integrations',
    ]);
  });

  it('formats GBP', () => {
    expect(formatGbp(20_000)).toBe('£200');
    expect(formatGbp(120_000)).toBe('£1,200');
    expect(formatGbp(-5_000)).toBe('-£50');
  });
});

describe('platformMonthlyCost', () => {
  it.each([
    [0, 200],
    [1, 200],
    [2, 250],
    [3, 300],
    [20, 1150],
    [21, 1200],
    [100, 1200],
  ])('%i venues cost £%i a month', (venues, cost) => {
    expect(platformMonthlyCost(venues)).toBe(cost);
  });
});

describe('calculateSavings', () => {
  it('falls back to 1 venue for 0, empty, negative or non-numeric input', () => {
    for (const input of [0, '0', '', -4, 'abc', null, undefined]) {
      expect(calculateSavings(input, 500).platformCost).toBe(200);
    }
  });

  it('falls back to a current cost of 0 for empty, negative or non-numeric input', () => {
    for (const input of ['', -100, 'abc', null]) {
      const s = calculateSavings(1, input);
      expect(s.monthlySavings).toBe(-200);
    }
  });

  it('treats decimals as whole numbers', () => {
    expect(calculateSavings('2.9', '450.75')).toMatchObject({
      platformCost: 250,
      monthlySavings: 200,
    });
  });

  it.each([
    // venues, current cost, platform, monthly, yearly, break-even, first year
    [0, 1000, 200, 800, 9600, 1, 9400],
    [1, 1000, 200, 800, 9600, 1, 9400],
    [2, 1000, 250, 750, 9000, 1, 8800],
    [20, 1000, 1150, -150, -1800, null, -2000],
    [21, 1000, 1200, -200, -2400, null, -2600],
    [100, 1000, 1200, -200, -2400, null, -2600],
    [1, 200, 200, 0, 0, null, -200],
    [1, 0, 200, -200, -2400, null, -2600],
    [2, 300, 250, 50, 600, 4, 400],
    [20, 1200, 1150, 50, 600, 4, 400],
    [21, 1275, 1200, 75, 900, 3, 700],
    [1, 201, 200, 1, 12, 200, -188],
    [100, 5000, 1200, 3800, 45600, 1, 45400],
  ])(
    '%i venues at £%i: platform %i, monthly %i, yearly %i, break-even %s, first year %i',
    (venues, current, platform, monthly, yearly, breakEven, firstYear) => {
      expect(calculateSavings(venues, current)).toEqual({
        platformCost: platform,
        monthlySavings: monthly,
        yearlySavings: yearly,
        breakEvenMonths: breakEven,
        firstYearSavings: firstYear,
      });
    },
  );

  it('break-even is ceil(200 / monthly savings) only while savings are positive', () => {
    expect(calculateSavings(1, 330).breakEvenMonths).toBe(2); // 200/130 = 1.54
    expect(calculateSavings(1, 267).breakEvenMonths).toBe(3); // 200/67 = 2.99
    expect(calculateSavings(1, 199).breakEvenMonths).toBeNull();
  });
});
