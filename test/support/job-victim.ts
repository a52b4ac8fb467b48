// An instance that dies inside its handlers: started by the job take-over test as a child process over
// DATABASE_URL's job queue. It reads kinds from its stdin, one a line, and works each (one job at a time:
// a handler it has entered holds the kind), printing `working <kind>` once it does and
// `inside <kind> <data>` when a handler starts; no handler ever finishes (the test kills the process with
// SIGKILL once it is inside every kind's).
// Its warnings (a failing poll) are log lines on its stdout, passed on by the test.
import { createInterface } from 'node:readline';
import { JobQueue } from '../../src/db/job-queue.ts';
import { QUEUES } from '../../src/background.ts';
import { createLogger } from '../../src/core/logger.ts';

const jobs = new JobQueue(process.env.DATABASE_URL!, createLogger('warn'), QUEUES);
createInterface({ input: process.stdin }).on('line', (kind) => {
  void jobs
    .work(kind, { concurrency: 1 }, async (data) => {
      process.stdout.write(`inside ${kind} ${JSON.stringify(data)}\n`);
      await new Promise(() => {});
    })
    .then(() => process.stdout.write(`working ${kind}\n`));
});
