// Runs a job on a node-cron schedule: a run still going when the next is due is not overlapped, and a
// run that throws is logged (`<name> failed`) and the next run tries again.
import cron from 'node-cron';
import type { Logger } from './logger.ts';

export const EVERY_MINUTE = '* * * * *';

export interface Scheduled {
  stop(): Promise<void>;
}

export function schedule(name: string, expression: string, run: () => Promise<void>, logger: Logger): Scheduled {
  const task = cron.schedule(
    expression,
    async () => {
      try {
        await run();
      } catch (err) {
        logger.error({ err }, `${name} failed`);
      }
    },
    { noOverlap: true, name: name.replaceAll(' ', '-') },
  );
  return { stop: async () => void (await task.stop()) };
}
