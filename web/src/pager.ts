// Which page numbers a pager shows: the first, the last, the current one and its neighbours, with a
// gap ("…") where pages are left out; a gap of one page shows that page instead.

export type PagerItem = number | 'gap';

export function pagerItems(current: number, last: number): PagerItem[] {
  const shown = [1, current - 1, current, current + 1, last]
    .filter((n, i, all) => n >= 1 && n <= last && all.indexOf(n) === i)
    .sort((a, b) => a - b);
  const items: PagerItem[] = [];
  for (const n of shown) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && n - previous === 2) items.push(previous + 1);
    else if (typeof previous === 'number' && n - previous > 2) items.push('gap');
    items.push(n);
  }
  return items;
}
