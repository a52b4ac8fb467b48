// The run's SMTP sink: started on first use on a free port, with the application's mailer pointed at it.
// Tests read magic links from the e-mails it receives.
import { SmtpSink, linksIn, type ReceivedMail } from '../../src/mail/smtp-sink.ts';
import { testApp } from './test-app.ts';

export type { ReceivedMail };

// Shared through globalThis for the same reason as the test app (test files load as two module instances).
const holder = globalThis as { __portalSmtpSink?: Promise<SmtpSink> };

export function smtpSink(): Promise<SmtpSink> {
  holder.__portalSmtpSink ??= (async () => {
    const sink = new SmtpSink();
    const port = await sink.listen();
    testApp().built.customers.mailer.useSmtp({ host: '127.0.0.1', port, secure: false });
    return sink;
  })();
  return holder.__portalSmtpSink;
}

/** Every message the sink has received for this address, oldest first. */
export async function mailsTo(email: string): Promise<ReceivedMail[]> {
  const sink = await smtpSink();
  return sink.received.filter((m) => m.to.includes(email.toLowerCase()));
}

/** Runs `action` and waits for the e-mail it sends to `email`; gives the action's result, the mail and its link. */
export async function expectMail<T>(email: string, action: () => Promise<T>): Promise<{ result: T; mail: ReceivedMail; link: string }> {
  const sink = await smtpSink();
  const before = (await mailsTo(email)).length;
  const result = await action();
  let seen = 0;
  const mail = await sink.waitFor((m) => m.to.includes(email.toLowerCase()) && ++seen > before);
  const [link] = linksIn(mail);
  if (!link) throw new Error(`no link in the e-mail "${mail.subject}"`);
  return { result, mail, link };
}
