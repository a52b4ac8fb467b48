// A page's public url from its sitemap entry's pattern: {slug} (the page), {family} (its family's slug)
// and {topic} (the family topic's slug; the segment is dropped when the family has no topic).
export const URL_PLACEHOLDERS = ['slug', 'family', 'topic'] as const;

export function contentUrl(pattern: string, values: { slug: string; family: string; topic: string | null }): string {
  const filled = pattern.replace(/\{(slug|family|topic)\}/g, (_m, key: string) =>
    key === 'topic' ? (values.topic ?? '') : values[key as 'slug' | 'family'],
  );
  return filled.replace(/\/{2,}/g, '/');
}

/** The problem with a url pattern, or null: it must be a path with {slug} and known placeholders only. */
export function urlPatternProblem(pattern: string): string | null {
  if (!pattern.startsWith('/')) return 'urlPattern must start with /';
  if (!pattern.includes('{slug}')) return 'urlPattern must contain {slug}';
  const unknown = [...pattern.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]).filter((k) => !URL_PLACEHOLDERS.includes(k as never));
  return unknown.length ? `urlPattern has unknown placeholders: ${unknown.join(', ')}` : null;
}
