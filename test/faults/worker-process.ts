// The background work alone in a process of its own, so that the fault run can kill it mid-batch: the
// reindex worker, the lead webhook worker, the alert matcher's checks (the alert-check kind, enqueued by
// each listing write), the alert job (woken by a batch of checks that matched, and every minute), which
// enqueues its e-mails on the e-mail outbox, and the mail
// delivery, which sends them over the SMTP server of SMTP_HOST/SMTP_PORT.
import { loadConfig } from '../../src/config.ts';
import { openRuntime } from '../../src/runtime.ts';
import { buildApp } from '../../src/app.ts';
import { startBackground } from '../../src/background.ts';

const runtime = openRuntime(loadConfig());
const built = buildApp(runtime);
const background = startBackground(runtime, built, ['reindex-worker', 'webhook-delivery', 'alert-delivery', 'alert-check', 'mail-delivery']);
process.on('SIGTERM', () =>
  void background
    .stop()
    .then(() => built.customers.mailer.close())
    .then(() => runtime.close())
    .then(() => process.exit(0)),
);
