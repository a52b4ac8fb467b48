import { expect } from 'chai';
import { familyPageProblem, familyRuleErrors, type ContentTypeRules } from '../../src/content/content-type-rules.ts';
import { contentUrl, urlPatternProblem } from '../../src/content/content-url.ts';

const type = (o: Partial<ContentTypeRules> = {}): ContentTypeRules => ({
  id: 1,
  code: 'news',
  singleContent: true,
  topicUse: 'optional',
  activateSeries: false,
  activateSources: false,
  categoryIds: [10],
  ...o,
});
const none = { topic: null, series: null, sourceCount: 0, tags: [] };

describe('content type rules', () => {
  it('requires a topic when the type says so, and refuses one when it has none', () => {
    expect(familyRuleErrors(type({ topicUse: 'required' }), none)).to.have.key('topic');
    expect(familyRuleErrors(type({ topicUse: 'required' }), { ...none, topic: { id: 5, contentTypeId: 1 } })).to.deep.equal({});
    expect(familyRuleErrors(type({ topicUse: 'optional' }), none)).to.deep.equal({});
    expect(familyRuleErrors(type({ topicUse: 'none' }), { ...none, topic: { id: 5, contentTypeId: 1 } })).to.have.key('topic');
    expect(familyRuleErrors(type(), { ...none, topic: { id: 5, contentTypeId: 2 } })).to.have.key('topic');
  });

  it('allows series and sources only when the type activates them', () => {
    expect(familyRuleErrors(type(), { ...none, series: { id: 1, contentTypeId: 1 } })).to.have.key('series');
    expect(familyRuleErrors(type({ activateSeries: true }), { ...none, series: { id: 1, contentTypeId: 1 } })).to.deep.equal({});
    expect(familyRuleErrors(type({ activateSeries: true }), { ...none, series: { id: 1, contentTypeId: 3 } })).to.have.key('series');
    expect(familyRuleErrors(type(), { ...none, sourceCount: 2 })).to.have.key('sources');
    expect(familyRuleErrors(type({ activateSources: true }), { ...none, sourceCount: 2 })).to.deep.equal({});
  });

  it('allows only tags of the categories the type uses, naming each tag refused', () => {
    const errors = familyRuleErrors(type(), {
      ...none,
      tags: [
        { slug: 'a', categoryId: 10 },
        { slug: 'b', categoryId: 11 },
      ],
    });
    expect(errors).to.have.all.keys('tags[1]');
  });

  it('keeps single-content families to one page', () => {
    expect(familyPageProblem({ code: 'news', singleContent: true }, 0)).to.equal(null);
    expect(familyPageProblem({ code: 'news', singleContent: true }, 1)).to.match(/single page/);
    expect(familyPageProblem({ code: 'guide', singleContent: false }, 7)).to.equal(null);
  });
});

describe('content urls', () => {
  it('fills the pattern, dropping the topic segment when there is no topic', () => {
    expect(contentUrl('/guides/{family}/{slug}', { slug: 'costs', family: 'so-guide', topic: null })).to.equal('/guides/so-guide/costs');
    expect(contentUrl('/blog/{topic}/{slug}', { slug: 'p', family: 'f', topic: 'market' })).to.equal('/blog/market/p');
    expect(contentUrl('/blog/{topic}/{slug}', { slug: 'p', family: 'f', topic: null })).to.equal('/blog/p');
  });

  it('checks patterns', () => {
    expect(urlPatternProblem('/news/{slug}')).to.equal(null);
    expect(urlPatternProblem('news/{slug}')).to.match(/start with \//);
    expect(urlPatternProblem('/news/{id}')).to.match(/\{slug\}/);
    expect(urlPatternProblem('/news/{year}/{slug}')).to.match(/unknown placeholders: year/);
  });
});
