// The one e-mail outbox. A change that causes an e-mail enqueues it in its own transaction with one call,
// `mails.send(tx, to, message)`: the message (one class per e-mail, in its domain, as a template) is
// rendered there and then into a row of its own, so what goes out is what was true when the change
// committed, and a change rolled back sends nothing. The same transaction enqueues a job of the
// `mail-delivery` kind on the job queue (db/job-queue.ts), whose handler (mail-delivery.ts) sends the row
// at most once.
import type { Prisma } from '../generated/prisma/client.ts';
import type { JobQueue } from '../db/job-queue.ts';

/** The job kind that sends the outbox's e-mails (src/background.ts lists it). */
export const MAIL_KIND = 'mail-delivery';

/** A mail-delivery job: the outbox row to send (a bigint, as text). */
export interface MailJobData {
  mail: string;
}

/** E-mails go in the order they were enqueued: their rows' ids. */
export const mailOrder = (data: MailJobData): bigint => BigInt(data.mail);

export interface MailAttachment {
  filename: string;
  /** e.g. `text/calendar; charset=utf-8; method=PUBLISH` */
  contentType: string;
  /** the file's text */
  content: string;
}

/** An e-mail as it goes out: subject, plain text and HTML (mail-layout.ts), with any headers and files. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

/** One e-mail of the service: a template named once (its count on /metrics), rendered from what the change knows. */
export interface OutboxMessage {
  readonly template: string;
  render(): RenderedMail;
}

export class MailOutbox {
  constructor(private readonly jobs: JobQueue) {}

  /** Enqueues the message for `to` in the transaction of the change that causes it. */
  async send(tx: Prisma.TransactionClient, to: string, message: OutboxMessage): Promise<void> {
    const { subject, text, html, headers, attachments } = message.render();
    const row = await tx.outgoingMail.create({
      data: {
        template: message.template,
        to,
        subject,
        text,
        html,
        ...(headers ? { headers } : {}),
        ...(attachments?.length ? { attachments: attachments as unknown as Prisma.InputJsonValue } : {}),
      },
      select: { id: true },
    });
    await this.jobs.enqueue(tx, MAIL_KIND, { mail: String(row.id) } satisfies MailJobData);
  }
}
