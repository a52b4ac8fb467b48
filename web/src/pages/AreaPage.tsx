// An area page (a scheme in a region), rendered by its template: basic, or featured-listings with its
// editor-chosen highlights; both show the area's listings and its questions and answers.
import { api, P, type ListingItem, type Schemas } from '../api.ts';
import { ListingGrid } from '../components/ListingCard.tsx';
import { notReady, Problem, useLoad, useTitle } from '../components/common.tsx';

export function AreaPage({ slug }: { slug: string }) {
  const page = useLoad(() => api<Schemas['AreaPage']>(`${P}/scheme-areas/pages/slug/${encodeURIComponent(slug)}`), [slug]);
  const listings = useLoad(
    () => api<{ data: ListingItem[] }>(`${P}/scheme-areas/pages/slug/${encodeURIComponent(slug)}/listings`, { query: { size: 6 } }),
    [slug],
  );
  useTitle(page.data?.titleTag);
  const waiting = notReady(page, 'Page not found');
  if (waiting || !page.data) return waiting;
  const area = page.data;
  const c = area.content;
  // the scheme and the region above the headline, unless the headline says them already
  const said = (words: string) => area.headline.toLowerCase().includes(words.toLowerCase());
  const eyebrow = [area.scheme.name, area.region].filter((words) => !said(words));
  // the lead and the paragraph under it, each once (a heading that restates the headline is left out)
  const heading = c.heading && !sameText(c.heading, area.headline) ? c.heading : null;
  const description = c.description && !sameText(c.description, c.heading) && !sameText(c.description, area.headline) ? c.description : null;
  return (
    <article class="wrap area-page" data-template={area.template}>
      <header class="area-head" style={{ borderColor: area.scheme.color }}>
        {eyebrow.length > 0 && <p class="eyebrow">{eyebrow.join(' · ')}</p>}
        <h1>{area.headline}</h1>
        {heading && <p class="lead">{heading}</p>}
        {description && <p>{description}</p>}
        {area.mainImageUrl && <img class="hero-image" src={area.mainImageUrl} alt="" />}
      </header>
      <div class="two-columns">
        {c.title1 && (
          <section>
            <h2>{c.title1}</h2>
            <p>{c.copy1}</p>
          </section>
        )}
        {c.title2 && (
          <section>
            <h2>{c.title2}</h2>
            <p>{c.copy2}</p>
          </section>
        )}
      </div>
      {area.template === 'featured-listings' && c.featuredListings && c.featuredListings.length > 0 && (
        <section aria-labelledby="highlights-title">
          <h2 id="highlights-title">Highlights</h2>
          <ul class="card-grid">
            {c.featuredListings.map((f, i) => (
              <li key={i}>
                <article class="card">
                  {f.image && <img class="card-image" src={f.image} alt={f.imageAltText ?? ''} loading="lazy" />}
                  <div class="card-body">
                    <h3 class="card-title">{f.url ? <a href={`/listings/${f.url}`}>{f.title}</a> : f.title}</h3>
                    <p>{f.content}</p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="area-listings-title">
        <h2 id="area-listings-title">Homes in this area</h2>
        {listings.error ? <Problem error={listings.error} /> : null}
        {listings.data && listings.data.data.length === 0 && <p>No homes are listed here at the moment.</p>}
        <ListingGrid listings={listings.data?.data} />
      </section>
      {area.faqs && area.faqs.length > 0 && (
        <section aria-labelledby="area-faqs-title">
          <h2 id="area-faqs-title">Questions and answers</h2>
          {area.faqs.map((faq, i) => (
            <details key={i}>
              <summary>{faq.question}</summary>
              <p>{faq.answer}</p>
            </details>
          ))}
        </section>
      )}
    </article>
  );
}

/** the same words, whatever the case, spaces and closing full stop */
function sameText(a: string | null | undefined, b: string | null | undefined): boolean {
  const norm = (t: string) => t.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '');
  return a != null && b != null && norm(a) === norm(b);
}
