// Sends the outbox's e-mails (mail-outbox.ts), each at most once. A run claims a few unclaimed rows in one
// committed statement (FOR UPDATE SKIP LOCKED, so instances side by side take different rows), sends them
// in order and records each sent. A claimed row is never claimed again: should the process die between
// the claim and the record, its e-mail is not sent a second time (at most once, as the alert e-mails:
// alerts/alert-delivery.ts); claiming a few at a time keeps what such a death loses small. A row the mail
// server refused is released, and a later run tries it again. Rows claimed more than KEEP_DAYS ago are
// deleted by the next run.
import type { PrismaClient } from '../db/prisma.ts';
import type { Logger } from '../core/logger.ts';
import type { Mailer } from './mailer.ts';
import type { MailAttachment } from './mail-outbox.ts';

/** e-mails a claim takes at a time */
const BATCH = 10;

/** how long a claimed e-mail is kept (for tracing) before a run deletes it: the rows hold personal data */
export const KEEP_DAYS = 30;

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

export class MailDelivery {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly observer?: MailObserver,
  ) {}

  async runOnce(now = new Date()): Promise<MailRun> {
    const run: MailRun = { emails: 0, failed: 0 };
    await this.prisma.outgoingMail.deleteMany({ where: { claimedAt: { lt: new Date(now.getTime() - KEEP_DAYS * 86_400_000) } } });
    for (;;) {
      const claimed = await this.claim(now);
      if (claimed.length === 0) return run;
      // the mail server is away: what it refused waits for the next run rather than being claimed again now
      if (await this.deliver(claimed, now, run)) return run;
    }
  }

  private claim(now: Date): Promise<ClaimedMail[]> {
    return this.prisma.$queryRaw<ClaimedMail[]>`
      UPDATE "OutgoingMail" m SET "claimedAt" = ${now}
      WHERE m.id IN (SELECT id FROM "OutgoingMail" WHERE "claimedAt" IS NULL ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING m.id, m.template, m."to", m.subject, m.text, m.html, m.headers, m.attachments`;
  }

  /** Sends the claimed e-mails in order; true when some were refused (and released). */
  private async deliver(claimed: ClaimedMail[], now: Date, run: MailRun): Promise<boolean> {
    const refused: bigint[] = [];
    for (const mail of claimed.sort((a, b) => (a.id < b.id ? -1 : 1))) {
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
        run.failed += 1;
        refused.push(mail.id);
        this.observer?.refused(mail.template);
        this.logger.warn({ err, mail: String(mail.id), template: mail.template }, 'e-mail not sent; it is tried again at the next run');
        continue;
      }
      run.emails += 1;
      this.observer?.sent(mail.template);
      // the e-mail is out: should this record fail, the row stays claimed and is not sent again
      await this.prisma.outgoingMail
        .update({ where: { id: mail.id }, data: { sentAt: now } })
        .catch((err: unknown) => this.logger.error({ err, mail: String(mail.id) }, 'e-mail sent but not recorded'));
    }
    if (refused.length) await this.prisma.outgoingMail.updateMany({ where: { id: { in: refused }, sentAt: null }, data: { claimedAt: null } });
    return refused.length > 0;
  }
}
