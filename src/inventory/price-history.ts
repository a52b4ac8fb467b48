// The history of a property's headline price: a change is recorded in the transaction of the write that
// made it. The price compared is that of the property's kind (for sale or to rent), so a property that
// changes kind starts a history of its other price with `added`.
import type { Prisma } from '../generated/prisma/client.ts';
import type { Later } from '../sync/sync-resource.ts';

type Tx = Prisma.TransactionClient;

export const PRICE_CHANGE_KINDS = ['added', 'reduced', 'increased'] as const;
export type PriceChangeKind = (typeof PRICE_CHANGE_KINDS)[number];

interface Priced {
  forSale: boolean;
  fullMarketPrice: number | null;
  monthlyRent: number | null;
}

/** The price a property is advertised at: fullMarketPrice for sale, monthlyRent to rent. */
export const headlinePrice = (p: Priced): number | null => (p.forSale ? p.fullMarketPrice : p.monthlyRent);

export function changeKind(previous: number | null, price: number): PriceChangeKind | null {
  if (previous === null) return 'added';
  if (price === previous) return null;
  return price < previous ? 'reduced' : 'increased';
}

/**
 * Records the property's headline price when it differs from the last one recorded of its kind (null
 * prices are not recorded); `first`: the property has no history yet (just created), none to read.
 */
export async function recordPriceChange(tx: Tx, propertyId: number, property: Priced, { at = new Date(), first = false } = {}): Promise<void> {
  const price = headlinePrice(property);
  if (price === null) return;
  const last = first
    ? null
    : await tx.propertyPriceChange.findFirst({
        where: { propertyId, forSale: property.forSale },
        orderBy: [{ changedAt: 'desc' }, { id: 'desc' }],
        select: { price: true },
      });
  const change = changeKind(last?.price ?? null, price);
  if (change) await tx.propertyPriceChange.create({ data: { propertyId, forSale: property.forSale, price, change, changedAt: at } });
}

/**
 * The first prices of properties just created (none to read before them), recorded together when their
 * writes leave them to the end of the transaction (`WriteMemo.later`): one INSERT for a feed
 * transaction's new homes.
 */
export const FIRST_PRICES: Later<{ propertyId: number; property: Priced; at: Date }> = {
  async doAll(tx, items) {
    const data = items.flatMap(({ propertyId, property, at }) => {
      const price = headlinePrice(property);
      return price === null ? [] : [{ propertyId, forSale: property.forSale, price, change: 'added' as const, changedAt: at }];
    });
    if (data.length) await tx.propertyPriceChange.createMany({ data });
  },
};
