import type { Scheme } from '../generated/prisma/client.ts';
import type { SchemePayload } from './scheme-payload.ts';

export function presentScheme(s: Scheme): SchemePayload {
  return { id: s.id, slug: s.slug, text: s.text, color: s.color };
}
