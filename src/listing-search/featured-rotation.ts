// Which featured listings a page shows, from the pool the search request fetched (listing-index/search-request.ts).
/** Featured listings of a page: the pool rotates by page, so they may repeat; none twice on a page. */
export function rotateFeatured(pool: number[], page: number, perPage: number, onPage: Set<number>): number[] {
  const candidates = pool.filter((id) => !onPage.has(id));
  if (candidates.length === 0 || perPage === 0) return [];
  const start = ((page - 1) * perPage) % candidates.length;
  const out: number[] = [];
  for (let i = 0; i < Math.min(perPage, candidates.length); i++) out.push(candidates[(start + i) % candidates.length]!);
  return out;
}
