import { expect } from 'chai';
import { keywordTextOf, stem, tokensOf } from '../../src/keywords/keyword-text.ts';
import { hasKeywords, keywordsMatch, parseKeywords, termOccurs } from '../../src/keywords/keyword-query.ts';
import { keywordClauses } from '../../src/listing-index/keyword-clauses.ts';

const matches = (keywords: string, ...texts: string[]) => keywordsMatch(parseKeywords(keywords)!, keywordTextOf(texts));

describe('keyword text and queries', () => {
  describe('preparing text', () => {
    it('folds case, accents and apostrophes inside words', () => {
      expect(tokensOf('GARDEN Café children\u2019s')).to.deep.equal(['garden', 'cafe', 'children']);
      expect(stem('Gardens')).to.equal(stem('garden'));
    });

    it('meets singular and plural', () => {
      for (const [a, b] of [['garden', 'gardens'], ['balcony', 'balconies'], ['pet', 'pets'], ['lift', 'lifts'], ['flat', 'flats'], ['property', 'properties'], ['house', 'houses'], ['box', 'boxes']]) {
        expect(stem(a!), `${a} and ${b}`).to.equal(stem(b!));
      }
    });

    it('keeps numbers and short words as they are', () => {
      expect(tokensOf('2 beds, 1 en suite')).to.deep.equal(['2', 'bed', '1', 'en', 'suit']);
    });

    it('marks the words after no, not, without or non up to the end of the clause', () => {
      expect(tokensOf('Sorry, no pets.')).to.deep.equal(['sorri', 'no', '~pet']);
      expect(tokensOf('Pets welcome, no smokers')).to.deep.equal(['pet', 'welcom', 'no', '~smoker']);
      expect(tokensOf('Not suitable for children; garden')).to.deep.equal(['not', '~suitabl', '~for', '~children', 'garden']);
      expect(tokensOf('without a lift: stairs')).to.deep.equal(['without', '~a', '~lift', 'stair']);
      expect(tokensOf('non-smoking home')).to.deep.equal(['non', '~smoke', '~home']);
      expect(tokensOf('no parking\nparking permits')).to.deep.equal(['no', '~park', 'park', 'permit']);
    });

    it('gives one value per non-blank text', () => {
      expect(keywordTextOf(['Garden flat', null, '', '  ', 'No pets'])).to.deep.equal(['garden flat', 'no ~pet']);
    });
  });

  describe('parsing keywords', () => {
    it('reads words, phrases and exclusions', () => {
      expect(parseKeywords('Garden "south facing" -Leasehold -"no chain"')).to.deep.equal({
        required: [['garden'], ['south', 'face']],
        excluded: [['leasehold'], ['no', '~chain']],
      });
    });

    it('reads an unclosed quote as a phrase to the end', () => {
      expect(parseKeywords('lift "roof terrace')).to.deep.equal({ required: [['lift'], ['roof', 'terrac']], excluded: [] });
    });

    it('never negates a bare word, but reads a phrase as text', () => {
      expect(parseKeywords('no pets')!.required).to.deep.equal([['no'], ['pet']]);
      expect(parseKeywords('"no pets"')!.required).to.deep.equal([['no', '~pet']]);
    });

    it('makes a split word a phrase of its parts, and drops repeats', () => {
      expect(parseKeywords('pet-friendly pets pet')!.required).to.deep.equal([['pet', 'friendli'], ['pet']]);
    });

    it('is null when no word is left', () => {
      expect(parseKeywords('')).to.equal(null);
      expect(parseKeywords(null)).to.equal(null);
      expect(parseKeywords(' - "" ,, ')).to.equal(null);
      expect(hasKeywords('  ')).to.equal(false);
      expect(hasKeywords('garden')).to.equal(true);
    });
  });

  describe('matching', () => {
    it('ignores case and meets plurals', () => {
      expect(matches('GARDENS', 'A lovely garden')).to.equal(true);
      expect(matches('garden', 'Two GARDENS')).to.equal(true);
      expect(matches('balcony', 'Flat with balconies')).to.equal(true);
    });

    it('needs every word, in any text', () => {
      expect(matches('garden lift', 'A garden', 'Lift to all floors')).to.equal(true);
      expect(matches('garden lift', 'A garden')).to.equal(false);
    });

    it('matches a phrase only in order and within one text', () => {
      expect(matches('"roof terrace"', 'A large roof terrace')).to.equal(true);
      expect(matches('"roof terrace"', 'A terrace on the roof')).to.equal(false);
      expect(matches('"roof terrace"', 'Flat roof', 'Terrace')).to.equal(false);
    });

    it('leaves out excluded words and phrases', () => {
      expect(matches('garden -leasehold', 'Garden', 'Leasehold')).to.equal(false);
      expect(matches('garden -leasehold', 'Garden', 'Freehold')).to.equal(true);
      expect(matches('-"shared garden"', 'Private garden')).to.equal(true);
      expect(matches('-"shared garden"', 'A shared garden')).to.equal(false);
    });

    it('does not match a word the text only negates', () => {
      expect(matches('pets', 'Sorry, no pets.')).to.equal(false);
      expect(matches('pets', 'Pets welcome, no smokers')).to.equal(true);
      expect(matches('smokers', 'Pets welcome, no smokers')).to.equal(false);
      expect(matches('pets', 'No pets. Pets considered on request')).to.equal(true);
      expect(matches('lift', 'Without lift access')).to.equal(false);
      expect(matches('"no pets"', 'Sorry, no pets.')).to.equal(true);
    });

    it('finds a term as neighbouring tokens', () => {
      expect(termOccurs(['a', 'b'], ['x a b y'])).to.equal(true);
      expect(termOccurs(['a', 'b'], ['a x b'])).to.equal(false);
      expect(termOccurs(['a'], ['~a'])).to.equal(false);
    });
  });

  it('turns words into term queries and phrases into match_phrase', () => {
    expect(keywordClauses(parseKeywords('gardens "roof terrace" -lift')!)).to.deep.equal({
      required: [{ term: { keywordText: 'garden' } }, { match_phrase: { keywordText: 'roof terrac' } }],
      excluded: [{ term: { keywordText: 'lift' } }],
    });
  });
});
