// The alert benchmark's mail server, in a process of its own (scripts/bench/alerts-bench.ts forks it), so
// that its work is not the benchmark's:
//   counting (the default): a minimal SMTP server that takes every message, reads it to the end and
//     counts it, storing and parsing nothing, as a relay takes it;
//   maildev: the development mailbox (src/mail/mailbox.ts), which parses and stores every message.
// It tells its SMTP port, then the count when asked, over the IPC channel.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startMailbox } from '../../src/mail/mailbox.ts';

let received = 0;
let stop: () => Promise<void>;

if (process.argv[2] === 'maildev') {
  const directory = mkdtempSync(join(tmpdir(), 'alerts-bench-'));
  const mailbox = await startMailbox({ smtpPort: 0, webPort: 0, webHost: '127.0.0.1', directory });
  stop = async () => {
    await mailbox.stop();
    rmSync(directory, { recursive: true, force: true });
  };
  process.send!({ port: mailbox.smtp.port });
} else {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    maxClients: 1000,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  stop = () => new Promise((resolve) => server.close(() => resolve()));
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.server.address() as AddressInfo).port }));
}

process.on('message', (m: { type?: string }) => {
  if (m.type === 'count') process.send!({ received });
  if (m.type === 'stop') void stop().then(() => process.exit(0));
});
