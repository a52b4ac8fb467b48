// The signing key of a development or test instance when JWT_SECRET is unset: random, made at the first
// start and kept in the instance's `.local/` (never in the repository), so nobody can forge that
// instance's customer, preview or calendar tokens from the published code.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCAL_SECRET_FILE = 'jwt-secret';

/** The secret kept in `dir`, made there (readable by its owner only) when it is not there yet. */
export function localSecret(dir: string): string {
  const file = path.join(dir, LOCAL_SECRET_FILE);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    // 'wx': of two processes starting at once, one writes it and the other reads it
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret (under 32 characters): delete it to make a new one`);
  return secret;
}
