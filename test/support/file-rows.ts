// What a test file leaves behind that no other file may depend on, removed as the file ends (hooks.ts
// adds this as the last `after` hook of each top-level suite), so that no file cleans up after another.
// Today: the alert checks its listing writes queued on the job queue. The test application runs no
// alert-check worker (src/background.ts), so nothing else takes them (alerts.test.ts runs the matcher on
// its own), and files run one after another, so every check left when a file ends is that file's.
import { discardAlertChecks } from './alert-checks.ts';

export async function cleanUpFile(): Promise<void> {
  await discardAlertChecks();
}
