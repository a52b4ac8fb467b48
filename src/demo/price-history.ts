// A plausible past for some demo homes' prices: the services record a home's price on the day it is
// written, so after the seed some histories are moved back in time: a few recent reductions (within the
// 30 days that show as priceReducedOn), some older ones, and some increases. Only homes whose history is
// still the single price of their first write are touched, so a second run changes nothing.
import type { PrismaClient } from '../db/prisma.ts';
import { listingsChanged, type ListingChangeFollower } from '../sync/outbox.ts';
import { Rng } from './random.ts';

const DAY = 86_400_000;

type Story = { kind: 'reduced' | 'increased'; startedDaysAgo: number; changedDaysAgo: number; factor: number };

function storyFor(externalRef: string): Story | null {
  const rng = new Rng(`price-history:${externalRef}`);
  const roll = rng.next();
  if (roll < 0.03) return { kind: 'reduced', startedDaysAgo: rng.int(35, 120), changedDaysAgo: rng.int(1, 25), factor: rng.pick([1.03, 1.05, 1.08]) };
  if (roll < 0.05) return { kind: 'reduced', startedDaysAgo: rng.int(90, 200), changedDaysAgo: rng.int(40, 85), factor: rng.pick([1.04, 1.06]) };
  if (roll < 0.08) return { kind: 'increased', startedDaysAgo: rng.int(60, 200), changedDaysAgo: rng.int(5, 55), factor: rng.pick([0.95, 0.97]) };
  return null;
}

/** The earlier price a story starts from: sale prices to the £1,000, rents to the £5. */
const earlierPrice = (price: number, factor: number, forSale: boolean) => {
  const step = forSale ? 1000 : 5;
  return Math.round((price * factor) / step) * step;
};

/** Gives some of the accounts' homes a history; returns how many. */
export async function seedPriceHistory(prisma: PrismaClient, accountIds: number[], now = new Date(), follower?: ListingChangeFollower): Promise<number> {
  const single = await prisma.propertyPriceChange.groupBy({
    by: ['propertyId'],
    where: { property: { accountId: { in: accountIds }, deletedAt: null } },
    _count: { _all: true },
    having: { propertyId: { _count: { equals: 1 } } },
  });
  const entries = await prisma.propertyPriceChange.findMany({
    where: { propertyId: { in: single.map((s) => s.propertyId) }, change: 'added' },
    include: { property: { select: { externalRef: true, listings: { select: { listingId: true } } } } },
  });
  let told = 0;
  for (const entry of entries) {
    const story = storyFor(entry.property.externalRef);
    if (!story) continue;
    const before = earlierPrice(entry.price, story.factor, entry.forSale);
    if (before === entry.price) continue;
    await prisma.$transaction(async (tx) => {
      await tx.propertyPriceChange.update({ where: { id: entry.id }, data: { price: before, changedAt: new Date(now.getTime() - story.startedDaysAgo * DAY) } });
      await tx.propertyPriceChange.create({
        data: { propertyId: entry.propertyId, forSale: entry.forSale, price: entry.price, change: story.kind, changedAt: new Date(now.getTime() - story.changedDaysAgo * DAY) },
      });
      await listingsChanged(
        tx,
        entry.property.listings.map((l) => l.listingId),
        follower,
      );
    });
    told++;
  }
  return told;
}
