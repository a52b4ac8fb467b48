// Recognising database outcomes that services turn into answers (a 409, a 422, a retry).

/** A write refused by a unique index (Prisma's P2002). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === 'P2002';
}
