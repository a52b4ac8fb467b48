// A provider moves a lead along its stages (PATCH leads/{id}): only a lead on one of the account's
// listings (404 otherwise). A change is recorded with its lead.updated event and the customer's e-mail
// of it (the e-mail outbox, mail/mail-outbox.ts) in one transaction, under the application's row lock;
// sending the same progress again changes nothing (no e-mail, no event), so a retried request is
// harmless. A move to unsuccessful or withdrawn closes the application: its upcoming open day is
// cancelled in the same transaction (lead-lifecycle/application-closing.ts).
import type { PrismaClient } from '../db/prisma.ts';
import type { ApiAccount, Prisma } from '../generated/prisma/client.ts';
import { NotFoundError } from '../core/errors.ts';
import type { LeadEventRecorder } from '../lead-lifecycle/lead-event-recorder.ts';
import type { ApplicationMails } from '../lead-lifecycle/application-mails.ts';
import { cancelUpcomingAppointments } from '../lead-lifecycle/application-closing.ts';
import { isClosedStage, providerContactSelect, sendDocumentsToOf, type ProgressStage } from '../lead-lifecycle/application-progress.ts';
import { ProgressMail } from '../applications/progress-mail.ts';
import type { ListingSnapshot } from '../applications/application-listings.ts';
import { leadInclude, type LeadRow } from './lead-row.ts';
import type { LeadProgressBody } from './lead-progress-schemas.ts';

type Tx = Prisma.TransactionClient;

export class LeadProgressService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly leadEvents: LeadEventRecorder,
    /** the customer's e-mail of each change; none when left out */
    private readonly mails?: ApplicationMails,
  ) {}

  async move(account: ApiAccount, id: number, body: LeadProgressBody, now = new Date()): Promise<LeadRow> {
    return this.prisma.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ id: number }[]>`
        SELECT a.id FROM "Application" a JOIN "Listing" l ON l.id = a."listingId"
        WHERE a.id = ${id} AND l."accountId" = ${account.id} FOR UPDATE OF a`;
      if (!row) throw new NotFoundError(`Lead ${id} was not found`);
      const last = await tx.applicationProgress.findFirst({ where: { applicationId: id }, orderBy: { id: 'desc' } });
      const current = last ?? { stage: 'received', position: null, note: null };
      const same = current.stage === body.stage && current.position === body.position && current.note === body.note;
      if (!same) {
        const change = await tx.applicationProgress.create({
          data: { applicationId: id, stage: body.stage, position: body.position, note: body.note, createdAt: now },
        });
        if (isClosedStage(body.stage)) await cancelUpcomingAppointments(tx, id, now);
        await tx.application.update({ where: { id }, data: { updatedAt: now } });
        await this.leadEvents.record(tx, id, 'lead.updated');
        await this.mail(tx, id, body, change.id);
      }
      return tx.application.findUniqueOrThrow({ where: { id }, include: leadInclude });
    });
  }

  /** The customer's e-mail of the change; none for a pushed lead (no account) or a disabled customer. */
  private async mail(tx: Tx, id: number, body: LeadProgressBody, changeId: number): Promise<void> {
    if (!this.mails) return;
    const app = await tx.application.findUniqueOrThrow({
      where: { id },
      select: {
        listingSnapshot: true,
        customer: { select: { email: true, firstName: true, disabledAt: true } },
        listing: { select: providerContactSelect },
      },
    });
    if (!app.customer || app.customer.disabledAt) return;
    const stage = body.stage as ProgressStage;
    await this.mails.outbox.send(
      tx,
      app.customer.email,
      new ProgressMail({
        firstName: app.customer.firstName,
        listingName: (app.listingSnapshot as unknown as ListingSnapshot).item.name,
        stage,
        position: body.position,
        note: body.note,
        sendDocumentsTo: sendDocumentsToOf(stage, app.listing.development.housingProvider),
        url: this.mails.links.application(id),
        changeId,
      }),
    );
  }
}
