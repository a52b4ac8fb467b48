// Random bearer secrets (magic links, refresh tokens): 256 bits, URL-safe; only their SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Cheap shape check before any database work: what newSecretToken() makes. */
export function looksLikeSecretToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
