// A development mailbox (MailDev): an SMTP server that keeps every message it receives and a web inbox
// that shows them, with a REST API (/api/email) the tests read. `npm start` runs one when no SMTP
// server is configured; the tests run their own on free ports. MailDev is a development dependency,
// loaded only when a mailbox is started.
import type { SmtpSettings } from './mailer.ts';

export interface MailboxOptions {
  /** 0 picks a free port */
  smtpPort: number;
  webPort: number;
  /** where the web inbox listens; SMTP listens on 127.0.0.1 only */
  webHost: string;
  /** messages are kept as .eml files here and loaded again at the next start */
  directory: string;
}

export interface Mailbox {
  /** where to send e-mails to this mailbox */
  smtp: SmtpSettings;
  /** the web inbox, and the REST API under /api */
  webUrl: string;
  stop(): Promise<void>;
}

export async function startMailbox(options: MailboxOptions): Promise<Mailbox> {
  const { MailDev } = await import('maildev');
  const maildev = new MailDev({
    smtp: options.smtpPort,
    ip: '127.0.0.1',
    web: options.webPort,
    webIp: options.webHost,
    mailDirectory: options.directory,
    silent: true,
  });
  // A start that fails (a port in use) may leave the SMTP server listening: the caller exits.
  const { smtp, api } = await maildev.start();
  if (!api) throw new Error('the mailbox started without its web inbox');
  return {
    smtp: { host: '127.0.0.1', port: smtp.getPort(), secure: false },
    webUrl: `http://${urlHost(options.webHost)}:${api.getPort()}`,
    stop: () => maildev.stop(),
  };
}

/** A host for URLs: a wildcard address is reached on localhost, an IPv6 address goes in brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
