// What becomes of a sign-in e-mail in this environment, for the portal's sign-in page to say truly:
// sent (to the configured SMTP server), kept in the local development mailbox (whose inbox it names),
// or not sent at all (APP_ENV=test, where the response carries the link instead).
import type { Config } from '../config.ts';

export type MailDelivery = { kind: 'sent' } | { kind: 'not-sent' } | { kind: 'local-mailbox'; inbox: string };

export function mailDeliveryOf(
  config: Pick<Config, 'APP_ENV' | 'TEST_ENV_SENDS_MAIL' | 'LOCAL_MAILBOX' | 'SMTP_HOST' | 'MAILBOX_WEB_PORT'>,
): MailDelivery {
  if (config.APP_ENV === 'test' && !config.TEST_ENV_SENDS_MAIL) return { kind: 'not-sent' };
  // the mailbox runs when LOCAL_MAILBOX is set and SMTP_HOST is not (mail/local-mailbox.ts)
  if (config.APP_ENV === 'development' && config.LOCAL_MAILBOX && !config.SMTP_HOST) {
    return { kind: 'local-mailbox', inbox: `http://localhost:${config.MAILBOX_WEB_PORT}` };
  }
  return { kind: 'sent' };
}
