/** The URLs of ELASTICSEARCH_URL, one per node: one URL, or several separated by commas. */
export function engineUrls(value: string): string[] {
  return value
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
}
