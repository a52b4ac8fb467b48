import type { Scheme } from '../generated/prisma/client.ts';

export function presentScheme(s: Scheme) {
  return { id: s.id, slug: s.slug, text: s.text, color: s.color };
}
