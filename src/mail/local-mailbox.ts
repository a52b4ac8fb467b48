// The mailbox `npm start` runs in the service's process (LOCAL_MAILBOX=true) when no SMTP server is
// configured, so that sign-in e-mails can be read at http://localhost:1080. It stops with the process.
import { resolve } from 'node:path';
import type { Config } from '../config.ts';
import type { Logger } from '../core/logger.ts';
import { startMailbox, type Mailbox } from './mailbox.ts';

/** Messages are kept in the checkout (git-ignored), so the inbox survives a restart. */
const MAILBOX_DIRECTORY = '.local/mailbox';

export class MailboxStartError extends Error {}

/** Starts the mailbox when LOCAL_MAILBOX is set and SMTP_HOST is not; null otherwise. */
export async function startLocalMailbox(config: Config, logger: Logger): Promise<Mailbox | null> {
  if (!config.LOCAL_MAILBOX || config.SMTP_HOST) return null;
  try {
    const mailbox = await startMailbox({
      smtpPort: config.MAILBOX_SMTP_PORT,
      webPort: config.MAILBOX_WEB_PORT,
      webHost: config.HOST,
      directory: resolve(MAILBOX_DIRECTORY),
    });
    logger.info({ inbox: mailbox.webUrl, smtpPort: mailbox.smtp.port }, `local mailbox: e-mails are shown at ${mailbox.webUrl}`);
    return mailbox;
  } catch (err) {
    throw new MailboxStartError(
      `The local mailbox could not start (${(err as Error).message}). Free ports ${config.MAILBOX_SMTP_PORT} and ` +
        `${config.MAILBOX_WEB_PORT}, choose others with MAILBOX_SMTP_PORT and MAILBOX_WEB_PORT, or set SMTP_HOST to use an SMTP server.`,
    );
  }
}
