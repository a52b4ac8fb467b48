// A provider moves a lead along its stages (PATCH leads/{id}): only a lead on one of the account's
// listings (404 otherwise). A change is recorded with its lead.updated event in one transaction, under
// the application's row lock; sending the same progress again changes nothing (no e-mail, no event),
// so a retried request is harmless. The customer's e-mail of the change goes through the outbox
// (applications/progress-mail-delivery.ts); `changed` wakes its job.
import type { PrismaClient } from '../db/prisma.ts';
import type { ApiAccount } from '../generated/prisma/client.ts';
import { NotFoundError } from '../core/errors.ts';
import type { LeadEventRecorder } from '../lead-lifecycle/lead-event-recorder.ts';
import { leadInclude, type LeadRow } from './lead-row.ts';
import type { LeadProgressBody } from './lead-progress-schemas.ts';

export class LeadProgressService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly leadEvents: LeadEventRecorder,
    private readonly changed: () => void = () => {},
  ) {}

  async move(account: ApiAccount, id: number, body: LeadProgressBody, now = new Date()): Promise<LeadRow> {
    const { lead, isNew } = await this.prisma.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ id: number }[]>`
        SELECT a.id FROM "Application" a JOIN "Listing" l ON l.id = a."listingId"
        WHERE a.id = ${id} AND l."accountId" = ${account.id} FOR UPDATE OF a`;
      if (!row) throw new NotFoundError(`Lead ${id} was not found`);
      const last = await tx.applicationProgress.findFirst({ where: { applicationId: id }, orderBy: { id: 'desc' } });
      const current = last ?? { stage: 'received', position: null, note: null };
      const same = current.stage === body.stage && current.position === body.position && current.note === body.note;
      if (!same) {
        await tx.applicationProgress.create({
          data: { applicationId: id, stage: body.stage, position: body.position, note: body.note, createdAt: now },
        });
        await tx.application.update({ where: { id }, data: { updatedAt: now } });
        await this.leadEvents.record(tx, id, 'lead.updated');
      }
      return { lead: await tx.application.findUniqueOrThrow({ where: { id }, include: leadInclude }), isNew: !same };
    });
    if (isNew) this.changed();
    return lead;
  }
}
