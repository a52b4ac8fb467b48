import type { PropertyRow } from './property-row.ts';

/** The integrator's view of a property; `development` is the development's externalRef. */
export function presentProperty(p: PropertyRow) {
  const { accountId: _a, developmentId: _d, deletedAt: _x, development, firstDibsExpirationDate, createdAt, updatedAt, ...fields } = p;
  return {
    ...fields,
    development: development.externalRef,
    firstDibsExpirationDate: firstDibsExpirationDate ? firstDibsExpirationDate.toISOString().slice(0, 10) : null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

export type PropertyView = ReturnType<typeof presentProperty>;
