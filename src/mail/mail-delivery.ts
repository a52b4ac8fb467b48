// Sends the outbox's e-mails (mail-outbox.ts), each at most once: the handler of the `mail-delivery` job
// kind. It claims the job's row in one committed statement, sends it, and records it sent. A claimed row
// is never claimed again: should the process die between the claim and the record, the job queue retries
// the job on another instance, which finds the row claimed and sends nothing (at most once, as the alert
// e-mails: alerts/alert-delivery.ts). A row the mail server refused is released and the handler throws,
// so the queue tries it again with backoff, and after its last retry keeps it as a dead letter.
// Rows claimed more than KEEP_DAYS ago are deleted by the state job (they hold personal data).
import type { PrismaClient } from '../db/prisma.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { JobQueue } from '../db/job-queue.ts';
import type { Logger } from '../core/logger.ts';
import type { Mailer } from './mailer.ts';
import { MAIL_KIND, mailOrder, type MailAttachment, type MailJobData } from './mail-outbox.ts';

/** how long a claimed e-mail is kept (for tracing) before the state job deletes it */
export const KEEP_DAYS = 30;
/** an unclaimed row this old with no job (one enqueued before the queue, or a dead letter let go) gets one at start-up */
const STRAY_AFTER_MS = 2 * 60_000;

/** What a delivery reports, by template (the /metrics counters). */
export interface MailObserver {
  sent(template: string): void;
  refused(template: string): void;
}

export interface MailRun {
  emails: number;
  failed: number;
}

interface ClaimedMail {
  id: bigint;
  template: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string> | null;
  attachments: MailAttachment[] | null;
}

/** E-mails waiting to be sent, by template (metrics). */
export async function mailBacklog(prisma: Pick<PrismaClient, '$queryRaw'>): Promise<{ template: string; waiting: number }[]> {
  return prisma.$queryRaw<{ template: string; waiting: number }[]>`
    SELECT template, count(*)::int AS waiting FROM "OutgoingMail" WHERE "claimedAt" IS NULL GROUP BY template`;
}

/** Deletes the e-mails claimed more than KEEP_DAYS before `now` (run by the state job). */
export async function forgetOldMails(tx: Prisma.TransactionClient, now: Date): Promise<number> {
  const { count } = await tx.outgoingMail.deleteMany({ where: { claimedAt: { lt: new Date(now.getTime() - KEEP_DAYS * 86_400_000) } } });
  return count;
}

export class MailRefused extends Error {}

export class MailDelivery {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly jobs: JobQueue,
    private readonly observer?: MailObserver,
  ) {}

  /** The job's handler: sends the row once; throws when the mail server refused it (the queue retries). */
  async deliver({ mail: id }: MailJobData, now = new Date()): Promise<'sent' | 'claimed before'> {
    const [mail] = await this.prisma.$queryRaw<ClaimedMail[]>`
      UPDATE "OutgoingMail" SET "claimedAt" = ${now} WHERE id = ${BigInt(id)} AND "claimedAt" IS NULL
      RETURNING id, template, "to", subject, text, html, headers, attachments`;
    if (!mail) return 'claimed before';
    try {
      await this.mailer.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
      });
    } catch (err) {
      this.observer?.refused(mail.template);
      this.logger.warn({ err, mail: id, template: mail.template }, 'e-mail not sent; the job queue tries it again');
      await this.prisma.outgoingMail.updateMany({ where: { id: mail.id, sentAt: null }, data: { claimedAt: null } });
      throw new MailRefused(`e-mail ${id} refused by the mail server`);
    }
    this.observer?.sent(mail.template);
    // the e-mail is out: should this record fail, the row stays claimed and is not sent again
    await this.prisma.outgoingMail
      .update({ where: { id: mail.id }, data: { sentAt: now } })
      .catch((err: unknown) => this.logger.error({ err, mail: id }, 'e-mail sent but not recorded'));
    return 'sent';
  }

  /** Sends every e-mail waiting now, here (a test's or a script's run, beside or instead of the workers; `retriesToo`: see JobQueue.drain). */
  async runOnce(options: { retriesToo?: boolean } = {}): Promise<MailRun> {
    const run: MailRun = { emails: 0, failed: 0 };
    await this.jobs.drain<MailJobData>(MAIL_KIND, async (data) => {
      try {
        if ((await this.deliver(data)) === 'sent') run.emails += 1;
      } catch (err) {
        run.failed += 1;
        throw err;
      }
    }, { ...options, order: mailOrder });
    return run;
  }

  /** Gives a job to each unclaimed row that has waited STRAY_AFTER_MS (a second job for a row is harmless: it finds the row claimed). */
  async enqueueStrays(now = new Date()): Promise<number> {
    const strays = await this.prisma.outgoingMail.findMany({
      where: { claimedAt: null, createdAt: { lt: new Date(now.getTime() - STRAY_AFTER_MS) } },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: 1000,
    });
    for (const { id } of strays) await this.jobs.enqueue(null, MAIL_KIND, { mail: String(id) } satisfies MailJobData);
    return strays.length;
  }
}
