import type { Property } from '../generated/prisma/client.ts';

/** The integrator's view of a property; `development` is the development's externalRef. */
export function presentProperty(p: Property, developmentRef: string) {
  const { accountId: _a, developmentId: _d, deletedAt: _x, firstDibsExpirationDate, createdAt, updatedAt, ...fields } = p;
  return {
    ...fields,
    development: developmentRef,
    firstDibsExpirationDate: firstDibsExpirationDate ? firstDibsExpirationDate.toISOString().slice(0, 10) : null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

export type PropertyView = ReturnType<typeof presentProperty>;
