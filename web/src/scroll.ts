// Where the reader was on each address, so that "back" returns there as on a site of separate pages: the
// position is recorded as the reader scrolls, and restored after a back or forward once the page is long
// enough again (its data comes after the address changes). A new page opens at its top (preact-iso does
// that for a new path; the search's pages scroll to the results themselves, see Search.tsx).

const positions = new Map<string, number>();
const here = () => location.pathname + location.search;
/** the position being restored, while the page is not long enough for it yet */
let pending: { url: string; y: number; until: number; height: number; steady: number } | null = null;
/** frames the page's height must stay put after a restore before the position is let go */
const STEADY_FRAMES = 12;
/** the search's results to be scrolled to once shown (a new page of results) */
let toResults = false;

function restoreStep(): void {
  if (!pending) return;
  if (pending.url !== here()) {
    pending = null;
    return;
  }
  const height = document.documentElement.scrollHeight;
  const room = height - innerHeight;
  if (room >= pending.y || Date.now() > pending.until) {
    scrollTo(0, Math.min(pending.y, Math.max(0, room)));
    // long enough is not yet laid out: what arrives above the position (results after their
    // placeholders) would move it, so it is held until the page's height stays put for a while
    pending.steady = height === pending.height ? pending.steady + 1 : 0;
    pending.height = height;
    if (pending.steady >= STEADY_FRAMES || Date.now() > pending.until) {
      pending = null;
      return;
    }
  }
  requestAnimationFrame(restoreStep);
}

export function rememberScrollPositions(): void {
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  addEventListener(
    'scroll',
    () => {
      if (!pending) positions.set(here(), scrollY);
    },
    { passive: true },
  );
  // added before the router's own listener, so the position is known before the page changes
  addEventListener('popstate', () => {
    toResults = false;
    pending = { url: here(), y: positions.get(here()) ?? 0, until: Date.now() + 5000, height: -1, steady: 0 };
    requestAnimationFrame(restoreStep);
  });
}

/** whether a back or forward is being restored (focus must then not scroll the page) */
export const restoringScroll = () => pending !== null;

/** The next results shown are a new page of them: scroll to their top then. */
export function scrollToResultsWhenShown(): void {
  toResults = true;
}

/** Called when results are shown: scrolls to `element` when a new page of them was asked for. */
export function resultsShown(element: HTMLElement | null): void {
  if (!toResults || !element) return;
  toResults = false;
  element.scrollIntoView({ block: 'start' });
}
