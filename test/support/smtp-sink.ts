// The run's mailbox: the development mailbox (MailDev, src/mail/mailbox.ts) on free ports, started with the
// test application, which e-mails its magic links there (TEST_ENV_SENDS_MAIL). Tests read the messages it
// received over SMTP through its REST API, as the browser tests read them in its web inbox. The e-mails go
// through the e-mail outbox, whose delivery the test application does not run as a worker: `expectMail`
// and `deliverMails` send what it holds, as the mail-delivery role would.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMailbox, type Mailbox } from '../../src/mail/mailbox.ts';

export interface ReceivedMail {
  id: string;
  /** envelope recipients, lower case */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

/** The fields of MailDev's `GET /api/email` items that tests read. */
interface MailDevEmail {
  id: string;
  subject?: string;
  text?: string;
  html?: string;
  envelope: { from?: { address: string }; to: { address: string }[] };
}

export class TestMailbox {
  constructor(
    private readonly mailbox: Mailbox,
    private readonly directory: string,
  ) {}

  get smtp() {
    return this.mailbox.smtp;
  }

  /** the web inbox (its REST API is under /api) */
  get webUrl(): string {
    return this.mailbox.webUrl;
  }

  /** Every message received so far, oldest first. */
  async received(): Promise<ReceivedMail[]> {
    const res = await fetch(`${this.webUrl}/api/email`);
    if (!res.ok) throw new Error(`mailbox: GET /api/email answered ${res.status}`);
    return ((await res.json()) as MailDevEmail[]).map((m) => ({
      id: m.id,
      to: m.envelope.to.map((r) => r.address.toLowerCase()),
      from: m.envelope.from?.address ?? '',
      subject: m.subject ?? '',
      text: m.text ?? '',
      html: m.html ?? '',
    }));
  }

  /** The first message (already received or still to come) that matches; rejects after the timeout. */
  async waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs = 5_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await this.received()).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching e-mail within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async stop(): Promise<void> {
    await this.mailbox.stop();
    rmSync(this.directory, { recursive: true, force: true });
  }
}

export async function startTestMailbox(): Promise<TestMailbox> {
  const directory = mkdtempSync(join(tmpdir(), 'portal-test-mailbox-'));
  return new TestMailbox(await startMailbox({ smtpPort: 0, webPort: 0, webHost: '127.0.0.1', directory }), directory);
}

// Shared through globalThis for the same reason as the test app (test files load as two module instances).
const holder = globalThis as { __portalTestMailbox?: TestMailbox; __portalTestMailDelivery?: () => Promise<unknown> };

/** The mailbox, and the run of the test application's e-mail outbox delivery that sends to it. */
export function setTestMailbox(mailbox: TestMailbox | undefined, delivery?: () => Promise<unknown>): void {
  holder.__portalTestMailbox = mailbox;
  holder.__portalTestMailDelivery = delivery;
}

/** The run's mailbox (started with the test application). */
export function smtpSink(): Promise<TestMailbox> {
  if (!holder.__portalTestMailbox) return Promise.reject(new Error('the test mailbox is not started (test/support/test-app.ts)'));
  return Promise.resolve(holder.__portalTestMailbox);
}

/** Sends the e-mail outbox's e-mails waiting now, as the mail-delivery role's worker does (the test application runs none). */
export async function deliverMails(): Promise<void> {
  if (!holder.__portalTestMailDelivery) throw new Error('the test application is not started (test/support/test-app.ts)');
  await holder.__portalTestMailDelivery();
}

/** Every message the mailbox has received for this address, oldest first. */
export async function mailsTo(email: string): Promise<ReceivedMail[]> {
  const mailbox = await smtpSink();
  return (await mailbox.received()).filter((m) => m.to.includes(email.toLowerCase()));
}

/** The headers of a message as it was sent (its source), names in lower case, folded lines joined. */
export async function headersOf(mail: ReceivedMail): Promise<Record<string, string>> {
  const mailbox = await smtpSink();
  const res = await fetch(`${mailbox.webUrl}/api/email`);
  // MailDev keeps each message as a file, named in `source`
  const source = ((await res.json()) as { id: string; source?: string }[]).find((m) => m.id === mail.id)?.source;
  if (!source) throw new Error(`mailbox: message ${mail.id} has no source`);
  const head = readFileSync(source, 'utf8').split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return Object.fromEntries(head.split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
}

/** The files attached to a message, as MailDev received them: name, content type and text. */
export async function attachmentsOf(mail: ReceivedMail): Promise<{ filename: string; contentType: string; content: string }[]> {
  const mailbox = await smtpSink();
  const res = await fetch(`${mailbox.webUrl}/api/email/${mail.id}`);
  const item = (await res.json()) as { attachments?: { fileName?: string; generatedFileName: string; contentType: string }[] };
  return Promise.all(
    (item.attachments ?? []).map(async (a) => {
      const file = await fetch(`${mailbox.webUrl}/api/email/${mail.id}/attachment/${encodeURIComponent(a.generatedFileName)}`);
      if (!file.ok) throw new Error(`mailbox: attachment ${a.generatedFileName} answered ${file.status}`);
      return { filename: a.fileName ?? a.generatedFileName, contentType: a.contentType, content: await file.text() };
    }),
  );
}

/** The links of a message's text part. */
export function linksIn(mail: ReceivedMail): string[] {
  return [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
}

/**
 * Runs `action` and waits for the e-mail it sends to `email` (enqueued on the e-mail outbox, sent by the
 * delivery run here meanwhile); gives the action's result, the mail and its link.
 */
export async function expectMail<T>(email: string, action: () => Promise<T>, timeoutMs = 10_000): Promise<{ result: T; mail: ReceivedMail; link: string }> {
  const mailbox = await smtpSink();
  const address = email.toLowerCase();
  // what earlier steps enqueued (a registration's confirmation) goes out first, so it is not taken for this one
  await deliverMails();
  const before = new Set((await mailsTo(email)).map((m) => m.id));
  const result = await action();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await deliverMails();
    const mail = (await mailbox.received()).find((m) => m.to.includes(address) && !before.has(m.id));
    if (mail) {
      const [link] = linksIn(mail);
      if (!link) throw new Error(`no link in the e-mail "${mail.subject}"`);
      return { result, mail, link };
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
