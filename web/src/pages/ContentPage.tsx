// A content page (news, guides, site pages) rendered by its template: each template's sections in their
// place, the body HTML, and the family's other pages for guides. A template the portal does not know
// shows its sections field by field.
import { useLocation } from 'preact-iso';
import { api, P, type Schemas } from '../api.ts';
import { Html } from '../components/Html.tsx';
import { notReady, useLoad, useTitle } from '../components/common.tsx';
import { dayText } from '../format.ts';

type ContentPageData = Schemas['ContentPage'];
type Sections = Record<string, Record<string, string | null>[]>;

/** the sitemap a portal address belongs to */
const sitemapOf = (path: string) => (path.startsWith('/news/') ? 'news' : path.startsWith('/guides/') ? 'guides' : 'pages');

/** a link an editor wrote: the portal's own pages stay in the portal */
const portalHref = (url: string) => url;

export function ContentPage({ slug }: { slug: string }) {
  const { path } = useLocation();
  const sitemap = sitemapOf(path);
  const page = useLoad(
    () => api<ContentPageData>(`${P}/contents/slug/${encodeURIComponent(slug)}`, { query: { sitemap_code: sitemap } }),
    [slug, sitemap],
  );
  useTitle(page.data?.titleTag ?? page.data?.name);
  const waiting = notReady(page, 'Page not found');
  if (waiting || !page.data) return waiting;
  const content = page.data;
  const sections = (content.sections ?? {}) as unknown as Sections;
  const first = (name: string) => sections[name]?.[0];
  const hero = first('hero') ?? first('banner');
  return (
    <article class="wrap narrow content-page" data-template={content.template.name}>
      <header>
        {content.topic && <p class="eyebrow">{content.topic.name}</p>}
        <h1>{hero?.title ?? hero?.heading ?? content.headline ?? content.name}</h1>
        <p class="muted">
          {content.publishedAt ? dayText(content.publishedAt) : ''}
          {content.authors.length > 0 && ` · ${content.authors.map((a) => a.name).join(', ')}`}
        </p>
        {hero?.image && <img class="hero-image" src={hero.image} alt={hero.imageAlt ?? ''} />}
      </header>
      {content.template.name === 'article' && <Article sections={sections} />}
      {content.template.name === 'guide-chapter' && <GuideChapter sections={sections} />}
      {content.template.name !== 'article' && content.template.name !== 'guide-chapter' && content.template.name !== 'generic' && (
        <GenericSections sections={sections} />
      )}
      {content.htmlInfo && <Html class="prose" html={content.htmlInfo} />}
      {content.template.name === 'guide-chapter' && <NextSteps sections={sections} />}
      {content.family && content.family.length > 1 && (
        <nav aria-label="In this guide" class="family">
          <h2>In this guide</h2>
          <ol>
            {[...content.family]
              .sort((a, b) => a.displayOrder - b.displayOrder)
              .map((member) => (
                <li key={member.id}>
                  {member.slug === content.slug ? (
                    <span aria-current="page">{member.menuLabel || member.name}</span>
                  ) : (
                    <a href={member.url}>{member.menuLabel || member.name}</a>
                  )}
                </li>
              ))}
          </ol>
        </nav>
      )}
      {content.tags.length > 0 && (
        <ul class="tags" aria-label="Tags">
          {/* each tag opens the index of what else carries it (the content list's tag_slug) */}
          {content.tags.map((tag) => (
            <li class="tag" key={tag.slug}>
              <a href={`${location.pathname.startsWith('/guides') ? '/guides' : '/news'}?tag=${encodeURIComponent(tag.slug)}`}>
                {tag.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function Article({ sections }: { sections: Sections }) {
  const points = sections.keyPoints ?? [];
  const action = sections.callToAction?.[0];
  return (
    <>
      {points.length > 0 && (
        <aside class="panel key-points" aria-labelledby="key-points-title">
          <h2 id="key-points-title">Key points</h2>
          <ul>
            {points.map((p, i) => (
              <li key={i}>{p.point}</li>
            ))}
          </ul>
        </aside>
      )}
      {action?.url && action.label && (
        <p>
          <a class="button primary" href={portalHref(action.url)}>
            {action.label}
          </a>
        </p>
      )}
    </>
  );
}

function GuideChapter({ sections }: { sections: Sections }) {
  const intro = sections.intro?.[0]?.summary;
  const faqs = sections.faqs ?? [];
  return (
    <>
      {intro && <p class="lead">{intro}</p>}
      {faqs.length > 0 && (
        <section aria-labelledby="faqs-title">
          <h2 id="faqs-title">Questions and answers</h2>
          {faqs.map((faq, i) => (
            <details key={i}>
              <summary>{faq.question}</summary>
              <Html html={faq.answer ?? ''} />
            </details>
          ))}
        </section>
      )}
    </>
  );
}

function NextSteps({ sections }: { sections: Sections }) {
  const steps = sections.nextSteps ?? [];
  if (!steps.length) return null;
  return (
    <nav aria-labelledby="next-steps-title">
      <h2 id="next-steps-title">Next steps</h2>
      <ul>
        {steps.map((s, i) => (
          <li key={i}>
            <a href={portalHref(s.url ?? '#')}>{s.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function GenericSections({ sections }: { sections: Sections }) {
  return (
    <>
      {Object.entries(sections).map(([name, items]) => (
        <section key={name}>
          {items.map((item, i) => (
            <dl key={i}>
              {Object.entries(item).map(([field, value]) => (
                <div key={field}>
                  <dt>{field}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ))}
        </section>
      ))}
    </>
  );
}
