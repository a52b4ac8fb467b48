// Outgoing e-mail over SMTP (nodemailer), over a pool of connections kept open (SMTP_CONNECTIONS): an
// alert run sends thousands of messages, and a connection per message costs its own greeting and close.
// In development and tests the SMTP server is a local mailbox (mailbox.ts).
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Logger } from '../core/logger.ts';
import { ServiceUnavailableError } from '../core/errors.ts';
import type { MailAttachment } from './mail-outbox.ts';

export interface SmtpSettings {
  host: string;
  /** nodemailer's default when unset: 587, or 465 when secure */
  port?: number;
  secure: boolean;
  user?: string;
  password?: string;
  /** connections used side by side; 8 when unset */
  connections?: number;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** extra headers, e.g. List-Unsubscribe */
  headers?: Record<string, string>;
  /** files, e.g. a viewing's iCalendar file */
  attachments?: MailAttachment[];
}

/** The configured SMTP server; null when SMTP_HOST is unset. */
export function smtpSettingsOf(config: Config): SmtpSettings | null {
  if (!config.SMTP_HOST) return null;
  return {
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    user: config.SMTP_USER,
    password: config.SMTP_PASSWORD,
    connections: config.SMTP_CONNECTIONS,
  };
}

function transportFor(settings: SmtpSettings): Transporter {
  return nodemailer.createTransport({
    pool: true,
    maxConnections: settings.connections ?? 8,
    maxMessages: 1000,
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

export class Mailer {
  private transport: Transporter | null;

  constructor(
    settings: SmtpSettings | null,
    private readonly from: string,
    private readonly logger: Logger,
  ) {
    this.transport = settings && transportFor(settings);
  }

  /** Points the mailer at another SMTP server (a local mailbox listens on a port chosen at start). */
  useSmtp(settings: SmtpSettings): void {
    this.transport?.close();
    this.transport = transportFor(settings);
  }

  /** Closes the pool's connections (at shutdown: a server waits for open connections before it stops). */
  close(): void {
    this.transport?.close();
  }

  /** Sends one message; 503 when no SMTP server is set or it cannot take the message (the caller may retry). */
  async send(message: MailMessage): Promise<void> {
    try {
      if (!this.transport) throw new Error('no SMTP server is configured (SMTP_HOST)');
      await this.transport.sendMail({ from: this.from, ...message });
    } catch (err) {
      this.logger.error({ err, subject: message.subject }, 'e-mail could not be sent');
      throw new ServiceUnavailableError('The e-mail could not be sent; please try again later');
    }
  }
}
