import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, problemLines } from '../api.ts';
import { priceText, type PriceFields, type PriceText } from '../format.ts';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** load again (after a change) */
  reload: () => void;
}

/** Runs `load` when a dependency changes; a newer load wins over an older one still in flight. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ data, error: undefined, loading: false }),
      (error: unknown) => !controller.signal.aborted && setState({ data: undefined, error, loading: false }),
    );
    return () => controller.abort();
  }, [...deps, round]);
  return { ...state, reload: () => setRound((r) => r + 1) };
}

export function useTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} – Home-seeker portal`;
  }, [title]);
}

/**
 * The page's own description (what a search engine or a shared link shows) and its canonical address;
 * both go back to the site's when the page is left.
 */
export function usePageMeta(description: string | null | undefined, canonicalPath: string | null | undefined): void {
  useEffect(() => {
    if (!description && !canonicalPath) return;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const before = meta?.content;
    if (meta && description) meta.content = description;
    let link: HTMLLinkElement | null = null;
    if (canonicalPath) {
      link = document.createElement('link');
      link.rel = 'canonical';
      link.href = new URL(canonicalPath, location.origin).href;
      document.head.appendChild(link);
    }
    return () => {
      if (meta && before !== undefined) meta.content = before;
      link?.remove();
    };
  }, [description, canonicalPath]);
}

export function Loading({ what = 'Loading' }: { what?: string }) {
  return (
    <p class="loading" role="status">
      {what}…
    </p>
  );
}

/**
 * What a page shows before its data is there: "Loading…", or the heading `notFound` with the problem
 * (and `children`, e.g. a way on); null once the data has come.
 */
export function notReady<T>(loaded: Loaded<T>, notFound: string, children?: ComponentChildren) {
  if (loaded.loading && !loaded.data)
    return (
      <div class="wrap">
        <Loading />
      </div>
    );
  if (loaded.error || !loaded.data)
    return (
      <div class="wrap narrow">
        <h1>{notFound}</h1>
        <Problem error={loaded.error} />
        {children}
      </div>
    );
  return null;
}

export function Problem({ error, title }: { error: unknown; title?: string }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <div class="problem" role="alert">
      {title && <strong>{title}</strong>}
      {notFound ? <p>We could not find that page.</p> : problemLines(error).map((line) => <p key={line}>{line}</p>)}
    </div>
  );
}

/** `text`: the words when not priceText's (a card under a price sort); `quiet`: another figure leads (the list's order is by it) */
export function Price({ fields, compact = false, text = priceText(fields), quiet = false }: { fields: PriceFields; compact?: boolean; text?: PriceText; quiet?: boolean }) {
  return (
    <p class="price">
      <span class={quiet ? 'price-main is-quiet' : 'price-main'}>{text.main}</span>
      {text.qualifier && <span class="price-detail">, {text.qualifier}</span>}
      {!compact &&
        text.details.map((line) => (
          <span class="price-detail" key={line}>
            {' '}
            {line}
          </span>
        ))}
      {compact && !text.qualifier && text.details[0] && <span class="price-detail"> {text.details[0]}</span>}
    </p>
  );
}

export function SchemeTags({ schemes }: { schemes: { text: string; color: string }[] }) {
  return (
    <ul class="tags" aria-label="Schemes">
      {schemes.map((s) => (
        <li key={s.text} class="tag" style={{ borderColor: s.color }}>
          {s.text}
        </li>
      ))}
    </ul>
  );
}

export function Section({ title, children, id }: { title: string; children: ComponentChildren; id?: string }) {
  return (
    <section class="section" aria-labelledby={id ? `${id}-title` : undefined}>
      <h2 id={id ? `${id}-title` : undefined}>{title}</h2>
      {children}
    </section>
  );
}
