// Signatures of webhook deliveries: `Portal-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`
// with the endpoint's secret. The receiver recomputes the HMAC over the raw body it got and refuses an
// old timestamp (a replayed delivery).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Portal-Signature';

/** A new signing secret: 32 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

export function signatureOf(secret: string, timestamp: number, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/** The header's value for this body, signed at `now`. */
export function signatureHeader(secret: string, body: string | Buffer, now = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${signatureOf(secret, t, body)}`;
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: string };

/**
 * Checks a `Portal-Signature` header against the raw body: a v1 signature that matches (compared in
 * constant time), and a timestamp within `toleranceSeconds` of now.
 */
export function verifySignature(
  header: string | undefined,
  body: string | Buffer,
  secret: string,
  toleranceSeconds = 300,
  now = new Date(),
): SignatureCheck {
  if (!header) return { ok: false, reason: 'no signature header' };
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k, v]) => k === 'v1' && v !== undefined).map(([, v]) => v!);
  if (!Number.isInteger(t) || signatures.length === 0) return { ok: false, reason: 'malformed signature header' };
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return { ok: false, reason: 'timestamp outside the tolerance' };
  const expected = Buffer.from(signatureOf(secret, t, body), 'hex');
  const matches = signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true, timestamp: t } : { ok: false, reason: 'signature does not match' };
}
