// A property as the synchronisation API reads and writes it: its row with its development's externalRef,
// which its view names it by.
import type { Prisma } from '../generated/prisma/client.ts';

export const propertyRowInclude = { development: { select: { externalRef: true } } } satisfies Prisma.PropertyInclude;
export type PropertyRow = Prisma.PropertyGetPayload<{ include: typeof propertyRowInclude }>;
