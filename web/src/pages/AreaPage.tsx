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
  return (
    <article class="wrap area-page" data-template={area.template}>
      <header class="area-head" style={{ borderColor: area.scheme.color }}>
        <p class="eyebrow">
          {area.scheme.name} · {area.region}
        </p>
        <h1>{area.headline}</h1>
        {c.heading && <p class="lead">{c.heading}</p>}
        {c.description && <p>{c.description}</p>}
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
