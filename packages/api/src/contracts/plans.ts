/** The one plan catalogue and money arithmetic (integer pence, GBP), shared by server and web. */
export const PLAN_IDS = ['basic', 'unlimited'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type Plan = {
  id: PlanId;
  name: string;
  /** Monthly base price in pence. */
  pricePence: number;
  /** Included locations, or 'unlimited'. */
  locations: number | 'unlimited';
  /** Per additional venue per month, in pence (0 for none). */
  additionalVenuePricePence: number;
  features: string[];
};

export const SETUP_FEE_PENCE = 20_000;
export const MAX_ADDITIONAL_VENUES = 20;

export const PLANS: Record<PlanId, Plan> = {
  basic: {
    id: 'basic',
    name: 'Basic',
    pricePence: 20_000,
    locations: 1,
    additionalVenuePricePence: 5_000,
    features: ['Custom branding', 'Email support', 'SSL certificates', 'Basic analytics'],
  },
  unlimited: {
    id: 'unlimited',
    name: 'Unlimited',
    pricePence: 120_000,
    locations: 'unlimited',
    additionalVenuePricePence: 0,
    features: ['Priority support', 'Advanced analytics', 'API access', 'Custom integrations'],
  },
};

export const PLAN_LIST: Plan[] = [PLANS.basic, PLANS.unlimited];

/** Price rule (spec part 2 §5): unlimited or no per-venue price → base; else base + venues × per-venue. */
export function monthlyPricePence(planId: PlanId, additionalVenues: number): number {
  const plan = PLANS[planId];
  if (plan.locations === 'unlimited' || plan.additionalVenuePricePence === 0)
    return plan.pricePence;
  return plan.pricePence + additionalVenues * plan.additionalVenuePricePence;
}

export function dueTodayPence(planId: PlanId, additionalVenues: number): number {
  return SETUP_FEE_PENCE + monthlyPricePence(planId, additionalVenues);
}

export function formatGbp(pence: number, options: { minimumFractionDigits?: number } = {}): string {
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: options.minimumFractionDigits ?? (pence % 100 === 0 ? 0 : 2),
    maximumFractionDigits: 2,
  }).format(pence / 100);
}

/** Savings calculator (spec part 1 §9), in whole pounds. */
export function platformMonthlyCost(venues: number): number {
  if (venues <= 1) return 200;
  if (venues >= 21) return 1200;
  return 200 + (venues - 1) * 50;
}

export type Savings = {
  platformCost: number;
  monthlySavings: number;
  yearlySavings: number;
  breakEvenMonths: number | null;
  firstYearSavings: number;
};

export function calculateSavings(venuesInput: unknown, currentCostInput: unknown): Savings {
  const venues = Math.max(1, Number.parseInt(String(venuesInput), 10) || 1);
  const currentCost = Math.max(0, Number.parseInt(String(currentCostInput), 10) || 0);
  const platformCost = platformMonthlyCost(venues);
  const monthlySavings = currentCost - platformCost;
  const yearlySavings = monthlySavings * 12;
  return {
    platformCost,
    monthlySavings,
    yearlySavings,
    breakEvenMonths: monthlySavings > 0 ? Math.ceil(200 / monthlySavings) : null,
    firstYearSavings: yearlySavings - 200,
  };
}
