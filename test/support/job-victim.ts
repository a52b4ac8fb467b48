// An instance that takes one job of a kind and dies inside its handler: started by the job take-over test
// as a child process, it works the kind given in argv on DATABASE_URL's job queue, prints `inside <data>`
// when a handler starts, and then never finishes (the test kills it there with SIGKILL).
import { JobQueue } from '../../src/db/job-queue.ts';
import { QUEUES } from '../../src/background.ts';
import { createLogger } from '../../src/core/logger.ts';

const kind = process.argv[2]!;
const jobs = new JobQueue(process.env.DATABASE_URL!, createLogger('silent'), QUEUES);
await jobs.work(kind, { concurrency: 1 }, async (data) => {
  process.stdout.write(`inside ${JSON.stringify(data)}\n`);
  await new Promise(() => {});
});
process.stdout.write('working\n');
