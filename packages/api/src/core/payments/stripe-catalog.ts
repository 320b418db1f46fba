import type Stripe from 'stripe';
import { CATALOG, LOOKUP_KEYS, type CatalogKey } from './stripe-objects';

export type PriceIds = Record<CatalogKey, string>;

/**
 * Products and prices ensured idempotently by lookup key: listed first, created only when
 * missing (or when the amount changed: the new price takes the lookup key over). Cached per
 * process; a failed load is retried on the next call.
 */
export function createStripeCatalog(stripe: Stripe): () => Promise<PriceIds> {
  let cached: Promise<PriceIds> | null = null;
  async function load(): Promise<PriceIds> {
    const found = await stripe.prices.list({
      lookup_keys: Object.values(LOOKUP_KEYS),
      active: true,
      limit: 100,
    });
    const ids = {} as PriceIds;
    for (const key of Object.keys(CATALOG) as CatalogKey[]) {
      const spec = CATALOG[key];
      const lookupKey = LOOKUP_KEYS[key];
      const existing = found.data.find(
        (p) =>
          p.lookup_key === lookupKey &&
          p.unit_amount === spec.amountPence &&
          p.currency === 'gbp' &&
          Boolean(p.recurring) === spec.recurring,
      );
      if (existing) {
        ids[key] = existing.id;
        continue;
      }
      const product = await stripe.products.create(
        { name: spec.product, metadata: { scmp_lookup_key: lookupKey } },
        { idempotencyKey: `scmp:product:${lookupKey}:${spec.amountPence}` },
      );
      const price = await stripe.prices.create(
        {
          product: product.id,
          unit_amount: spec.amountPence,
          currency: 'gbp',
          lookup_key: lookupKey,
          transfer_lookup_key: true,
          ...(spec.recurring ? { recurring: { interval: 'month' as const } } : {}),
        },
        { idempotencyKey: `scmp:price:${lookupKey}:${spec.amountPence}` },
      );
      ids[key] = price.id;
    }
    return ids;
  }
  return () => {
    cached ??= load().catch((error: unknown) => {
      cached = null;
      throw error;
    });
    return cached;
  };
}
