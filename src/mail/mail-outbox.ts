// The one e-mail outbox. A change that causes an e-mail enqueues it in its own transaction with one call,
// `mails.send(tx, to, message)`: the message (one class per e-mail, in its domain, as a template) is
// rendered there and then, so what goes out is what was true when the change committed, and a change
// rolled back sends nothing. NOTIFY on MAIL_CHANNEL, which PostgreSQL delivers at commit, wakes the
// delivery (mail-delivery.ts), which sends each row once.
import type { Prisma } from '../generated/prisma/client.ts';

/** The channel the outbox notifies on at each commit that enqueued an e-mail. */
export const MAIL_CHANNEL = 'mail_outbox';

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
  /** Enqueues the message for `to` in the transaction of the change that causes it. */
  async send(tx: Prisma.TransactionClient, to: string, message: OutboxMessage): Promise<void> {
    const { subject, text, html, headers, attachments } = message.render();
    await tx.outgoingMail.create({
      data: {
        template: message.template,
        to,
        subject,
        text,
        html,
        ...(headers ? { headers } : {}),
        ...(attachments?.length ? { attachments: attachments as unknown as Prisma.InputJsonValue } : {}),
      },
    });
    await tx.$executeRaw`SELECT pg_notify(${MAIL_CHANNEL}, '')`;
  }
}
