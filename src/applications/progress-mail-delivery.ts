// Sends the e-mail of each change of an application's progress, once. The ApplicationProgress rows are
// the outbox: a run claims a batch of unclaimed rows in one committed statement (FOR UPDATE SKIP
// LOCKED, so instances side by side take different rows), then sends their e-mails in change order and
// marks each sent. A row whose e-mail the mail server refused is released (claimed again by a later run);
// a claimed row is never taken again, so should the process die between the claim and the record, its
// e-mail is not sent a second time (at most once, as the alert e-mails: alerts/alert-delivery.ts).
import type { PrismaClient } from '../db/prisma.ts';
import type { Logger } from '../core/logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ListingSnapshot } from './application-listings.ts';
import type { ProgressStage } from '../lead-lifecycle/application-progress.ts';
import { progressMail } from './progress-mail.ts';

/** changes a run claims at a time */
const BATCH = 100;

export interface ProgressMailLinks {
  /** the application in the portal's account */
  application(id: number): string;
}

export function progressMailLinks(baseUrl: string): ProgressMailLinks {
  const base = baseUrl.replace(/\/+$/, '');
  return { application: (id) => `${base}/account/applications#application-${id}` };
}

interface ClaimedChange {
  id: number;
  applicationId: number;
  stage: ProgressStage;
  position: number | null;
  note: string | null;
}

export interface ProgressMailRun {
  emails: number;
  failed: number;
}

export class ProgressMailDelivery {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly mailer: Mailer,
    private readonly links: ProgressMailLinks,
    private readonly logger: Logger,
  ) {}

  async runOnce(now = new Date()): Promise<ProgressMailRun> {
    const run: ProgressMailRun = { emails: 0, failed: 0 };
    for (;;) {
      const claimed = await this.claim(now);
      if (claimed.length === 0) return run;
      const failed = await this.deliver(claimed, now, run);
      // the mail server is away: what it refused waits for the next run rather than being claimed again now
      if (failed) return run;
    }
  }

  private claim(now: Date): Promise<ClaimedChange[]> {
    return this.prisma.$queryRaw<ClaimedChange[]>`
      UPDATE "ApplicationProgress" p SET "mailClaimedAt" = ${now}
      WHERE p.id IN (SELECT id FROM "ApplicationProgress" WHERE "mailClaimedAt" IS NULL ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING p.id, p."applicationId", p.stage, p.position, p.note`;
  }

  /** Sends the claimed changes' e-mails in change order; true when some were refused (and released). */
  private async deliver(claimed: ClaimedChange[], now: Date, run: ProgressMailRun): Promise<boolean> {
    const applications = new Map(
      (
        await this.prisma.application.findMany({
          where: { id: { in: [...new Set(claimed.map((c) => c.applicationId))] } },
          select: { id: true, listingSnapshot: true, customer: { select: { email: true, firstName: true, disabledAt: true } } },
        })
      ).map((a) => [a.id, a]),
    );
    const refused: number[] = [];
    for (const change of claimed.sort((a, b) => a.id - b.id)) {
      const app = applications.get(change.applicationId);
      // a disabled customer gets none, nor a pushed lead (no customer account): the change stays claimed, unsent
      if (!app?.customer || app.customer.disabledAt) continue;
      const snapshot = app.listingSnapshot as unknown as ListingSnapshot;
      try {
        await this.mailer.send(
          progressMail(
            {
              to: app.customer.email,
              firstName: app.customer.firstName,
              listingName: snapshot.item.name,
              stage: change.stage,
              position: change.position,
              note: change.note,
              url: this.links.application(app.id),
            },
            change.id,
          ),
        );
      } catch (err) {
        run.failed += 1;
        refused.push(change.id);
        this.logger.warn({ err, change: change.id }, 'progress e-mail not sent; it is tried again at the next run');
        continue;
      }
      run.emails += 1;
      // the e-mail is out: should this record fail, the change stays claimed and is not sent again
      await this.prisma.applicationProgress
        .update({ where: { id: change.id }, data: { mailSentAt: now } })
        .catch((err: unknown) => this.logger.error({ err, change: change.id }, 'progress e-mail sent but not recorded'));
    }
    if (refused.length) await this.prisma.applicationProgress.updateMany({ where: { id: { in: refused }, mailSentAt: null }, data: { mailClaimedAt: null } });
    return refused.length > 0;
  }
}
