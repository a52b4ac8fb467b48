// An application that goes no further: one that failed its eligibility, or that its provider moved to
// unsuccessful or withdrawn. It is offered no open day and refused a booking (appointments/), and, as when
// it is archived, its upcoming confirmed appointments are cancelled in the transaction that closes it.
import type { Prisma } from '../generated/prisma/client.ts';
import { isClosedStage } from './application-progress.ts';

/** Whether the application goes no further; `stage` the one its provider last set (null: received). */
export const goesNoFurther = (eligibilityStatus: string, stage: string | null): boolean => eligibilityStatus === 'failed' || isClosedStage(stage ?? undefined);

/** Cancels the application's upcoming confirmed appointments; how many. */
export async function cancelUpcomingAppointments(tx: Prisma.TransactionClient, applicationId: number, now: Date): Promise<number> {
  const done = await tx.appointment.updateMany({ where: { applicationId, status: 'confirmed', startsAt: { gt: now } }, data: { status: 'cancelled' } });
  return done.count;
}
