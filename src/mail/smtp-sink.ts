// A local SMTP server that keeps what it receives: the tests read magic links from it, and in development
// `npm run mail:sink` runs it on SMTP_PORT and prints each message.
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

type Listener = (mail: ReceivedMail) => void;

export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private readonly listeners = new Set<Listener>();
  private readonly server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const mail: ReceivedMail = {
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
            };
            this.received.push(mail);
            for (const listener of this.listeners) listener(mail);
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<number> {
    this.server.listen(port, host);
    await once(this.server.server, 'listening');
    return (this.server.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  onMail(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The first message (already received or still to come) that matches; rejects after the timeout. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs = 5_000): Promise<ReceivedMail> {
    const found = this.received.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no matching e-mail within ${timeoutMs} ms`));
      }, timeoutMs);
      const stop = this.onMail((mail) => {
        if (!match(mail)) return;
        clearTimeout(timer);
        stop();
        resolve(mail);
      });
    });
  }
}

/** The links of a message's text part. */
export function linksIn(mail: ReceivedMail): string[] {
  return [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
}

async function runStandalone(): Promise<void> {
  const host = process.env.SMTP_HOST ?? '127.0.0.1';
  const sink = new SmtpSink();
  const port = await sink.listen(Number(process.env.SMTP_PORT ?? 1025), host);
  console.log(`SMTP sink listening on ${host}:${port}; messages are printed here`);
  sink.onMail((mail) => console.log(`\n--- to ${mail.to.join(', ')}: ${mail.subject}\n${mail.text}`));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStandalone().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
