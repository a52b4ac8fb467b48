// Outgoing e-mail over SMTP (nodemailer). In development and tests the SMTP server is a local sink.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Logger } from '../core/logger.ts';
import { ServiceUnavailableError } from '../core/errors.ts';

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export function smtpSettingsOf(config: Config): SmtpSettings {
  return {
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    user: config.SMTP_USER,
    password: config.SMTP_PASSWORD,
  };
}

function transportFor(settings: SmtpSettings): Transporter {
  return nodemailer.createTransport({
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
  private transport: Transporter;

  constructor(
    settings: SmtpSettings,
    private readonly from: string,
    private readonly logger: Logger,
  ) {
    this.transport = transportFor(settings);
  }

  /** Points the mailer at another SMTP server (the tests' sink listens on a port chosen at run time). */
  useSmtp(settings: SmtpSettings): void {
    this.transport.close();
    this.transport = transportFor(settings);
  }

  /** Sends one message; 503 when the SMTP server cannot take it (the caller may retry). */
  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, ...message });
    } catch (err) {
      this.logger.error({ err, subject: message.subject }, 'e-mail could not be sent');
      throw new ServiceUnavailableError('The e-mail could not be sent; please try again later');
    }
  }
}
